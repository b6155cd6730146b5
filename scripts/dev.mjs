// `npm run dev`: the API server with reload (tsx watch) and the Vite dev server, which proxies /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/server.ts'], { stdio: 'inherit', env: { ...process.env, PORT: '3000' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);

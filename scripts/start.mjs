// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'public', 'package-lock.json', 'vite.config.ts'];
const STAMP = 'dist/.build-stamp';

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built =
  existsSync(STAMP) &&
  existsSync('dist/web/index.html') &&
  existsSync('dist/ssr/entry-server.js') &&
  existsSync('dist/server/server.js');
const stale = !built || Math.max(...SOURCES.map(newestMtime)) > statSync(STAMP).mtimeMs;
if (stale) {
  console.log(built ? 'Sources changed since the last build: rebuilding...' : 'No build yet: building...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Replace this process's job with the server so signals reach it directly.
// Two malloc arenas, not one per thread: the image library's threads otherwise leave
// ~150 MB of freed memory held by glibc (README, Memory).
const server = spawnSync(process.execPath, ['--enable-source-maps', 'dist/server/server.js'], {
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
process.exit(server.status ?? (server.signal ? 0 : 1));

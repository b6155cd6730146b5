// Bundles the server and its command-line tools into dist/server (dependencies stay in node_modules).
import { existsSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

/** The embedded database's worker thread, built beside what starts it (src/server/db/pglite-database.ts). */
const WORKER = 'src/server/db/pglite-worker.ts';
const options = {
  outbase: 'src/server',
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};
/** Each bundle finds the worker from its own place: the server at the top, the tools in cli/. */
const bundles = [
  { entryPoints: ['src/server/server.ts', WORKER], worker: './db/pglite-worker.js' },
  {
    entryPoints: [
      'src/server/cli/seed.ts',
      'src/server/cli/admin.ts',
      'src/server/cli/storage-copy.ts',
      'src/server/cli/backup.ts',
      'src/server/cli/restore.ts',
    ],
    worker: '../db/pglite-worker.js',
  },
];
let built = 0;
for (const { entryPoints, worker } of bundles) {
  const present = entryPoints.filter((f) => existsSync(f));
  await build({ ...options, entryPoints: present, define: { PGLITE_WORKER_FILE: JSON.stringify(worker) } });
  built += present.length;
}
writeFileSync('dist/.build-stamp', new Date().toISOString());
console.log(`built ${built} server entry points into dist/server`);

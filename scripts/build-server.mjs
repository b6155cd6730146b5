// Bundles the server and its command-line tools into dist/server (dependencies stay in node_modules).
import { existsSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

/** The worker threads, each built beside what starts it: the embedded database's (src/server/db/pglite-database.ts), the probes' (src/server/modules/health/probe-server.ts). */
const WORKER = 'src/server/db/pglite-worker.ts';
const PROBE_WORKER = 'src/server/modules/health/probe-worker.ts';
/** The embedded database's first start, a child process of the server (src/server/first-start.ts). */
const FIRST_START = 'src/server/first-start-process.ts';
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
  {
    entryPoints: ['src/server/server.ts', WORKER, PROBE_WORKER, FIRST_START],
    worker: './db/pglite-worker.js',
    probeWorker: './modules/health/probe-worker.js',
    firstStart: './first-start-process.js',
  },
  {
    entryPoints: [
      'src/server/cli/seed.ts',
      'src/server/cli/admin.ts',
      'src/server/cli/storage-copy.ts',
      'src/server/cli/backup.ts',
      'src/server/cli/restore.ts',
    ],
    worker: '../db/pglite-worker.js',
    probeWorker: '../modules/health/probe-worker.js',
    firstStart: '../first-start-process.js',
  },
];
let built = 0;
for (const { entryPoints, worker, probeWorker, firstStart } of bundles) {
  const present = entryPoints.filter((f) => existsSync(f));
  const define = {
    PGLITE_WORKER_FILE: JSON.stringify(worker),
    PROBE_WORKER_FILE: JSON.stringify(probeWorker),
    FIRST_START_FILE: JSON.stringify(firstStart),
  };
  await build({ ...options, entryPoints: present, define });
  built += present.length;
}
writeFileSync('dist/.build-stamp', new Date().toISOString());
console.log(`built ${built} server entry points into dist/server`);

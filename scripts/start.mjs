// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState } from './lib/build-freshness.mjs';

const state = buildState();
if (state !== 'fresh') {
  console.log(state === 'stale' ? 'Sources changed since the last build: rebuilding...' : 'No build yet: building...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in this process, so the signal npm forwards (SIGTERM, SIGINT) reaches its
// graceful shutdown and the exit code is the server's own. MALLOC_ARENA_MAX=2 and
// MALLOC_MMAP_THRESHOLD_=131072 come from the npm script, as glibc reads them only at start:
// two malloc arenas, not one per thread, and large blocks given back to the system when
// freed, or the image library's work leaves ~200 MB of freed memory held (docs/operations.md, Memory).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.resolve('dist/server/server.js')).href);

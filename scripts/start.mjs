// `npm start`: builds the app when the build is missing or older than the sources, then serves it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

// The server runs in this process, so the signal npm forwards (SIGTERM, SIGINT) reaches its
// graceful shutdown and the exit code is the server's own.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.resolve('dist/server/server.js')).href);

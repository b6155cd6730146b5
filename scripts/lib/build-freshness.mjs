// Whether dist/ holds a build of the current sources: `npm start` and the API tests build when it does not.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'public', 'package-lock.json', 'vite.config.ts'];
const STAMP = 'dist/.build-stamp';
const OUTPUTS = ['dist/web/index.html', 'dist/ssr/entry-server.js', 'dist/server/server.js'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** 'fresh', 'stale' (sources changed since the last build) or 'missing', for the project in cwd. */
export function buildState() {
  if (!existsSync(STAMP) || !OUTPUTS.every((file) => existsSync(file))) return 'missing';
  return Math.max(...SOURCES.map(newestMtime)) > statSync(STAMP).mtimeMs ? 'stale' : 'fresh';
}

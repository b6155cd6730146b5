// Whether dist/ holds a build of the current sources: `npm start` and the API tests build when it does not.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const WEB_SOURCES = ['src/web', 'src/shared', 'public', 'package-lock.json', 'vite.config.ts'];
const WEB_OUTPUTS = ['dist/web/index.html', 'dist/ssr/entry-server.js'];

/** Everything `npm run build` makes (the stamp is written last). */
export const FULL_BUILD = {
  sources: ['src', 'public', 'package-lock.json', 'vite.config.ts'],
  outputs: [...WEB_OUTPUTS, 'dist/server/server.js', 'dist/.build-stamp'],
};
/** What `npm run build:web` makes: the browser app and the page renderer. */
export const WEB_BUILD = { sources: WEB_SOURCES, outputs: WEB_OUTPUTS };
/** What `npm run build:server` makes: the server and its command-line tools (the stamp is written last). */
export const SERVER_BUILD = {
  sources: ['src', 'package-lock.json'],
  outputs: ['dist/server/server.js', 'dist/.build-stamp'],
};

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** 'fresh', 'stale' (sources changed since the build) or 'missing', for the project in cwd. */
export function buildState({ sources, outputs } = FULL_BUILD) {
  if (!outputs.every((file) => existsSync(file))) return 'missing';
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return Math.max(...sources.map(newestMtime)) > builtAt ? 'stale' : 'fresh';
}

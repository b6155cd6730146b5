import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `built` (the build's file, beside the bundle that starts it), or
 * else the TypeScript `source` through tsx (tests, `npm run dev`, the command-line tools run
 * with tsx), which a worker thread only takes as its entry's own import.
 */
export function startWorker(built: URL | undefined, source: URL, workerData: unknown): Worker {
  if (built) return new Worker(built, { workerData });
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const entry = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(source.href)}))`;
  return new Worker(entry, { eval: true, workerData });
}

/** tsx's ECMAScript-module API, by absolute path: an eval'd worker resolves bare names from the working folder. */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: { './esm/api': { import: { default: string } } } };
  return path.join(path.dirname(manifest), exports['./esm/api'].import.default);
}

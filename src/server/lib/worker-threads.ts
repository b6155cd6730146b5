import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// Code that runs off the server's main thread: in a worker thread, or in a child process.
// Each runs `built` (the build's file, beside the bundle that starts it) or else the TypeScript
// `source` through tsx (tests, `npm run dev`, the command-line tools run with tsx).

/** A worker thread; a worker only takes tsx as its entry's own import. */
export function startWorker(built: URL | undefined, source: URL, workerData: unknown): Worker {
  if (built) return new Worker(built, { workerData });
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const entry = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(source.href)}))`;
  return new Worker(entry, { eval: true, workerData });
}

/**
 * A child process with an IPC channel (structured-clone messages), sharing this one's output.
 * Its Node options are its own: not the parent's (a test runner's loaders, an inspector port).
 */
export function startChildProcess(built: URL | undefined, source: URL): ChildProcess {
  const file = fileURLToPath(built ?? source);
  const execArgv = built ? [] : ['--import', pathToFileURL(tsxLoader()).href];
  return fork(file, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function tsxManifest(): { dir: string; exports: Record<string, unknown> } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, unknown> };
  return { dir: path.dirname(manifest), exports };
}

/** tsx's ECMAScript-module API, by absolute path: an eval'd worker resolves bare names from the working folder. */
function tsxEsmApi(): string {
  const { dir, exports } = tsxManifest();
  return path.join(dir, (exports['./esm/api'] as { import: { default: string } }).import.default);
}

/** tsx's loader (what `node --import tsx` registers), by absolute path, whatever the working folder. */
function tsxLoader(): string {
  const { dir, exports } = tsxManifest();
  return path.join(dir, exports['.'] as string);
}

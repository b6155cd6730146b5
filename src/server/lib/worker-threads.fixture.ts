// Run off the main thread by worker-threads.test.ts: answers through a TypeScript module reached
// by a package import, as a worker thread (its workerData) or as a child process (a message).
import { parentPort, workerData } from 'node:worker_threads';
import { escapeHtml } from '#server/lib/escape-html';

if (parentPort) parentPort.postMessage(escapeHtml(workerData));
else process.once('message', (text: string) => process.send?.(escapeHtml(text), () => process.disconnect()));

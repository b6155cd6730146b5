import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startChildProcess, startWorker } from './worker-threads';

// The API tests start the server's worker threads and child process from its build; `npm run dev`
// and the command-line tools run through tsx start them from the TypeScript sources, checked here.
describe('code off the main thread, from the sources (through tsx)', () => {
  const source = new URL('./worker-threads.fixture.ts', import.meta.url);

  it('runs a worker thread', async () => {
    const worker = startWorker(undefined, source, '<b>');
    const [answer] = await once(worker, 'message');
    expect(answer).toBe('&lt;b&gt;');
    await worker.terminate();
  });

  it('runs a child process with its messages', async () => {
    const child = startChildProcess(undefined, source);
    child.send('<b>');
    const [answer] = await once(child, 'message');
    expect(answer).toBe('&lt;b&gt;');
    await once(child, 'exit');
  });
});

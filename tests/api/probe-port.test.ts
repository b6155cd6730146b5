// PROBE_PORT: health and readiness answered by a thread of their own, so a probe never waits
// behind visitors' requests on the server's event loop, and a stuck server is seen as such.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_THREAD_PRIORITY, SILENT_SERVER_MS } from '../../src/server/modules/health/probe-answers';
import { REPORT_INTERVAL_MS } from '../../src/server/modules/health/probe-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/** Keeps this thread's event loop busy (as hundreds of requests at once would) for `ms`. */
function blockEventLoop(ms: number): number {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
  return Date.now();
}

/**
 * Asks `urls` from another process, each `delays[i]` ms after it says it is ready (so the
 * asking does not need this thread), and resolves with when and what each answer was.
 */
function askFromElsewhere(asks: { url: string; afterMs: number }[]) {
  const script = `
    const asks = ${JSON.stringify(asks)};
    console.log('ready');
    Promise.all(asks.map(({ url, afterMs }) => new Promise((r) => setTimeout(r, afterMs)).then(() =>
      fetch(url).then(async (res) => ({ status: res.status, body: await res.json(), at: Date.now() }),
        (error) => ({ error: String(error), at: Date.now() }))))).then((answers) => console.log(JSON.stringify(answers)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('ready\n')) resolve();
    });
  });
  const answers = new Promise<{ status?: number; body?: unknown; error?: string; at: number }[]>((resolve) => {
    child.once('exit', () => resolve(JSON.parse(out.slice('ready\n'.length))));
  });
  return { ready, answers };
}

describe(`the probe port (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let probeUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ probePort: 0 });
    probeUrl = `http://127.0.0.1:${t.app.probePort()}`;
  });
  afterAll(() => t.close());

  it('answers health and readiness as the server does', async () => {
    for (const path of ['/api/health', '/api/ready']) {
      const own = await t.app.inject({ method: 'GET', url: path });
      const probed = await fetch(`${probeUrl}${path}`);
      expect(probed.status).toBe(own.statusCode);
      expect(await probed.json()).toEqual(own.json());
      expect(probed.headers.get('cache-control')).toBe('no-store');
    }
    expect((await fetch(`${probeUrl}/api/listings`)).status).toBe(404);
    expect((await fetch(`${probeUrl}/api/ready`, { method: 'POST' })).status).toBe(405);
  });

  // Root has CAP_SYS_NICE; elsewhere the thread keeps the usual priority (and the test says nothing).
  it.runIf(process.getuid?.() === 0)('runs the probe thread ahead of the rest where the system allows it', () => {
    // Linux keeps a nice value per thread: field 19 of /proc/self/task/<id>/stat.
    const niceValues = readdirSync('/proc/self/task').map((id) => {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
    expect(niceValues).toContain(PROBE_THREAD_PRIORITY);
  });

  it('answers while the server is busy, and answers 503 once it has been stuck too long', async () => {
    const stuckFor = SILENT_SERVER_MS + 1_500;
    const asker = askFromElsewhere([
      { url: `${probeUrl}/api/ready`, afterMs: 300 },
      { url: `${probeUrl}/api/health`, afterMs: 300 },
      { url: `${probeUrl}/api/ready`, afterMs: SILENT_SERVER_MS + 1_000 },
    ]);
    await asker.ready;
    const freed = blockEventLoop(stuckFor);
    const [ready, health, stuck] = await asker.answers;
    // Answered while this thread was still busy, not after.
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(ready?.at).toBeLessThan(freed);
    expect(health?.at).toBeLessThan(freed);
    expect(stuck).toMatchObject({ status: 503, body: { status: 'unavailable', failing: ['server'] } });
    expect(stuck?.at).toBeLessThan(freed);
    // Free again: ready at the next report.
    await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS * 3));
    expect((await fetch(`${probeUrl}/api/ready`)).status).toBe(200);
  });

  it('says draining during shutdown, and the database going away', async () => {
    const other = await createTestApp({ probePort: 0 });
    const url = `http://127.0.0.1:${other.app.probePort()}/api/ready`;
    other.app.readiness.drain();
    await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS * 3));
    expect(await (await fetch(url)).json()).toMatchObject({ status: 'draining' });
    await other.db.close();
    await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS * 3));
    const health = await fetch(url.replace('/ready', '/health'));
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', database: { status: 'down' } });
    await other.app.close();
    // Closed with the server: nothing listens there any more.
    await expect(fetch(url)).rejects.toThrow();
  });
});

// PROBE_PORT: health and readiness answered by a thread of their own, so a probe never waits
// behind visitors' requests on the server's event loop, and a stuck server is seen as such.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';
import { PROBE_THREAD_PRIORITY } from '../../src/server/modules/health/probe-answers';
import { REPORT_INTERVAL_MS } from '../../src/server/modules/health/probe-server';
import { insertListing } from '../support/listings';
import { type PostgresServer, startPostgresServer } from '../support/postgres-server';
import { createTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

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
    const stuckServerMs = 2_000;
    const stuckApp = await createTestApp({ probePort: 0, probeStuckServerMs: stuckServerMs });
    const stuckUrl = `http://127.0.0.1:${stuckApp.app.probePort()}`;
    try {
      const asker = askFromElsewhere([
        { url: `${stuckUrl}/api/ready`, afterMs: 300 },
        { url: `${stuckUrl}/api/health`, afterMs: 300 },
        { url: `${stuckUrl}/api/ready`, afterMs: stuckServerMs + 1_000 },
        { url: `${stuckUrl}/api/health`, afterMs: stuckServerMs + 1_000 },
      ]);
      await asker.ready;
      const freed = blockEventLoop(stuckServerMs + 1_500);
      const [ready, health, stuck, stuckHealth] = await asker.answers;
      // Answered while this thread was still busy, not after.
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(ready?.at).toBeLessThan(freed);
      expect(health?.at).toBeLessThan(freed);
      expect(stuck).toMatchObject({ status: 503, body: { status: 'unavailable', failing: ['server'] } });
      expect(stuckHealth).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      expect(stuck?.at).toBeLessThan(freed);
      // Free again: ready at the next report.
      await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS * 3));
      expect((await fetch(`${stuckUrl}/api/ready`)).status).toBe(200);
    } finally {
      await stuckApp.close();
    }
  });

  it('stays live and ready, the database up, while the event loop is blocked for a while', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const asker = askFromElsewhere(
      [300, 1_500, 2_700].flatMap((afterMs) => [
        { url: `${probeUrl}/api/ready`, afterMs },
        { url: `${probeUrl}/api/health`, afterMs },
      ]),
    );
    await asker.ready;
    // A check under way (its answer waiting in the event loop's queue) when the loop blocks.
    await t.app.readiness.check('database');
    blockEventLoop(3_000);
    for (const url of ['/api/ready', '/api/health']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json(), url).toMatchObject(
        url === '/api/ready' ? { status: 'ready', failing: [] } : { status: 'ok', database: { status: 'up' } },
      );
    }
    for (const answer of await asker.answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject(
        'failing' in (answer.body as object)
          ? { status: 'ready', checks: { database: { status: 'ok' } } }
          : { status: 'ok', database: { status: 'up' } },
      );
    }
  });

  it('says draining during shutdown, and the database going away', async () => {
    const other = await createTestApp({ probePort: 0 });
    const url = `http://127.0.0.1:${other.app.probePort()}/api/ready`;
    other.app.readiness.drain();
    await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS * 3));
    expect(await (await fetch(url)).json()).toMatchObject({ status: 'draining' });
    await other.db.close();
    await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS * 3));
    // Liveness is the process's: a database outage is for readiness to say.
    const health = await fetch(url.replace('/ready', '/health'));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'down' } });
    await other.app.close();
    // Closed with the server: nothing listens there any more.
    await expect(fetch(url)).rejects.toThrow();
  });
});

/** Probes both ports `rounds` times, `gapMs` apart, from this thread and from another process. */
async function probeBothPorts(app: TestApp['app'], probeUrl: string, { rounds = 8, gapMs = 250 } = {}) {
  const asker = askFromElsewhere(
    Array.from({ length: rounds }, (_, i) =>
      ['/api/ready', '/api/health'].map((path) => ({ url: `${probeUrl}${path}`, afterMs: i * gapMs })),
    ).flat(),
  );
  await asker.ready;
  const own: { status?: number; body?: unknown }[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const url of ['/api/ready', '/api/health']) {
      const answer = await app.inject({ method: 'GET', url });
      own.push({ status: answer.statusCode, body: answer.json() });
    }
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return [...own, ...(await asker.answers)];
}

/** Every answer says live and ready, the database up. */
function expectAllUp(answers: { status?: number; body?: unknown }[]) {
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer).toMatchObject(
      'failing' in (answer.body as object)
        ? { status: 200, body: { status: 'ready', failing: [], checks: { database: { status: 'ok' } } } }
        : { status: 200, body: { status: 'ok', database: { status: 'up' } } },
    );
  }
}

describe(`probes under load (${testDatabaseKind()})`, () => {
  // PostgreSQL: short statement limits, so requests queued behind a lock run out of time, as
  // under a real peak; the embedded database runs one statement at a time, the rest queue.
  let t: TestApp;
  let probeUrl: string;
  let hold: Database | undefined;
  beforeAll(async () => {
    let db: Database | undefined;
    if (testDatabaseKind() === 'postgres') {
      const seed = await openTestDatabase();
      const { rows } = await seed.query<{ name: string }>('SELECT current_database() AS name');
      const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${rows[0]?.name}`);
      db = await openPostgresDatabase(url, { poolSize: 3, timeouts: { statementMs: 300, connectMs: 300 } });
      hold = seed;
    }
    t = await createTestApp({ probePort: 0, searchCacheSeconds: 0 }, { db });
    probeUrl = `http://127.0.0.1:${t.app.probePort()}`;
    for (let i = 0; i < 5; i++) await insertListing(t.db, { category: 'product', title: `Phone ${i}` });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await hold?.close();
  });

  it('stays live and ready while a long statement holds the database and visitors queue behind it', async () => {
    const held =
      hold === undefined
        ? t.db.query('SELECT pg_sleep(3)')
        : hold.transaction(async (q) => {
            await q.query('LOCK TABLE listings IN ACCESS EXCLUSIVE MODE');
            await q.query('SELECT pg_sleep(3)');
          });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const visitors = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({ method: 'GET', url: `/api/listings?category=product&q=phone${i % 4 ? '' : ` ${i}`}` }),
      ),
    );
    const answers = await probeBothPorts(t.app, probeUrl);
    const statuses = (await visitors).map((answer) => answer.statusCode);
    await held;
    // The visitors were really held up: queued (embedded) or out of time (PostgreSQL).
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expectAllUp(answers);
  }, 60_000);
});

describe(`probes while the database is really gone (${testDatabaseKind()})`, () => {
  let server: PostgresServer | undefined;
  let t: TestApp;
  let probeUrl: string;
  beforeAll(async () => {
    let db: Database | undefined;
    if (testDatabaseKind() === 'postgres') {
      server = await startPostgresServer();
      const setup = await openPostgresDatabase(server.url());
      await migrate(setup);
      await setup.close();
      db = await openPostgresDatabase(server.url(), { timeouts: { statementMs: 1_000, connectMs: 1_000 } });
    }
    t = await createTestApp({ probePort: 0 }, { db });
    probeUrl = `http://127.0.0.1:${t.app.probePort()}`;
  }, 120_000);
  afterAll(async () => {
    await t.close().catch(() => {});
    server?.stop();
  });

  /** Asks both ports until readiness says the database fails (or `limitMs` passes). */
  async function untilDatabaseFails(limitMs = 15_000) {
    const deadline = performance.now() + limitMs;
    for (;;) {
      const own = await t.app.inject({ method: 'GET', url: '/api/ready' });
      const probed = await fetch(`${probeUrl}/api/ready`);
      const body = (await probed.json()) as { failing: string[] };
      if ((own.statusCode === 503 && probed.status === 503) || performance.now() > deadline) {
        return { own, probed: { status: probed.status, body } };
      }
      await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS));
    }
  }

  it('keeps liveness at 200 while readiness says the database is unavailable, on both ports', async () => {
    expectAllUp(await probeBothPorts(t.app, probeUrl, { rounds: 2 }));
    if (server) server.halt();
    else await t.db.close();
    try {
      const { own, probed } = await untilDatabaseFails();
      expect(own.statusCode).toBe(503);
      expect(own.json()).toMatchObject({ status: 'unavailable', failing: ['database'] });
      expect(probed).toMatchObject({ status: 503, body: { status: 'unavailable', failing: ['database'] } });
      for (const health of [
        await t.app
          .inject({ method: 'GET', url: '/api/health' })
          .then((a) => ({ status: a.statusCode, body: a.json() })),
        await fetch(`${probeUrl}/api/health`).then(async (a) => ({ status: a.status, body: await a.json() })),
      ]) {
        expect(health).toMatchObject({ status: 200, body: { status: 'ok', database: { status: 'down' } } });
      }
    } finally {
      server?.start();
    }
    if (server) {
      // Back: ready again without a restart.
      const deadline = performance.now() + 15_000;
      let status = 503;
      while (status !== 200 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, REPORT_INTERVAL_MS));
        status = (await fetch(`${probeUrl}/api/ready`)).status;
      }
      expect(status).toBe(200);
    }
  }, 60_000);
});

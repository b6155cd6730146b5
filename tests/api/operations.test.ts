// What an operator watches and what protects the site under load: /metrics (Prometheus),
// the overload refusal (503 with Retry-After, probes always answered), and the bounded wait
// for a database connection.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';
import { insertListing } from '../support/listings';
import { signedInAs, TEST_PASSWORD } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const kind = testDatabaseKind();
const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** The value of one sample in Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe(`metrics (${kind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN, publicUrl: 'https://example.test' });
  });
  afterAll(() => t.close());
  const metrics = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };

  it('times requests by route pattern and status class, never by the raw URL', async () => {
    const id = await insertListing(t.db, { category: 'product', title: 'Timed phone' });
    await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    await t.app.inject({ method: 'GET', url: `/marketplace/${id}?utm=abc` });
    await t.app.inject({ method: 'GET', url: '/blog/some-post-slug-xyz' });
    await t.app.inject({ method: 'GET', url: '/random-probe-path-qqq' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-zzz' });
    const text = await metrics();
    const count = (labels: Record<string, string>) =>
      sample(text, 'sdh_http_request_duration_seconds_count', { method: 'GET', ...labels });
    expect(count({ route: '/api/listings/:id', status_class: '2xx' })).toBe(1);
    expect(count({ route: '/marketplace/:id', status_class: '2xx' })).toBe(1);
    expect(count({ route: '/blog/:ref', status_class: '4xx' })).toBe(1);
    // Paths no route takes: a redirect home and the API's 404.
    expect(count({ route: 'unmatched', status_class: '3xx' })).toBe(1);
    expect(count({ route: 'unmatched', status_class: '4xx' })).toBe(1);
    for (const raw of [id, 'utm=abc', 'some-post-slug-xyz', 'random-probe-path-qqq', 'no-such-route-zzz']) {
      expect(text).not.toContain(raw);
    }
    // The page's own reads of the API, in-process, are part of the page's time.
    expect(count({ route: '/api/listings' })).toBeUndefined();
  });

  it('counts search-cache hits and misses, sign-in failures, and ingested events', async () => {
    await t.app.inject({ method: 'GET', url: '/api/listings?category=visa&q=counted' });
    await t.app.inject({ method: 'GET', url: '/api/listings?category=visa&q=counted' });
    await t.app.inject({ method: 'GET', url: '/api/listings?category=visa&q=counted&page=2' });
    const { username } = await signedInAs(t, 'editor');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username, password: `${TEST_PASSWORD}-wrong` },
    });
    expect(wrong.statusCode).toBe(401);
    t.app.metrics.countIngested('listing_view');
    t.app.metrics.countIngested('listing_view');
    const text = await metrics();
    // The same request again is answered from the cached results.
    expect(sample(text, 'sdh_search_cache_lookups_total', { cache: 'results', result: 'miss' })).toBeGreaterThan(0);
    expect(sample(text, 'sdh_search_cache_lookups_total', { cache: 'results', result: 'hit' })).toBeGreaterThan(0);
    // Another page of the same words reads its listings, but not the words near "counted" again.
    expect(sample(text, 'sdh_search_cache_lookups_total', { cache: 'words', result: 'miss' })).toBeGreaterThan(0);
    expect(sample(text, 'sdh_search_cache_lookups_total', { cache: 'words', result: 'hit' })).toBeGreaterThan(0);
    // ...and reads the way the first page did, without looking at the newest listings first.
    expect(sample(text, 'sdh_search_cache_lookups_total', { cache: 'strategies', result: 'miss' })).toBeGreaterThan(0);
    expect(sample(text, 'sdh_search_cache_lookups_total', { cache: 'strategies', result: 'hit' })).toBeGreaterThan(0);
    expect(sample(text, 'sdh_sign_in_failures_total', { reason: 'rejected' })).toBe(1);
    expect(sample(text, 'sdh_ingested_events_total', { event: 'listing_view' })).toBe(2);
    expect(sample(text, 'sdh_ingested_events_total', { event: 'whatsapp_tap' })).toBe(0);
  });

  it('reports the database pool and the event loop', async () => {
    const text = await metrics();
    expect(sample(text, 'sdh_db_pool_max')).toBe(kind === 'postgres' ? 5 : 1); // the test databases' pool
    expect(sample(text, 'sdh_db_pool_open')).toBeGreaterThanOrEqual(kind === 'postgres' ? 0 : 1);
    expect(sample(text, 'sdh_db_pool_waiting')).toBe(0);
    expect(sample(text, 'sdh_event_loop_delay_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers other addresses only with the bearer token', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    const anonymous = await from('203.0.113.9');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(anonymous.body).not.toContain('sdh_');
    expect((await from('203.0.113.9', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await from('203.0.113.9', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await from('203.0.113.9', { authorization: `Basic ${TOKEN}` })).statusCode).toBe(401);
    const allowed = await from('203.0.113.9', { authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('sdh_http_request_duration_seconds');
    // A proxy on this machine forwards visitors from loopback: they are not local.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(401);
  });

  it.each([
    ['x-forwarded-for', '198.51.100.7'],
    ['forwarded', 'for=198.51.100.7'],
    ['x-real-ip', '198.51.100.7'],
    ['x-forwarded-host', 'example.test'],
    ['x-forwarded-proto', 'https'],
    ['x-client-ip', '198.51.100.7'],
    ['true-client-ip', '198.51.100.7'],
    ['cf-connecting-ip', '198.51.100.7'],
    ['x-cluster-client-ip', '198.51.100.7'],
    ['fastly-client-ip', '198.51.100.7'],
    ['via', '1.1 proxy'],
  ])('refuses a loopback request a proxy forwarded with %s', async (header, value) => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: { [header]: value },
      });
      expect(answer.statusCode, remoteAddress).toBe(401);
      expect(answer.body).not.toContain('sdh_');
    }
  });

  it('is not found for other addresses when no token is configured', async () => {
    const other = await createTestApp();
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('sdh_');
      const local = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(local.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe(`overload (${kind})`, () => {
  /** OVERLOAD_EVENT_LOOP_DELAY_MS of this app. */
  const LIMIT_MS = 100;
  let t: TestApp;
  const logs: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { overloadEventLoopDelayMs: LIMIT_MS, pageCacheSeconds: 1 },
      { log: { write: (line) => logs.push(JSON.parse(line)) } },
    );
  });
  afterEach(() => t.app.overload.holdReading(null));
  afterAll(() => t.close());

  /** The server as if its event loop lagged this much: no test depends on how busy the machine is. */
  const lagging = (eventLoopDelayMs: number) => t.app.overload.holdReading({ eventLoopDelayMs, heapUsedBytes: 0 });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('refuses new pages first, in the visitor language with Retry-After, while files and the API are answered', async () => {
    lagging(LIMIT_MS * 1.5);
    const somali = await get('/marketplace', { cookie: 'lang=so' });
    expect(somali.statusCode).toBe(503);
    expect(somali.headers['content-type']).toMatch(/text\/html/);
    expect(somali.headers['retry-after']).toBe('5');
    expect(somali.body).toContain('<html lang="so">');
    expect(somali.body).toContain('Goobtu hadda aad bay u mashquulsan tahay');
    const english = await get('/real-estate');
    expect(english.statusCode).toBe(503);
    expect(english.body).toContain('The site is very busy right now. Please try again in a few seconds.');
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    expect((await get('/api/listings?category=product')).statusCode).toBe(200);
  });

  it('refuses files past twice the limit and the visitor API past four times, answering the probes', async () => {
    lagging(LIMIT_MS * 3);
    expect((await get('/favicon.svg')).statusCode).toBe(503);
    expect((await get('/api/listings?category=product')).statusCode).toBe(200);
    lagging(LIMIT_MS * 5);
    const api = await get('/api/listings?category=product', { cookie: 'lang=so' });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json().message).toBe(
      'Goobtu hadda aad bay u mashquulsan tahay. Fadlan isku day mar kale dhowr ilbiriqsi kadib.',
    );
    for (const probe of ['/api/health', '/api/ready', '/metrics']) {
      expect((await get(probe)).statusCode, probe).toBe(200);
    }
    expect((await get('/contact')).statusCode).toBe(503);
    const text = (await get('/metrics')).body;
    for (const refused of ['page', 'file', 'api']) {
      expect(
        sample(text, 'sdh_overload_refusals_total', { cause: 'event_loop_delay', kind: refused }),
        refused,
      ).toBeGreaterThan(0);
    }
  });

  it('refuses a burst by the requests it already has in progress, before any delay is measured', async () => {
    const inProgress = (requestsInProgress: number) =>
      t.app.overload.holdReading({ eventLoopDelayMs: 0, heapUsedBytes: 0, requestsInProgress });
    const limit = t.app.config.overloadRequestsInProgress;
    inProgress(limit);
    expect((await get('/about')).statusCode).toBe(200);
    inProgress(limit + 1);
    expect((await get('/real-estate?q=villa')).statusCode).toBe(503);
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    inProgress(4 * limit + 1);
    expect((await get('/api/listings?category=product')).statusCode).toBe(503);
    expect((await get('/api/ready')).statusCode).toBe(200);
    const text = (await get('/metrics')).body;
    expect(
      sample(text, 'sdh_overload_refusals_total', { cause: 'requests_in_progress', kind: 'page' }),
    ).toBeGreaterThan(0);
  });

  it('counts the visitors it is answering, and forgets each once answered', async () => {
    const before = t.app.overload.reading().requestsInProgress;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/api/listings?category=product')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(t.app.overload.reading().requestsInProgress).toBe(before);
  });

  it('answers staff and sign-ins while every visitor is refused', async () => {
    const { cookie } = await signedInAs(t, 'admin');
    const other = await signedInAs(t, 'viewer');
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: other.cookie } });
    lagging(LIMIT_MS * 5);
    expect((await get('/api/listings?category=product')).statusCode).toBe(503);
    expect((await get('/')).statusCode).toBe(503);
    expect((await get('/api/admin/listings?status=all', { cookie })).statusCode).toBe(200);
    expect((await get('/admin', { cookie })).statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: other.username, password: other.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('sends a page the cache holds, even one past its time, rather than refusing it', async () => {
    expect((await get('/blog')).statusCode).toBe(200);
    // Past PAGE_CACHE_SECONDS: it would be rendered again were the server not so busy.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    lagging(LIMIT_MS * 1.5);
    const kept = await get('/blog');
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toContain('<div id="root">');
    expect((await get('/blog?page=2')).statusCode).toBe(503);
  });

  it('logs refusals as warnings, once a second at most, never as errors', async () => {
    // Past the second in which the tests above were refused (and warned of).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    logs.length = 0;
    lagging(LIMIT_MS * 5);
    for (let i = 0; i < 20; i++) await get('/api/listings?category=product');
    const warnings = logs.filter((line) => line.msg === 'refusing requests: the server is overloaded');
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThanOrEqual(2);
    expect(warnings.map((line) => line.level)).toEqual(warnings.map(() => 40));
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });

  /**
   * Keeps the event loop busy in long turns, as a burst of page renderings would, over more
   * than one of the overload sampler's intervals, then lets the sampler run.
   */
  async function blockEventLoop(ms: number) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const turn = performance.now() + 400;
      while (performance.now() < turn) {
        // busy
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it('measures a lagging event loop itself: refuses pages while it lags, then serves again', {
    timeout: 40_000,
  }, async () => {
    // Blocked until a sample sees it: once, in a full run on a busy machine, the reading
    // after 2.5 s was still 0. Never seen within 15 s is the finding.
    const blockedUntil = performance.now() + 15_000;
    do await blockEventLoop(1_500);
    while (t.app.overload.reading().eventLoopDelayMs <= LIMIT_MS && performance.now() < blockedUntil);
    expect(t.app.overload.reading().eventLoopDelayMs).toBeGreaterThan(LIMIT_MS);
    expect((await get('/marketplace')).statusCode).toBe(503);
    // The next samples see an idle loop again.
    const deadline = performance.now() + 5_000;
    let status = 503;
    while (status === 503 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await get('/marketplace')).statusCode;
    }
    expect(status).toBe(200);
  });
});

describe.runIf(kind === 'postgres')('waiting for a database connection', () => {
  let t: TestApp;
  const logs: { level: number; msg: string }[] = [];
  let hold: TestApp;
  beforeAll(async () => {
    hold = await createTestApp();
    const { rows } = await hold.db.query<{ url: string }>('SELECT current_database() AS url');
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${rows[0]?.url}`);
    const db = await openPostgresDatabase(url, { poolSize: 1, timeouts: { statementMs: 5_000, connectMs: 300 } });
    t = await createTestApp({ searchCacheSeconds: 0 }, { db, log: { write: (line) => logs.push(JSON.parse(line)) } });
  });
  afterAll(async () => {
    await t.close();
    await hold.close();
  });

  /** Holds the pool's one connection for 1.5 s; `done` turns true once it is given back. */
  function holdTheConnection() {
    const held = { done: false, settled: Promise.resolve() };
    held.settled = t.db
      .transaction((q) => q.query('SELECT pg_sleep(1.5)'))
      .then(() => {
        held.done = true;
      });
    return held;
  }

  it('ends in 503 with Retry-After, not 500, once the wait passes the limit', async () => {
    const busy = holdTheConnection();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await t.app.inject({ method: 'GET', url: '/api/listings?category=product' });
    // Given up before the connection came free (the pool's 300 ms wait, not the 1.5 s query).
    const gaveUpFirst = !busy.done;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    // The server is busy, the database is not down.
    expect(answer.json().message).toBe('The site is very busy right now. Please try again in a few seconds.');
    expect(gaveUpFirst).toBe(true);
    // A wait, logged as one: not as a database outage.
    expect(logs.filter((line) => line.msg === 'refused: waited too long for a database connection')).toHaveLength(1);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'sdh_db_pool_max')).toBe(1);
    await busy.settled;
    expect((await t.app.inject({ method: 'GET', url: '/api/listings?category=product' })).statusCode).toBe(200);
  });

  it('refuses a page whose data waited too long for a connection as busy, logged as a wait', async () => {
    const busy = holdTheConnection();
    await new Promise((resolve) => setTimeout(resolve, 50));
    logs.length = 0;
    const page = await t.app.inject({ method: 'GET', url: '/marketplace?q=waiting', headers: { cookie: 'lang=so' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.body).toContain('Goobtu hadda aad bay u mashquulsan tahay');
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
    await busy.settled;
  });

  it('keeps liveness and readiness up, answered at once, while every pool connection is busy', async () => {
    const busy = holdTheConnection();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A visitor's request gives up waiting for a connection: the pool is busy, the database is not down.
    expect((await t.app.inject({ method: 'GET', url: '/api/listings?category=product' })).statusCode).toBe(503);
    for (const url of ['/api/health', '/api/ready', '/api/health']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      // Answered while the connection was still held: it did not wait for one.
      expect(busy.done, url).toBe(false);
    }
    await busy.settled;
  });
});

describe(`the line of reads (${kind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // One read at a time, a short wait; nothing cached, so every read reaches the database.
    t = await createTestApp({ overloadConcurrency: 1, overloadQueueTimeoutMs: 200, pageCacheSeconds: 0 });
  });
  afterAll(() => t.close());

  it('works on OVERLOAD_CONCURRENCY reads at once and refuses one that waited its turn too long', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // The listings locked: the read admitted first waits for the database, holding the only place.
    const holding = t.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE listings IN ACCESS EXCLUSIVE MODE');
      locked();
      await held;
    });
    await isLocked;
    const reads = [
      t.app.inject({ method: 'GET', url: '/api/listings?category=product&q=first' }),
      t.app.inject({ method: 'GET', url: '/marketplace?q=second', headers: { cookie: 'lang=so' } }),
    ];
    const refused = await Promise.race(reads);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    release();
    await holding;
    const answers = await Promise.all(reads);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 503]);
    // The probes never wait in the line.
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const timedOut = ['page', 'api'].reduce(
      (sum, refusedKind) =>
        sum + (sample(text, 'sdh_overload_refusals_total', { cause: 'queue_timeout', kind: refusedKind }) ?? 0),
      0,
    );
    expect(timedOut).toBe(1);
  });

  it('gives a read its place back once the answer is made, though its client has not taken it in', async () => {
    // A client that does not take its answer in: the kernel accepts nothing more on its
    // connection (a full TCP window), so the server's writes stay pending until released.
    const pending: (() => void)[] = [];
    let stalled = true;
    t.app.server.once('connection', (socket: Socket) => {
      const stream = socket as unknown as {
        _write(chunk: unknown, encoding: unknown, done: () => void): void;
        _writev(chunks: unknown, done: () => void): void;
      };
      const write = stream._write.bind(socket);
      const writev = stream._writev.bind(socket);
      stream._write = (chunk, encoding, done) =>
        stalled ? pending.push(() => write(chunk, encoding, done)) : write(chunk, encoding, done);
      stream._writev = (chunks, done) => (stalled ? pending.push(() => writev(chunks, done)) : writev(chunks, done));
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path, agent: false, headers: { 'accept-encoding': 'identity' } },
            (answer) => {
              answer.resume();
              answer.on('end', () => resolve(answer.statusCode ?? 0));
            },
          )
          .on('error', reject);
      });
    const slow = get('/api/listings?category=product&q=slow');
    while (pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // The only place is free for the next read, which is answered rather than refused.
    expect(await get('/api/listings?category=product&q=next')).toBe(200);
    stalled = false;
    for (const release of pending.splice(0)) release();
    expect(await slow).toBe(200);
  });

  it('answers every read of a burst in turn when none waits past the limit', async () => {
    // A wait that no read of a busy test machine reaches: what is tested is the turn, not a speed.
    const patient = await createTestApp({
      overloadConcurrency: 1,
      overloadQueueTimeoutMs: 60_000,
      pageCacheSeconds: 0,
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          patient.app.inject({ method: 'GET', url: `/api/listings?category=product&page=${i + 1}` }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
      expect(patient.app.overload.reading().requestsInProgress).toBe(0);
    } finally {
      await patient.close();
    }
  });
});

describe(`one page request (${kind})`, () => {
  let t: TestApp;
  const logs: { msg?: string; req?: { url?: string } }[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { log: { write: (line) => logs.push(JSON.parse(line)) } });
  });
  afterAll(() => t.close());

  it('passes the hooks once: its data is read from the services, not through the API', async () => {
    // The trace in docs/architecture.md ("One request, traced").
    logs.length = 0;
    const answer = await t.app.inject({ method: 'GET', url: '/marketplace?q=phone&condition=used' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('id="server-state"');
    const incoming = logs.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
    expect(incoming).toEqual(['/marketplace?q=phone&condition=used']);
  });
});

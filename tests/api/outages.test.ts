import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { openServerDatabase } from '../../src/server/db/open-database';
import { openPgliteDatabase } from '../../src/server/db/pglite-database';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';
import { insertListing } from '../support/listings';
import { type PostgresServer, startPostgresServer } from '../support/postgres-server';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

// With the database down, every request that needs it answers 503 (JSON for the API, a page
// in the visitor's language for pages) with Retry-After, and readiness says which part fails.

const kind = testDatabaseKind();
/** Short limits, so a frozen server shows within the test's patience. */
const TIMEOUTS = { statementMs: 1_000, connectMs: 1_000 };
const validInquiry = {
  name: 'Amina',
  email: 'amina@example.com',
  subject: 'A question',
  message: 'Hello, is it free?',
};

describe(`database outages (${kind})`, () => {
  // PostgreSQL: a server of this file's own, stopped, started and frozen at will. PGlite runs
  // in-process and cannot go away by itself: down means closed (as at shutdown).
  let server: PostgresServer | undefined;
  let db: Database;
  let t: TestApp;
  let cookie: string;
  let listingId: string;
  const logs: string[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') {
      server = await startPostgresServer();
      const setup = await openPostgresDatabase(server.url());
      await migrate(setup);
      await setup.close();
      db = await openPostgresDatabase(server.url(), { timeouts: TIMEOUTS });
    } else {
      db = await openPgliteDatabase(undefined);
      await migrate(db);
    }
    // No search cache: every search must reach the database.
    t = await createTestApp({ searchCacheSeconds: 0 }, { db, log: { write: (line) => logs.push(line) } });
    cookie = (await signedInAs(t, 'admin')).cookie;
    listingId = await insertListing(db, { category: 'product', title: 'Phone' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    server?.stop();
  });

  const request = (url: string, init: { method?: 'GET' | 'POST'; payload?: object; headers?: object } = {}) =>
    t.app.inject({ method: init.method ?? 'GET', url, payload: init.payload, headers: { cookie, ...init.headers } });

  /** Everything a visitor or staff member does that needs the database. */
  async function expectOutageAnswers() {
    const api = await request('/api/listings?category=product');
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('30');
    expect(api.json()).toEqual({
      error: 'Service Unavailable',
      message: 'We cannot reach our database right now. Please try again in a minute.',
      requestId: api.headers['x-request-id'],
    });

    for (const url of [`/marketplace/${listingId}`, '/marketplace', `/marketplace/${listingId}?lang=so`]) {
      const page = await request(url);
      expect(page.statusCode, url).toBe(503);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['retry-after']).toBe('30');
      expect(page.body).toContain(String(page.headers['x-request-id']));
      expect(page.body).toContain(
        url.endsWith('lang=so') ? 'Goobtu si ku meel gaar ah uma shaqaynayso' : 'The site is briefly unavailable',
      );
    }

    // A form posted without script: its action cannot write, and the visitor is told so.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/contact',
      payload: new URLSearchParams({ ...validInquiry, website: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(posted.statusCode).toBe(503);
    expect(posted.headers['content-type']).toMatch(/text\/html/);
    expect(posted.body).toContain('The site is briefly unavailable');

    for (const [url, init] of [
      ['/api/inquiries', { method: 'POST', payload: validInquiry }],
      ['/api/newsletter', { method: 'POST', payload: { email: 'reader@example.com' } }],
      ['/api/auth/sign-in', { method: 'POST', payload: { username: 'someone', password: 'secret-123' } }],
      ['/api/admin/listings', {}],
      ['/api/admin/stats', {}],
      [`/api/listings/${listingId}`, {}],
      ['/api/blog/posts', {}],
    ] as const) {
      const answer = await request(url, init);
      expect(answer.statusCode, url).toBe(503);
      expect(answer.json().message).toMatch(/cannot reach our database/);
    }

    const ready = await request('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', failing: ['database'] });
    // The admin's page needs no database: its shell still loads and says what its API says.
    expect((await request('/admin')).statusCode).toBe(200);
  }

  async function expectServing() {
    // Readiness answers with its own check's last finding, which after an outage comes back
    // soon, not at once, on a busy machine.
    await expect.poll(async () => (await request('/api/ready')).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await request('/api/ready')).json()).toEqual({
      status: 'ready',
      failing: [],
      checks: { database: { status: 'ok' }, uploads: { status: 'ok', store: 'disk' } },
    });
    expect((await request('/api/listings?category=product')).statusCode).toBe(200);
    expect((await request(`/marketplace/${listingId}`)).statusCode).toBe(200);
    expect((await request('/api/admin/listings')).statusCode).toBe(200);
  }

  it.runIf(kind === 'postgres')(
    "gives the server's database the configured statement and connection limits",
    async () => {
      const { db: served } = await openServerDatabase(
        {
          databaseUrl: server?.url(),
          dataDir: '/nonexistent',
          databaseTimeouts: { statementMs: 1_500, connectMs: 1_000 },
        },
        { here: async () => undefined, apart: async () => undefined },
      );
      try {
        const { rows } = await served.query<{ statement_timeout: string }>('SHOW statement_timeout');
        expect(rows[0]?.statement_timeout).toBe('1500ms');
      } finally {
        await served.close();
      }
    },
  );

  it('serves and is ready while the database answers', async () => {
    await expectServing();
  });

  if (kind === 'postgres') {
    it('answers 503 while the server is down, and serves again once it is back, without a restart', async () => {
      server?.halt();
      try {
        await expectOutageAnswers();
      } finally {
        server?.start();
      }
      await expectServing();
      // The operator learns why, once per failed request, with the cause.
      expect(logs.some((line) => line.includes('"level":50') && line.includes('ECONNREFUSED'))).toBe(true);
    }, 60_000);

    it('answers 503 within the timeouts while the server is frozen, then recovers', async () => {
      server?.freeze();
      try {
        const started = performance.now();
        const [api, page] = await Promise.all([
          request('/api/listings?category=product'),
          request(`/marketplace/${listingId}`),
        ]);
        const elapsed = performance.now() - started;
        expect([api.statusCode, page.statusCode]).toEqual([503, 503]);
        // Statement timeout plus its client-side backstop, or the pool's wait, and some slack.
        expect(elapsed).toBeLessThan(TIMEOUTS.statementMs + 1_000 + TIMEOUTS.connectMs + 1_500);
        // Readiness answers at once, and says the database fails once its own check on its own
        // connection runs out of time (the requests' failures only had it check).
        const probed = performance.now();
        let ready = await request('/api/ready');
        expect(performance.now() - probed).toBeLessThan(500);
        const deadline = performance.now() + TIMEOUTS.statementMs + 1_000 + TIMEOUTS.connectMs + 5_000;
        while (ready.statusCode !== 503 && performance.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          ready = await request('/api/ready');
        }
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'unavailable', failing: ['database'] });
        // More requests than the pool has connections still end in time.
        const burst = await Promise.all(Array.from({ length: 15 }, () => request('/api/blog/posts')));
        expect(burst.map((r) => r.statusCode)).toEqual(Array(15).fill(503));
      } finally {
        server?.thaw();
      }
      await expectServing();
    }, 60_000);
  } else {
    it('answers 503 once the embedded database is closed', async () => {
      await db.close();
      await expectOutageAnswers();
    });
  }
});

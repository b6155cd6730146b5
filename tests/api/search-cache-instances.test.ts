import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../src/server/db/notice-listener';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';
import { multipart, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const HOUR = 3600;

/** Polls until check() holds, for at most `ms`; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - start;
}

// Two instances of the app on one PostgreSQL database, each keeping public search answers
// and pages for an hour: a staff change through one clears the other's within a second.
describe.runIf(testDatabaseKind() === 'postgres')('search cache shared by instances', () => {
  let first: TestApp;
  let second: TestApp;
  let cookie: string;
  beforeAll(async () => {
    first = await createTestApp({ searchCacheSeconds: HOUR, pageCacheSeconds: HOUR });
    const { rows } = await first.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = inject('postgresUrl').replace(/\/[^/]*$/, `/${rows[0]?.name}`);
    second = await createTestApp(
      { searchCacheSeconds: HOUR, pageCacheSeconds: HOUR },
      { db: await openPostgresDatabase(url) },
    );
    cookie = (await signedInAs(first, 'admin')).cookie;
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const titlesOn = async (t: TestApp) =>
    (await t.app.inject({ method: 'GET', url: '/api/listings?category=product' }))
      .json()
      .items.map((item: { title: string }) => item.title) as string[];
  const createThroughFirst = async (title: string) => {
    const body = multipart({ ...validProduct, title });
    const response = await first.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(response.statusCode).toBe(201);
  };

  it("clears the other instance's kept search answers within a second of a staff change", async () => {
    expect(await titlesOn(second)).toEqual([]); // now kept for an hour on the second instance
    await createThroughFirst('Told to every instance');
    const took = await within(1_000, async () => (await titlesOn(second)).includes('Told to every instance'));
    console.log(`the second instance showed the change after ${took.toFixed(0)} ms`);
  });

  it("clears the other instance's kept pages and site settings within a second of a staff change", async () => {
    const marketplace = async () => (await second.app.inject({ method: 'GET', url: '/marketplace' })).body;
    expect(await marketplace()).not.toContain('Shown on every page'); // kept for an hour
    await createThroughFirst('Shown on every page');
    await within(1_000, async () => (await marketplace()).includes('Shown on every page'));

    const settings = (await first.app.inject({ method: 'GET', url: '/api/site-settings' })).json();
    await second.app.inject({ method: 'GET', url: '/contact' }); // kept, with the settings
    const saved = await first.app.inject({
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { ...settings, email: 'new-desk@example.com' },
      headers: { cookie },
    });
    expect(saved.statusCode).toBe(200);
    await within(1_000, async () =>
      (await second.app.inject({ method: 'GET', url: '/contact' })).body.includes('new-desk@example.com'),
    );
  });

  it("clears the other instance's kept exchange rates within a second of an admin saving them", async () => {
    const ratesOn = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/api/exchange-rates' })).json().rates as Record<string, unknown>;
    await ratesOn(second); // now kept by the second instance until a staff change
    const saved = await first.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rates',
      payload: { setOn: new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10), rates: { GBP: 0.0061 } },
      headers: { cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await within(1_000, async () => JSON.stringify((await ratesOn(second)).GBP ?? null).includes('0.0061'));
  });

  it('finds a word first written on the other instance by its typo within a second', async () => {
    const foundOnSecond = async () =>
      (await second.app.inject({ method: 'GET', url: '/api/listings?category=product&q=zanzibaar' })).json().total;
    expect(await foundOnSecond()).toBe(0); // the words near "zanzibaar" are now kept on the second instance
    await createThroughFirst('Zanzibar Spice Box');
    await within(1_000, async () => (await foundOnSecond()) === 1);
  });

  it('clears everything after its listening connection was cut, and hears later changes again', async () => {
    expect(await titlesOn(second)).toContain('Told to every instance'); // kept again
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    try {
      const cut = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = $2',
        [LISTENER_APPLICATION_NAME, (await first.db.query<{ n: string }>('SELECT current_database() AS n')).rows[0]?.n],
      );
      expect(cut.rowCount).toBe(2); // one per instance
    } finally {
      await admin.end();
    }
    // Sent while the second instance may not be listening: its reconnection clears its cache anyway.
    await createThroughFirst('Changed during the cut');
    await within(5_000, async () => (await titlesOn(second)).includes('Changed during the cut'));
    await within(5_000, async () => {
      const { rows } = await first.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      return rows[0]?.n === 2;
    });
    await createThroughFirst('After the reconnection');
    await within(1_000, async () => (await titlesOn(second)).includes('After the reconnection'));
  });
});

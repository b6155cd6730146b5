import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../support/listings';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`public search while staff change listings (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  let toggled: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedInAs(t, 'editor')).cookie;
    for (let i = 0; i < 30; i++) {
      await insertListing(t.db, { category: 'product', title: `Phone ${i}`, price: 1000 + i * 10 });
    }
    toggled = await insertListing(t.db, { category: 'product', title: 'Toggled phone' });
  }, 60_000);
  afterAll(() => t.close());

  it('never fails a search because the cache was cleared under it', async () => {
    const queries = ['', '&q=phone', '&sort=price_asc', '&sort=price_desc&page=2', '&q=toggled', '&minPrice=1100'];
    const failures: string[] = [];
    let searches = 0;
    for (let round = 0; round < 20; round++) {
      const inFlight = Array.from({ length: 12 }, (_, i) => {
        const url = `/api/listings?category=product${queries[(round + i) % queries.length]}&pageSize=${5 + (round % 3)}`;
        return t.app.inject({ method: 'GET', url }).then((r) => {
          searches++;
          if (r.statusCode >= 500) failures.push(`${url} → ${r.statusCode} ${r.body}`);
        });
      });
      const change = t.app.inject({
        method: 'PATCH',
        url: `/api/admin/listings/${toggled}/status`,
        headers: { cookie },
        payload: { is_active: round % 2 === 1 },
      });
      const [changed] = await Promise.all([change, ...inFlight]);
      expect(changed.statusCode).toBe(200);
    }
    expect(searches).toBe(240);
    expect(failures).toEqual([]);
  }, 120_000);
});

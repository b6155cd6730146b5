import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_CASES, referenceFinds } from '../support/listing-filter-cases';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/** The filter rules' table (tests/support/listing-filter-cases.ts), run through the API and SQL. */
describe(`listing filter rules (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(FILTER_CASES)('$rule', async (c) => {
    const { listing, filter, found } = c;
    await t.db.query('DELETE FROM listings');
    const id = await insertListing(t.db, listing);
    // Written behind the app's back: tell its search cache, as a staff change would.
    t.app.listingsService.invalidate();
    const query = new URLSearchParams({ category: listing.category, ...filter } as Record<string, string>);
    const response = await t.app.inject({ method: 'GET', url: `/api/listings?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().items.map((item: { id: string }) => item.id);
    expect(ids.includes(id)).toBe(found);

    // The shared reference states the same rule, for the row as stored.
    const { rows } = await t.db.query('SELECT * FROM listings WHERE id = $1', [id]);
    expect(referenceFinds(rows[0] as never, c)).toBe(found);
  });
});

// Similar listings under a listing's page: same category, near in words and price, shown ones only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSyntheticListings } from '#server/seed/seed';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(html)?.[1] ?? '';

describe(`similar listings (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const similar = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/listings/${id}/similar` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: { id: string; title: string }[] }).items.map((item) => item.title);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const product = (title: string, price: number, more: object = {}) =>
      insertListing(t.db, { category: 'product', title, price, description: 'Used, works well.', ...more });
    ids.source = await product('Samsung Galaxy A54 phone', 35_000);
    ids.galaxy = await product('Samsung Galaxy S21', 40_000);
    ids.galaxyDear = await product('Samsung Galaxy S24 Ultra', 180_000);
    ids.tv = await product('Samsung television 55 inch', 60_000);
    ids.chair = await product('Wooden chair', 36_000);
    ids.lamp = await product('Desk lamp', 900);
    await product('Samsung Galaxy A54 hidden', 35_000, { is_active: false });
    await product('Samsung Galaxy A54 sold', 35_000, { availability: 'sold' });
    await insertListing(t.db, { category: 'property', title: 'Samsung Galaxy apartment', price: 35_000 });
  }, 60_000);
  afterAll(() => t.close());

  it('ranks the same category’s listings by shared title words, then by nearness in price', async () => {
    expect(await similar(ids.source!)).toEqual([
      'Samsung Galaxy S21',
      'Samsung Galaxy S24 Ultra',
      'Samsung television 55 inch',
      'Wooden chair',
    ]);
  });

  it('with no shared words, prefers the nearest price', async () => {
    const titles = await similar(ids.lamp!);
    expect(titles).toHaveLength(4);
    expect(titles).not.toContain('Desk lamp');
    // 35,000–60,000 against 900: the cheapest first.
    expect(titles[0]).toBe('Samsung Galaxy A54 phone');
  });

  it('never lists hidden, sold or other categories’ listings, nor the listing itself', async () => {
    const titles = await similar(ids.galaxy!);
    expect(titles).not.toContain('Samsung Galaxy S21');
    expect(titles.some((title) => /hidden|sold|apartment/.test(title))).toBe(false);
  });

  it('chooses every listing’s similar ones from one read of its category’s newest, not one read each', async () => {
    const lookups = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const count = (result: string) =>
        Number(
          new RegExp(`^sdh_search_cache_lookups_total\\{cache="similar-pool",result="${result}"\\} (\\d+)`, 'm').exec(
            text,
          )?.[1] ?? 0,
        );
      return { miss: count('miss'), hit: count('hit') };
    };
    t.app.listingsService.invalidate();
    const before = await lookups();
    for (const id of [ids.source, ids.galaxy, ids.tv, ids.chair, ids.lamp]) await similar(id!);
    const after = await lookups();
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(4);
  });

  it('answers 404 for an unknown or malformed id, never a 500', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1'%20OR%201=1"]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/listings/${id}/similar` });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('renders them on the listing’s page, from the server', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/marketplace/${ids.source}` });
    expect(response.statusCode).toBe(200);
    const html = root(response.body);
    expect(html).toContain('Similar listings');
    expect(html).toContain(`href="/marketplace/${ids.galaxy}"`);
    const somali = root((await t.app.inject({ method: 'GET', url: `/marketplace/${ids.source}?lang=so` })).body);
    expect(somali).toContain('Xayeysiisyo la mid ah');
  });
});

/** The rule of decision 0076 as one statement: what the listings sharing their category's newest must still answer. */
const RULE_AS_ONE_STATEMENT = `
  WITH source AS (
    SELECT id, category, price, tsvector_to_array(ts_filter(search_vector, '{a}')) AS words
    FROM listings WHERE id = $1 AND is_active
  )
  SELECT p.id FROM source s
  CROSS JOIN LATERAL (
    SELECT id, created_at, price, search_vector FROM listings
    WHERE category = s.category AND is_active AND availability = 'active' AND id <> s.id
    ORDER BY created_at DESC, id DESC LIMIT 500
  ) p
  ORDER BY length(ts_filter(p.search_vector, '{a}')) - length(ts_delete(ts_filter(p.search_vector, '{a}'), s.words)) DESC,
    length(p.search_vector) - length(ts_delete(p.search_vector, s.words)) DESC,
    abs(ln((coalesce(p.price, 0) + 1)::float8 / (coalesce(s.price, 0) + 1))) ASC, p.created_at DESC, p.id DESC
  LIMIT 4`;

describe(`similar listings among many (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // More than the 500 newest in each category, so that some listings are older than the pool.
    await seedSyntheticListings(t.db, 2_400);
  }, 120_000);
  afterAll(() => t.close());

  it('answers what the rule as one statement answers, for new, old and sold listings', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM (
         SELECT id, row_number() OVER (PARTITION BY category ORDER BY created_at DESC, id DESC) AS n FROM listings
       ) ranked WHERE n % 37 = 1
       UNION ALL (SELECT id FROM listings WHERE availability = 'sold' LIMIT 3)`,
    );
    expect(rows.length).toBeGreaterThan(40);
    for (const { id } of rows) {
      const expected = (await t.db.query<{ id: string }>(RULE_AS_ONE_STATEMENT, [id])).rows.map((r) => r.id);
      const response = await t.app.inject({ method: 'GET', url: `/api/listings/${id}/similar` });
      expect(response.statusCode).toBe(200);
      expect(
        (response.json() as { items: { id: string }[] }).items.map((item) => item.id),
        id,
      ).toEqual(expected);
    }
  });
});

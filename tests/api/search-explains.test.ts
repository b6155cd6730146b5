import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/shared/categories';
import { insertListing, type ListingSeed } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** What a search tells the visitor about itself: the words it searched for, its order, other categories. */
describe(`search explains itself (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query('DELETE FROM listings');
    t.app.listingsService.invalidate();
  });

  const add = (category: Category, seed: Omit<ListingSeed, 'category'>) =>
    insertListing(t.db, { category, ...seed } as ListingSeed);
  const list = async (query: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/listings?${new URLSearchParams(query)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
  const page = async (url: string, lang = 'en') => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: `lang=${lang}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('says which words it searched for when a typo was forgiven, in the API and on the page', async () => {
    const phone = await add('product', { title: 'Samsung Galaxy A15' });
    for (const sort of ['relevance', 'newest', 'price_asc']) {
      const body = await list({ category: 'product', q: 'samsng galaxy', sort });
      expect(ids(body), sort).toEqual([phone]);
      expect(body.searchedFor, sort).toBe('samsung galaxy');
    }
    // Words found as typed need no word on it.
    expect((await list({ category: 'product', q: 'samsung galaxy' })).searchedFor).toBeUndefined();
    expect((await list({ category: 'product', q: 'galax' })).searchedFor).toBeUndefined();

    // Rendered on the server, so it shows with scripts off too; in both languages.
    expect(await page('/marketplace?q=samsng')).toMatch(/Showing results for <em[^>]*>samsung<\/em>/);
    expect(await page('/marketplace?q=samsng', 'so')).toMatch(/Waxaa la tusay natiijooyinka <em[^>]*>samsung<\/em>/);
  });

  it('says nothing of typos when the words as typed find listings, typo matches ranked after them', async () => {
    const iphone = await add('product', { title: 'iPhone 13 Pro', created_at: daysAgo(3) });
    const older = await add('product', { title: 'Apple iPhone 11', created_at: daysAgo(4) });
    const speaker = await add('product', { title: 'Bluetooth speaker for any phone', created_at: daysAgo(1) });
    const body = await list({ category: 'product', q: 'iphone' });
    expect(ids(body)).toEqual([iphone, older, speaker]);
    expect(body.searchedFor).toBeUndefined();
  });

  it('ranks a laptop above a laptop sleeve for "laptop"', async () => {
    const laptop = await add('product', { title: 'HP EliteBook laptop, 16 GB', created_at: daysAgo(5) });
    const sleeve = await add('product', {
      title: 'Sleeve for 15-inch laptops',
      description: 'Fits any laptop.',
      created_at: daysAgo(1),
    });
    const bag = await add('product', { title: 'Padded bag', description: 'Holds a laptop.', created_at: daysAgo(2) });
    expect(ids(await list({ category: 'product', q: 'laptop' }))).toEqual([laptop, sleeve, bag]);
  });

  it('names the other categories where the words find listings when this one finds none or few', async () => {
    await add('product', { title: 'Toyota Probox spare parts' });
    await add('product', { title: 'Toyota Vitz side mirror' });
    await add('product', { title: 'Toyota Hilux tyres' });
    await add('business', { title: 'Toyota spares shop for sale' });
    const body = await list({ category: 'property', q: 'toyota' });
    expect(body.total).toBe(0);
    expect(body.elsewhere).toEqual([
      { category: 'product', total: 3, totalExact: true, query: 'q=toyota' },
      { category: 'business', total: 1, totalExact: true, query: 'q=toyota' },
    ]);
    // Enough results here: no counts elsewhere.
    expect((await list({ category: 'product', q: 'toyota' })).elsewhere).toBeUndefined();
    // Nothing anywhere: nothing to offer.
    expect((await list({ category: 'property', q: 'zebra' })).elsewhere).toBeUndefined();

    const html = await page('/real-estate?q=toyota');
    expect(html).toMatch(/<a[^>]*href="\/marketplace\?q=toyota"[^>]*>3 matches in Marketplace →<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/business-sales\?q=toyota"[^>]*>1 match in Business Sales →<\/a>/);
  });

  it('counts the words in the other categories once for every search of them here, whatever its filters', async () => {
    await add('product', { title: 'Toyota Probox spare parts' });
    await add('business', { title: 'Toyota spares shop for sale' });
    const counted = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const lookups = (result: string) =>
        Number(
          new RegExp(`^sdh_search_cache_lookups_total\\{cache="count",result="${result}"\\} (\\d+)`, 'm').exec(
            text,
          )?.[1] ?? 0,
        );
      return { miss: lookups('miss'), hit: lookups('hit') };
    };
    const before = await counted();
    const plain = await list({ category: 'property', q: 'toyota' });
    const filtered = await list({ category: 'property', q: 'toyota', bedrooms: '3' });
    expect(filtered.elsewhere).toEqual(plain.elsewhere);
    expect(plain.elsewhere).toHaveLength(2);
    const after = await counted();
    // Three other categories counted for the first search; the second reads the same counts.
    expect(after.miss - before.miss).toBe(3);
    expect(after.hit - before.hit).toBe(3);
  });
});

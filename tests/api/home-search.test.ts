// The home page's search across every category and its newest listings, rendered by the
// server (so they work without script), and the results page that search lands on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(html)?.[1] ?? '';

describe(`search from the home page across categories (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    t = await createTestApp();
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await insertListing(t.db, { category: 'product', title: 'Samsung phone in Eastleigh', created_at: day(3) });
    await insertListing(t.db, { category: 'product', title: 'Baati dress, Eastleigh shop', created_at: day(4) });
    await insertListing(t.db, { category: 'property', title: 'Two-bedroom flat in Eastleigh', created_at: day(1) });
    await insertListing(t.db, { category: 'business', title: 'Busy cafe in Westlands', created_at: day(2) });
    await insertListing(t.db, { category: 'visa', title: 'Canada tourist visa help', created_at: day(5) });
    await insertListing(t.db, { category: 'visa', title: 'Hidden old visa', is_active: false, created_at: day(0) });
  }, 60_000);
  afterAll(() => t.close());

  it('the home page has a search form for every category and the newest listings, newest first', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const html = root(response.body);
    expect(html).toMatch(/<form[^>]*action="\/search"/);
    expect(html).toMatch(/<input[^>]*name="q"/);
    const titles = [
      'Two-bedroom flat in Eastleigh',
      'Busy cafe in Westlands',
      'Samsung phone in Eastleigh',
      'Baati dress, Eastleigh shop',
      'Canada tourist visa help',
    ];
    const positions = titles.map((title) => html.indexOf(title));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).not.toContain('Hidden old visa');
  });

  it('the phone menu, as the server sends it (without script), holds Saved and the Currency control', async () => {
    const html = root((await page('/about')).body);
    const menu = /<div id="site-menu"[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    expect(menu).toContain('id="currency-select-menu"');
    expect(menu).toMatch(/href="\/saved"/);
  });

  it('a search lands on a results page that says how many match in each category, with links', async () => {
    const response = await page('/search?q=eastleigh');
    expect(response.statusCode).toBe(200);
    const html = root(response.body);
    expect(html).toContain('href="/marketplace?q=eastleigh"');
    expect(html).toContain('href="/real-estate?q=eastleigh"');
    expect(html).toContain('Marketplace: 2 results');
    expect(html).toContain('Real Estate: 1 result');
    expect(html).toContain('Business Sales: 0 results');
    expect(html).toContain('Samsung phone in Eastleigh');
    expect(html).toContain('Two-bedroom flat in Eastleigh');
    expect(html).not.toContain('Busy cafe in Westlands');
  });

  it('speaks Somali, and keeps the language in its links', async () => {
    const html = root((await page('/search?q=eastleigh&lang=so')).body);
    expect(html).toContain('Suuqa: 2 natiijo');
    expect(html).toContain('href="/marketplace?q=eastleigh&amp;lang=so"');
  });

  it('an empty, long or odd search shows the form and a note, never an error', async () => {
    const empty = await page('/search');
    expect(empty.statusCode).toBe(200);
    expect(root(empty.body)).toMatch(/<input[^>]*name="q"/);
    const long = await page(`/search?q=${'a'.repeat(150)}`);
    expect(long.statusCode).toBe(200);
    expect(root(long.body)).toContain('A search can be at most 100 characters');
    const odd = await page('/search?q=%01x&q=two');
    expect(odd.statusCode).toBeLessThan(500);
  });
});

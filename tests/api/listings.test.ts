import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_LISTING_COLUMNS, STAFF_LISTING_COLUMNS } from '../../src/server/db/listing-columns';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';
import { createTestAppOn, UPLOAD_STORES } from '../support/upload-stores';

describe(`listings API (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
    // Five products, a day apart, with distinct prices; one inactive; one property.
    for (const [i, price] of [300, 100, 500, 200, 400].entries()) {
      ids[`p${price}`] = await insertListing(t.db, {
        category: 'product',
        title: `Product ${price}`,
        price,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        image_urls: ['/uploads/products/1_a.jpg'],
      });
    }
    ids.inactive = await insertListing(t.db, { category: 'product', title: 'Hidden', is_active: false });
    ids.house = await insertListing(t.db, {
      category: 'property',
      title: 'Family house in Karen',
      description: 'Four bedrooms & a garden <script>',
      price: 25_000_000,
      location: 'Karen',
      bedrooms: 4,
      image_urls: ['/uploads/properties/1_house.jpg'],
    });
  });
  afterAll(() => t.close());

  const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/listings?${query}` });
  const titles = (body: { items: { title: string }[] }) => body.items.map((i) => i.title);

  it('sends an answer again as it was sent, compressed as each client asks', async () => {
    const url = '/api/listings?category=product&sort=price_desc&pageSize=5';
    const plain = await list('category=product&sort=price_desc&pageSize=5');
    expect(plain.statusCode).toBe(200);
    expect(titles(plain.json())).toEqual(['Product 500', 'Product 400', 'Product 300', 'Product 200', 'Product 100']);
    const ask = (encoding: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const [br, gzip, again] = [await ask('br'), await ask('gzip'), await ask('identity')];
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(again.body).toBe(plain.body);
    for (const answer of [br, gzip, again]) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.vary).toMatch(/accept-encoding/);
      expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    }
  });

  it('returns one page of active listings of a category, newest first, with the total', async () => {
    const response = await list('category=product');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 12 });
    expect(titles(body)).toEqual(['Product 400', 'Product 200', 'Product 500', 'Product 100', 'Product 300']);
    expect(body.items[0]).toMatchObject({ category: 'product', price: 400, image_urls: ['/uploads/products/1_a.jpg'] });
    expect(body.items[0].created_at).toMatch(/^2026-01-05T00:00:00.000Z$/);
  });

  it('sorts by price both ways', async () => {
    expect(titles((await list('category=product&sort=price_asc')).json())).toEqual([
      'Product 100',
      'Product 200',
      'Product 300',
      'Product 400',
      'Product 500',
    ]);
    expect(titles((await list('category=product&sort=price_desc')).json())[0]).toBe('Product 500');
  });

  it('pages without overlap and reports the total on every page', async () => {
    const first = (await list('category=product&sort=price_asc&pageSize=2&page=1')).json();
    const second = (await list('category=product&sort=price_asc&pageSize=2&page=2')).json();
    const third = (await list('category=product&sort=price_asc&pageSize=2&page=3')).json();
    const past = (await list('category=product&sort=price_asc&pageSize=2&page=4')).json();
    expect([first, second, third].map(titles)).toEqual([
      ['Product 100', 'Product 200'],
      ['Product 300', 'Product 400'],
      ['Product 500'],
    ]);
    expect(third).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(past).toMatchObject({ items: [], total: 5 });
  });

  it.each([
    ['category=car', 'category'],
    ['', 'category'],
    ['category=product&page=0', 'page'],
    ['category=product&page=abc', 'page'],
    ['category=product&pageSize=51', 'pageSize'],
    ['category=product&sort=oldest', 'sort'],
    ['category=product&minPrice=-5', 'minPrice'],
    ['category=product&maxPrice=1e9', 'maxPrice'],
    ['category=product&minPrice=500&maxPrice=100', 'maxPrice'],
    ['category=product&condition=broken', 'condition'],
    ['category=product&subcategory=land', 'subcategory'],
    ['category=product&bedrooms=2', 'bedrooms'],
    ['category=property&bedrooms=5', 'bedrooms'],
    ['category=property&bathrooms=0', 'bathrooms'],
    ['category=business&minYears=x', 'minYears'],
    ['category=visa&country=Mars', 'country'],
    ['category=visa&processingTime=instant', 'processingTime'],
    ['category=visa&visaType=spy', 'visaType'],
    ['category=product&colour=red', 'request'],
    [`category=product&q=${'a'.repeat(101)}`, 'q'],
  ])('answers %s with a 400 naming %s', async (query, name) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Bad Request');
    if (name === 'request') expect(body.message).toMatch(/colour|unrecognized/i);
    else expect(Object.keys(body.fields ?? {})).toContain(name);
  });

  it('returns one active listing by id', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/listings/${ids.house}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.house, category: 'property', bedrooms: 4, location: 'Karen' });
  });

  it("gives another category's fields as empty, whatever a row holds", async () => {
    // Staff saves never store them; a row written behind the app's back still reads as its category.
    const id = await insertListing(t.db, { category: 'product', title: 'Stray fields', bedrooms: 3, country: 'UK' });
    t.app.listingsService.invalidate();
    const response = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      category: 'product',
      bedrooms: null,
      country: null,
      product_condition: null,
    });
    await t.db.query('DELETE FROM listings WHERE id = $1', [id]);
  });

  it('reads every listing column the model declares, and the model declares every column', async () => {
    const { rows } = await t.db.query<{ column_name: string; is_generated: string }>(
      "SELECT column_name, is_generated FROM information_schema.columns WHERE table_name = 'listings'",
    );
    const stored = rows.filter((r) => r.is_generated !== 'ALWAYS').map((r) => r.column_name);
    expect([...STAFF_LISTING_COLUMNS.split(', '), ...INTERNAL_LISTING_COLUMNS].sort()).toEqual(stored.sort());
  });

  it.each([
    ['an inactive listing', () => ids.inactive],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'not-a-uuid'],
  ])('answers %s with 404', async (_name, id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/listings/${id()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Listing not found.');
  });

  it('serves a listing page with its title, description, Open Graph tags and canonical link', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/real-estate/${ids.house}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    const url = `https://example.test/real-estate/${ids.house}`;
    expect(html).toContain('<title>Family house in Karen | Somali Diaspora Hub</title>');
    expect(html).toContain('<meta property="og:title" content="Family house in Karen">');
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain('<meta property="og:image" content="https://example.test/media/og/properties/1_house.jpg">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toMatch(
      /<meta name="description" content="Ksh[^"]*25,000,000 · Karen — Four bedrooms &amp; a garden &lt;script&gt;"\/?>/,
    );
    expect(html).not.toContain('<script>"');
  });

  it('answers an unknown, inactive or malformed listing page with a 404 page', async () => {
    for (const url of [
      `/marketplace/${ids.inactive}`,
      '/visa-assistance/00000000-0000-4000-8000-000000000000',
      '/business-sales/nope',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<title>Listing not found | Somali Diaspora Hub</title>');
      // The not-found page itself, rendered by the server: readable before any script.
      expect(response.body, url).toMatch(/<h1[^>]*>Listing not found<\/h1>/);
    }
  });

  it("redirects a listing page under another category's path to its own", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/marketplace/${ids.house}` });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/real-estate/${ids.house}`);
  });
});

describe.each(UPLOAD_STORES)(`stored files and display sizes (${testDatabaseKind()}, on %s)`, (store) => {
  let t: TestApp<ObjectStorage>;
  beforeAll(async () => {
    t = await createTestAppOn(store);
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer();
    await t.storage.put('products/1_photo.png', png);
    await t.storage.put('products/2_broken.jpg', Buffer.from('not an image'));
  });
  afterAll(() => t.close());

  it('serves a WebP at the requested width, made once and cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/480/products/1_photo.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 288 });
    expect(await t.storage.exists('cache/w480/products/1_photo.png.webp')).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: '/media/480/products/1_photo.png' });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('serves an original at /uploads with its type, a day of cache and its ETag; 304 while unchanged', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uploads/products/1_photo.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-length': String(response.rawPayload.length),
    });
    expect((await sharp(response.rawPayload).metadata()).format).toBe('png');
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?".+"$/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/uploads/products/1_photo.png',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=86400' });
    const since = await t.app.inject({
      method: 'GET',
      url: '/uploads/products/1_photo.png',
      headers: { 'if-modified-since': response.headers['last-modified'] as string },
    });
    expect(since.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/uploads/products/1_photo.png' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves a kept display size with its ETag and answers 304 while unchanged', async () => {
    await t.app.inject({ method: 'GET', url: '/media/320/products/1_photo.png' });
    const kept = await t.app.inject({ method: 'GET', url: '/media/320/products/1_photo.png' });
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe('image/webp');
    const etag = kept.headers.etag as string;
    expect(etag).toBeTruthy();
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/media/320/products/1_photo.png',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/uploads/products/missing.png', '/uploads/..%2F..%2Fetc/passwd', '/uploads/.write-check-1'])(
    'answers %s with 404',
    async (url) => {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    },
  );

  it('never enlarges a small original', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/1280/products/1_photo.png' });
    expect((await sharp(response.rawPayload).metadata()).width).toBe(1000);
  });

  it.each([
    '/media/500/products/1_photo.png',
    '/media/abc/products/1_photo.png',
    '/media/480/products/missing.png',
    '/media/480/products/2_broken.jpg',
    '/media/480/cache/w480/products/1_photo.png.webp',
    '/media/480/..%2F..%2Fetc/passwd',
    '/media/480/products/..%2F..%2Fsecret.png',
  ])('refuses %s with 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });
});

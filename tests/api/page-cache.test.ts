// Anonymous visitors' pages are reused for a while (PAGE_CACHE_SECONDS); nobody ever gets a
// page made for someone else, and a staff change shows at once. The search cache is off, so
// a page that still lacks a listing added straight to the database was reused.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../support/listings';
import { multipart, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/** How many page lookups the server's metrics count with this result so far. */
async function pageCacheLookups(t: TestApp, result: string): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  return Number(new RegExp(`^sdh_page_cache_lookups_total\\{result="${result}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

describe(`anonymous page cache (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp({ pageCacheSeconds: 3600, searchCacheSeconds: 0, publicUrl: 'https://example.test' });
    cookie = (await signedInAs(t, 'admin')).cookie;
    await insertListing(t.db, { category: 'product', title: 'First phone' });
  });
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  /** A listing only the database knows of: a page showing it was rendered after it was added. */
  const addQuietly = async () => {
    const title = `Quiet listing ${++counter}`;
    await insertListing(t.db, { category: 'product', title });
    return title;
  };
  const lookups = (result: string) => pageCacheLookups(t, result);

  it('reuses an anonymous page for the same URL and language', async () => {
    const first = await page('/marketplace?sort=newest');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('First phone');
    const title = await addQuietly();
    const hitsBefore = await lookups('hit');
    const again = await page('/marketplace?sort=newest');
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toContain(title);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(again.headers['content-security-policy']).toBeDefined();
    expect(await lookups('hit')).toBe(hitsBefore + 1);
    // Another URL is its own page.
    expect((await page('/marketplace?sort=newest&page=1')).body).toContain(title);
  });

  it('sends a kept page compressed as each client asks, with its length', async () => {
    const url = '/marketplace?sort=price_asc';
    const first = await page(url);
    const br = await page(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await page(url, { 'accept-encoding': 'gzip' });
    const plain = await page(url, { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(first.body);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers.vary).toMatch(/accept-encoding/);
      expect(answer.headers.vary).toMatch(/cookie/);
      // Sent whole, not streamed: the length is known (a phone's browser shows progress).
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('never matches an API request against the page table (it costs as much as a search answer)', async () => {
    const pagePattern = t.app.pagePattern;
    expect(pagePattern).toBeTypeOf('function');
    const asked: string[] = [];
    t.app.pagePattern = (pathname) => {
      asked.push(pathname);
      return pagePattern?.(pathname);
    };
    try {
      const api = await page('/api/listings?category=product&q=phone');
      expect(api.statusCode).toBe(200);
      expect(asked).toEqual([]);
      // Pages still are.
      expect((await page('/marketplace?q=phone')).statusCode).toBe(200);
      expect(asked).toContain('/marketplace');
    } finally {
      t.app.pagePattern = pagePattern;
    }
  });

  it('renders a page once for requests that ask for it together', async () => {
    const before = { miss: await lookups('miss'), shared: await lookups('shared') };
    const answers = await Promise.all(Array.from({ length: 5 }, () => page('/marketplace?sort=newest&q=together')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await lookups('miss')).toBe(before.miss + 1);
    expect(await lookups('shared')).toBe(before.shared + 4);
  });

  it('keeps each language apart', async () => {
    const english = await page('/marketplace?q=lang');
    const somali = await page('/marketplace?q=lang', { cookie: 'lang=so' });
    expect(english.body).toContain('<html lang="en"');
    expect(somali.body).toContain('<html lang="so"');
    expect((await page('/marketplace?q=lang', { 'accept-language': 'so' })).body).toContain('<html lang="so"');
    expect((await page('/marketplace?q=lang')).body).toContain('<html lang="en"');
  });

  it('never answers a shared ?lang= link from the cache: each visitor gets the language cookie it sets', async () => {
    // A visitor who already reads Somali gets no cookie back: that answer would be keepable.
    await page('/about?lang=so', { cookie: 'lang=so' });
    await page('/about?lang=so', { cookie: 'lang=so' });
    const newcomer = await page('/about?lang=so');
    expect(newcomer.body).toContain('<html lang="so"');
    expect(String(newcomer.headers['set-cookie'])).toMatch(/^lang=so;/);
  });

  it('keeps each currency apart, chosen or picked from the browser language', async () => {
    const currencyOf = (body: string) => /<body[^>]*data-currency="([A-Z]{3})"/.exec(body)?.[1];
    expect(currencyOf((await page('/marketplace?q=money')).body)).toBe('KES');
    expect(currencyOf((await page('/marketplace?q=money', { 'accept-language': 'en-GB' })).body)).toBe('GBP');
    expect(currencyOf((await page('/marketplace?q=money', { 'accept-language': 'sv-SE' })).body)).toBe('SEK');
    expect(currencyOf((await page('/marketplace?q=money', { cookie: 'currency=USD' })).body)).toBe('USD');
    // Each one kept on its own: asked again, each visitor still gets their own.
    expect(currencyOf((await page('/marketplace?q=money', { 'accept-language': 'en-GB' })).body)).toBe('GBP');
    expect(currencyOf((await page('/marketplace?q=money')).body)).toBe('KES');
    expect(currencyOf((await page('/marketplace?q=money', { cookie: 'currency=USD' })).body)).toBe('USD');
  });

  it('never gives a signed-in request a kept page, nor keeps the page it gets', async () => {
    await page('/marketplace?who=staff'); // kept for visitors
    const title = await addQuietly();
    const staff = await page('/marketplace?who=staff', { cookie });
    expect(staff.body).toContain(title);
    expect((await page('/marketplace?who=staff')).body).not.toContain(title);

    // What a signed-in request renders is never kept for visitors.
    const url = '/marketplace?who=staff-first';
    await page(url, { cookie });
    const later = await addQuietly();
    expect((await page(url)).body).toContain(later);
    // Any cookie but the language one (a stale or forged session) also bypasses it.
    await addQuietly();
    const other = await page(url, { cookie: 'sdh_session=forged' });
    expect(other.body).toContain(`Quiet listing ${counter}`);
  });

  it('never keeps an answer that sets a cookie', async () => {
    const url = '/marketplace?lang=so&set=cookie';
    const first = await page(url);
    expect(first.headers['set-cookie']).toMatch(/lang=so/);
    const title = await addQuietly();
    const second = await page(url);
    expect(second.headers['set-cookie']).toMatch(/lang=so/);
    expect(second.body).toContain(title);
  });

  it('never keeps the admin, the API, or an error page', async () => {
    const id = await insertListing(t.db, { category: 'product', title: 'Hidden for now', is_active: false });
    expect((await page(`/marketplace/${id}`)).statusCode).toBe(404);
    await t.db.query('UPDATE listings SET is_active = true WHERE id = $1', [id]);
    expect((await page(`/marketplace/${id}`)).statusCode).toBe(200);
    const misses = await lookups('miss');
    await page('/admin');
    await page('/api/listings?category=product');
    expect(await lookups('miss')).toBe(misses);
  });

  it('shows a staff change at once', async () => {
    const url = '/marketplace?staff=change';
    await page(url);
    const body = multipart({ ...validProduct, title: 'Made by staff' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(created.statusCode).toBe(201);
    expect((await page(url)).body).toContain('Made by staff');
  });

  it('shows a scheduled blog post once its time has come, with no staff request to clear the pages', async () => {
    const slug = `going-live-${Date.now()}`;
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, category, published_at, read_time_minutes)
       VALUES ($1, 'Going live by itself', 'Soon', 'Body', 'news', now() + interval '1 hour', 1)`,
      [slug],
    );
    await t.app.noticePublishedPosts();
    expect((await page('/blog')).body).not.toContain(slug);
    // Its time comes (by the database clock): a cached /blog would hide it until it runs out.
    await t.db.query(`UPDATE blog_posts SET published_at = now() WHERE slug = $1`, [slug]);
    expect((await page('/blog')).body).not.toContain(slug);
    expect(await t.app.noticePublishedPosts()).toBe(1);
    expect((await page('/blog')).body).toContain(slug);
    // Counted once: the next look finds nothing new.
    expect(await t.app.noticePublishedPosts()).toBe(0);
  });

  it('does not keep a page whose rendering began before a staff change', async () => {
    const url = '/marketplace?during=change';
    const title = await addQuietly();
    // The change lands while the page reads its listings.
    const query = t.db.query;
    t.db.query = ((sql: string, params?: unknown[]) => {
      if (/FROM listings/i.test(sql)) {
        t.db.query = query;
        t.app.publicContent.changed();
      }
      return query.call(t.db, sql, params);
    }) as typeof query;
    expect((await page(url)).body).toContain(title);
    expect(t.db.query).toBe(query);
    const later = await addQuietly();
    expect((await page(url)).body).toContain(later);
  });
});

/** An app (for the enclosing describe) keeping pages `seconds` long, and how to ask it. */
function appKeepingPagesFor(seconds: number) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ pageCacheSeconds: seconds, searchCacheSeconds: 0, publicUrl: 'https://example.test' });
  });
  afterAll(() => t.close());
  return {
    db: () => t.db,
    page: (url: string) => t.app.inject({ method: 'GET', url }),
    lookups: (result: string) => pageCacheLookups(t, result),
  };
}

describe(`anonymous page cache past its time (${testDatabaseKind()})`, () => {
  const { db, page, lookups } = appKeepingPagesFor(1);

  it('serves the page it renews to those who ask meanwhile, then the new one', async () => {
    const url = '/marketplace?sort=newest&q=renewed';
    await insertListing(db(), { category: 'product', title: 'Renewed phone one' });
    expect((await page(url)).body).toContain('Renewed phone one');
    await insertListing(db(), { category: 'product', title: 'Renewed phone two' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const before = { miss: await lookups('miss'), stale: await lookups('stale') };
    const answers = await Promise.all(Array.from({ length: 4 }, () => page(url)));
    // One renders it again (with the new listing); the others get the kept page at once.
    const renewed = answers.filter((a) => a.body.includes('Renewed phone two'));
    expect(renewed).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 && a.body.includes('Renewed phone one'))).toBe(true);
    expect(await lookups('miss')).toBe(before.miss + 1);
    expect(await lookups('stale')).toBe(before.stale + 3);
    expect((await page(url)).body).toContain('Renewed phone two');
  });

  it('renders a page long past its time again rather than serve it', async () => {
    const url = '/marketplace?sort=newest&q=overdue';
    expect((await page(url)).statusCode).toBe(200);
    await insertListing(db(), { category: 'product', title: 'Overdue phone' });
    // Past its time by more than a whole PAGE_CACHE_SECONDS: nobody gets it any more.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const answers = await Promise.all(Array.from({ length: 3 }, () => page(url)));
    expect(answers.every((a) => a.body.includes('Overdue phone'))).toBe(true);
  });
});

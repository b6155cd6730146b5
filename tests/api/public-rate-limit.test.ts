import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../../src/server/plugins/web-app';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const LIMIT = 4;

describe(`per-client limit of public reads (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let listingId: string;
  let next = 1;
  const newAddress = () => `203.0.113.${next++}`;
  const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp({ publicRateLimit: LIMIT });
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    await t.storage.put('products/1_photo.jpg', photo);
    listingId = await insertListing(t.db, { category: 'product', image_urls: ['/uploads/products/1_photo.jpg'] });
  });
  afterAll(() => t.close());

  it('answers search over the limit with 429, Retry-After and a clear message', async () => {
    const client = newAddress();
    for (let i = 0; i < LIMIT; i++) expect((await get('/api/listings?category=product', client)).statusCode).toBe(200);
    const limited = await get(`/api/listings/${listingId}`, client);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    // Another client is not affected.
    expect((await get('/api/listings?category=product', newAddress())).statusCode).toBe(200);
  });

  it('counts pages and search together, and a page in the language of the visitor', async () => {
    const client = newAddress();
    for (let i = 0; i < LIMIT / 2; i++) {
      expect((await get('/about', client)).statusCode).toBe(200);
      expect((await get('/api/listings?category=visa', client)).statusCode).toBe(200);
    }
    const page = await get('/marketplace?lang=so', client);
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.body).toMatch(/^Codsiyo aad u badan\./);
  });

  it('does not charge anyone for the reads the server makes to render pages', async () => {
    // Those reads all come from the server itself: charged, they would use up one budget
    // shared by every visitor, and pages would stop being rendered with their data.
    for (let i = 0; i < LIMIT * 2; i++) {
      const page = await get('/marketplace', newAddress());
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<script id="server-state"');
    }
  });

  it('never limits static files, health, uploads or display sizes', async () => {
    const client = newAddress();
    for (let i = 0; i <= LIMIT; i++) await get('/api/listings?category=product', client);
    expect((await get('/api/listings?category=product', client)).statusCode).toBe(429);
    const script = readdirSync(`${WEB_DIST_DIR}/assets`).find((f) => f.endsWith('.js'));
    for (const url of [
      '/api/health',
      `/assets/${script}`,
      '/sw.js',
      '/favicon.svg',
      '/uploads/products/1_photo.jpg',
      '/media/320/products/1_photo.jpg',
    ]) {
      for (let i = 0; i < 2; i++) expect((await get(url, client)).statusCode, url).toBe(200);
    }
  });
});

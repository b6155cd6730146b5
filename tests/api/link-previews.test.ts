import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_ROUTES } from '../../src/shared/categories';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const metaContents = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`, 'g'))].map((m) => m[1]);

const MAX_BYTES = 300 * 1024;

/** A photo of noise, the hardest kind to compress: its preview must still fit the limit. */
async function noisyPhoto(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i * 104_729) >> 3)) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe(`link previews of listing pages (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let withPhoto: string;
  const withoutPhoto: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
    await t.storage.put('products/1_noise.jpg', await noisyPhoto(1600, 1200));
    withPhoto = await insertListing(t.db, {
      category: 'product',
      title: 'Samsung Galaxy "S24"',
      image_urls: ['/uploads/products/1_noise.jpg', '/uploads/products/2_other.jpg'],
    });
    for (const category of CATEGORIES) {
      withoutPhoto[category] = await insertListing(t.db, { category, title: `No photo ${category}`, image_urls: [] });
    }
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  async function expectPreviewImage(url: string) {
    const image = await get(new URL(url).pathname);
    expect(image.statusCode, url).toBe(200);
    expect(image.headers['content-type'], url).toBe('image/jpeg');
    expect(image.rawPayload.length, url).toBeLessThan(MAX_BYTES);
    const { width, height, format } = await sharp(image.rawPayload).metadata();
    expect({ width, height, format }, url).toEqual({ width: 1200, height: 630, format: 'jpeg' });
  }

  it('shows a listing with photos by its first photo, made into a 1200 × 630 JPEG under 300 KB', async () => {
    const page = await get(`/marketplace/${withPhoto}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(metaContents(html, 'og:image')).toEqual(['https://example.test/media/og/products/1_noise.jpg']);
    expect(metaContents(html, 'og:image:width')).toEqual(['1200']);
    expect(metaContents(html, 'og:image:height')).toEqual(['630']);
    expect(metaContents(html, 'og:image:alt')).toEqual(['Samsung Galaxy &quot;S24&quot;']);
    await expectPreviewImage(metaContents(html, 'og:image')[0]!);
    // Made once, then kept in storage with the display sizes and served from there.
    expect(await t.storage.get('cache/og/products/1_noise.jpg.jpg')).not.toBeNull();
    const again = await get('/media/og/products/1_noise.jpg');
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toContain('immutable');
  });

  it.each(CATEGORIES)("shows a %s listing without photos by its category's picture", async (category) => {
    const route = CATEGORY_ROUTES[category];
    const html = (await get(`/${route}/${withoutPhoto[category]}`)).body;
    expect(metaContents(html, 'og:image')).toEqual([`https://example.test/og/${route}.jpg`]);
    expect(metaContents(html, 'og:image:width')).toEqual(['1200']);
    expect(metaContents(html, 'og:image:height')).toEqual(['630']);
    expect(metaContents(html, 'og:image:alt')).toEqual([`No photo ${category}`]);
    await expectPreviewImage(metaContents(html, 'og:image')[0]!);
  });

  it.each([
    '/marketplace/not-a-uuid',
    '/marketplace/00000000-0000-4000-8000-000000000000',
    '/media/og/products/missing.jpg',
    '/media/og/cache/og/products/1_noise.jpg.jpg',
    '/media/og/../secrets.jpg',
  ])('answers %s with 404, not 500', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });

  it('answers a stored file that is not a picture with 404', async () => {
    await t.storage.put('products/3_broken.jpg', Buffer.from('not a picture at all'));
    expect((await get('/media/og/products/3_broken.jpg')).statusCode).toBe(404);
  });
});

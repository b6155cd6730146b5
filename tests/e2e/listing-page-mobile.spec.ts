import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** A listing's own page on the narrowest phones, against the seeded demo database. */

interface Item {
  id: string;
  title: string;
  image_urls: string[];
  availability?: string;
}

/** A listing whose gallery has several photos, and the path of its page. */
async function listingWithPhotos(request: APIRequestContext): Promise<[string, Item]> {
  for (const [category, route] of [
    ['product', 'marketplace'],
    ['property', 'real-estate'],
  ] as const) {
    const response = await request.get(`/api/listings?category=${category}&pageSize=50`);
    expect(response.ok()).toBe(true);
    const { items } = (await response.json()) as { items: Item[] };
    const found = items.find((item) => item.image_urls.length > 1);
    if (found) return [`/${route}/${found.id}`, found];
  }
  throw new Error('the demo content has no listing with several photos');
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Posts, as the demo admin, a marketplace listing with six photos (copies of a demo photo) and
 * a long title; answers its page's path. The listing stays: deleting it would take its photos
 * from pages the public specs have open at the same time (the home page's newest listings),
 * and their browsers would log the 404s.
 */
async function postListingWithSixPhotos(request: APIRequestContext, title: string) {
  const signIn = await request.post('/api/auth/sign-in', {
    data: { username: 'demo-admin', password: 'Hub-demo-7319' },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const [, shown] = await listingWithPhotos(request);
  const photo = await request.get(shown.image_urls[0]!);
  expect(photo.ok()).toBe(true);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      category: 'product',
      subcategory: 'phones',
      title,
      description: 'Six photos, to see the gallery on a small phone.',
      price: 35000,
      whatsapp_number: '0712 345 678',
      product_condition: 'used',
    }),
  );
  const bytes = await photo.body();
  for (let i = 1; i <= 6; i++)
    form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
  const created = await request.post('/api/admin/listings', { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { path: `/marketplace/${id}` };
}

test.describe('a listing page on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('fits the screen with six photos: no sideways scrolling, the next-photo arrow and the title inside it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const title = `Samsung Galaxy S23 Ultra 512GB, boxed, with warranty ${Date.now().toString(36)}`;
    // A request context of its own: the staff session stays out of the visitor's browser.
    const staff = await playwright.request.newContext({ baseURL });
    const listing = await postListingWithSixPhotos(staff, title);
    try {
      await page.goto(listing.path);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await expect(heading).toBeVisible();
      await expect(page.getByRole('button', { name: /^Show photo \d+$/ })).toHaveCount(6);
      for (const phase of ['server', 'hydrated']) {
        if (phase === 'hydrated') await hydrated(page);
        expect(await sidewaysOverflow(page), phase).toBeLessThanOrEqual(0);
        const next = await page.getByRole('button', { name: 'Next photo' }).boundingBox();
        expect(next!.x, phase).toBeGreaterThanOrEqual(0);
        expect(next!.x + next!.width, phase).toBeLessThanOrEqual(320);
        const box = await heading.boundingBox();
        expect(box!.x + box!.width, phase).toBeLessThanOrEqual(320);
        expect(await heading.evaluate((node) => node.scrollWidth - node.clientWidth), phase).toBeLessThanOrEqual(0);
      }
    } finally {
      await staff.dispose();
    }
  });
});

test.describe('a listing page on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('keeps WhatsApp and call in a bar at the bottom that covers none of the page', async ({ page, request }) => {
    const [path] = await listingWithPhotos(request);
    await page.goto(path);
    const bar = page.getByRole('region', { name: 'Contact the seller' });
    await expect(bar).toBeVisible();
    const chat = bar.getByRole('link', { name: 'Chat on WhatsApp' });
    const call = bar.getByRole('link', { name: 'Call the seller' });
    for (const link of [chat, call]) {
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }
    // At the bottom of the screen from the start, as the server lays the page out.
    const bottom = async () => {
      const box = (await bar.boundingBox())!;
      return box.y + box.height;
    };
    expect(Math.abs((await bottom()) - 740)).toBeLessThanOrEqual(1);
    // The listing's last line can be scrolled clear of it...
    const report = page.getByRole('button', { name: 'Report this listing' });
    await report.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const reportBox = (await report.boundingBox())!;
    expect(reportBox.y + reportBox.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
    // ...and at the end of the page it rests above the footer, covering none of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(await bottom()).toBeLessThanOrEqual(footer.y + 1);
  });

  test('shows no contact bar on a wide screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const [path] = await listingWithPhotos(request);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contact the seller' })).toBeHidden();
  });
});

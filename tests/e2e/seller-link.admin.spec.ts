import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { ownAddress, signIn, unique } from './staff';

/**
 * The seller's own link (docs/product.md#the-sellers-link): after staff approve a seller's
 * listing, the link in the approval e-mail opens a page to change it (the change waits for
 * staff), renew it in its last week, and mark it sold; without script, with script, in Somali
 * and on a 320 px phone.
 */

/** A seller's listing posted, confirmed and approved through the API; staff's page, and the link. */
async function approvedListing(browser: Browser, title: string) {
  const staff = await browser.newContext({ javaScriptEnabled: true });
  const admin = await staff.newPage();
  await signIn(admin, 'admin');
  const email = `${unique('link-seller')}@example.com`;
  const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0e7490' } })
    .jpeg()
    .toBuffer();
  const posted = await admin.request.post('/api/submissions', {
    multipart: {
      data: JSON.stringify({
        category: 'product',
        subcategory: 'phones',
        title,
        description: 'A phone posted by its seller.',
        price: 12500,
        whatsapp_number: '0712 345 678',
        product_condition: 'used',
        seller_name: 'Hodan Seller',
        seller_email: email,
        consent: true,
      }),
      images: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    },
    headers: ownAddress(),
  });
  expect(posted.status(), await posted.text()).toBe(202);
  const linkIn = async (path: string) => {
    const outbox = await admin.request.get(`/api/admin/mail?recipient=${encodeURIComponent(email)}`);
    for (const { id } of (await outbox.json()).items as { id: string }[]) {
      const detail = await (await admin.request.get(`/api/admin/mail/${id}`)).json();
      const link = new RegExp(`https?://[^/\\s]+(${path}\\?token=[\\w-]+&lang=en)`).exec(detail.text)?.[1];
      if (link) return link;
    }
    throw new Error(`no ${path} link for ${email}`);
  };
  const confirm = await admin.request.post(await linkIn('/sell/confirm'), { form: {} });
  expect(confirm.status()).toBe(200);
  const queue = await (await admin.request.get('/api/admin/submissions?status=waiting&limit=100')).json();
  const mine = (queue.items as { id: string; listing: { title: string } }[]).find((i) => i.listing.title === title);
  const approved = await admin.request.post(`/api/admin/submissions/${mine?.id}/decision`, {
    data: { decision: 'approve' },
  });
  expect(approved.status()).toBe(200);
  const listingId = (await approved.json()).listingId as string;
  return { admin, staff, listingId, link: await linkIn('/sell/manage') };
}

/** Staff approve the change waiting for a listing. */
async function approveChange(admin: Page, listingId: string) {
  const queue = await (await admin.request.get('/api/admin/submissions?status=waiting&limit=100')).json();
  const change = (queue.items as { id: string; editOf: string | null }[]).find((i) => i.editOf === listingId);
  expect(change).toBeTruthy();
  const approved = await admin.request.post(`/api/admin/submissions/${change?.id}/decision`, {
    data: { decision: 'approve' },
  });
  expect(approved.status()).toBe(200);
}

test.describe('the seller’s link without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('changes the listing (staff approve it), renews it in its last week, and marks it sold', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const title = `Seller link phone ${unique('link')}`;
    const { admin, staff, listingId, link } = await approvedListing(browser, title);
    const photo = testInfo.outputPath('new.png');
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#b45309' } })
      .png()
      .toFile(photo);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Your listing' })).toBeVisible();
    await expect(page.getByText(`"${title}" is on the site until`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Renew for 30 days' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Change my listing' }).click();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByLabel('Price (KSH)')).toHaveValue('12500');
    await page.getByLabel('Price (KSH)').fill('9900');
    await page.getByLabel('Keep photo 1').uncheck();
    await page.getByLabel('Add photos').setInputFiles(photo);
    await page.getByRole('button', { name: 'Send my changes' }).click();
    await expect(page.getByText('Thank you: your changes wait for our team.')).toBeVisible();

    // Until staff approve, the listing shows as it was.
    const path = `/marketplace/${listingId}`;
    const before = await admin.request.get(`/api/listings/${listingId}`);
    expect((await before.json()).price).toBe(12500);
    await approveChange(admin, listingId);
    const after = await (await admin.request.get(`/api/listings/${listingId}`)).json();
    expect(after.price).toBe(9900);
    expect(after.image_urls).toHaveLength(1);
    expect(after.image_urls[0]).toMatch(/\.(png|webp|jpg)$/);

    // Its last week: staff bring the date near, and the seller renews.
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const trust = await admin.request.patch(`/api/admin/listings/${listingId}/trust`, { data: { expires_on: soon } });
    expect(trust.status()).toBe(200);
    await page.goto(link);
    await page.getByRole('button', { name: 'Renew for 30 days' }).click();
    await expect(page.getByRole('status')).toContainText('Renewed: your listing is on the site until');

    await page.getByRole('button', { name: 'Mark as sold' }).click();
    await expect(page.getByRole('status')).toContainText('Marked sold.');
    await page.goto(path);
    await expect(page.getByText('Sold', { exact: true }).first()).toBeVisible();
    await staff.close();
  });
});

test('with JavaScript, in Somali, on a 320 px phone: the change is sent in place, then renewed and sold', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Seller link JS ${unique('link')}`;
  const { admin, staff, listingId, link } = await approvedListing(browser, title);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(link.replace('lang=en', 'lang=so'));
  await expect(page.getByRole('heading', { level: 1, name: 'Xayeysiiskaaga' })).toBeVisible();
  await page.getByRole('link', { name: 'Beddel xayeysiiskayga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beddel xayeysiiskaaga' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByLabel('Cinwaanka', { exact: true }).fill(`${title} (new)`);
  await page.getByRole('button', { name: 'Dir isbeddelladayda' }).click();
  await expect(page.getByText('Mahadsanid: isbeddelladaadu waxay sugayaan kooxdayada.')).toBeVisible();
  // A second change waits for the first.
  await page.goto(link.replace('/sell/manage', '/sell/edit'));
  await expect(page.getByText('Your changes wait for our team')).toBeVisible();

  // Renewed in its last week and marked sold, in Somali.
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (await admin.request.patch(`/api/admin/listings/${listingId}/trust`, { data: { expires_on: soon } })).status(),
  ).toBe(200);
  await page.goto(link.replace('lang=en', 'lang=so'));
  await page.getByRole('button', { name: 'Cusboonaysii 30 maalmood' }).click();
  await expect(page.getByRole('status')).toContainText('Waa la cusboonaysiiyay');
  await page.getByRole('button', { name: 'Calaamadi inuu iibsaday' }).click();
  await expect(page.getByRole('status')).toContainText('Waxaa lagu calaamadiyay inuu iibsaday.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await staff.close();
});

import type { Browser, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { openSection, signIn } from './staff';

/**
 * A visitor reports a listing and staff see it; two visitors tap WhatsApp on one listing and
 * the staff Listings table counts 2 (docs/product.md#reports, #leads).
 */

async function createListing(page: Page, title: string): Promise<string> {
  const data = {
    category: 'product',
    subcategory: 'phones',
    title,
    description: 'Made by an end-to-end test.',
    price: 25_000,
    location: 'Eastleigh',
    whatsapp_number: '0712 345 678',
  };
  const response = await page.request.post('/api/admin/listings', { multipart: { data: JSON.stringify(data) } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/**
 * A visitor's own browser: its own user agent (the headless one is left out as a bot), its own
 * address (leads count one visitor per address; the server trusts loopback's X-Forwarded-For),
 * no shared state.
 */
async function visitor(browser: Browser, userAgent: string, address = '198.51.100.1') {
  const context = await browser.newContext({ userAgent, extraHTTPHeaders: { 'x-forwarded-for': address } });
  // The chat itself opens on WhatsApp's site, which the test does not need.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));
  return context;
}

test('a visitor reports a listing; staff see it open, resolve it and can reopen it', async ({ page, browser }) => {
  await signIn(page, 'admin');
  const title = `Reported phone ${Date.now()}`;
  const id = await createListing(page, title);

  const context = await visitor(
    browser,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  );
  const visit = await context.newPage();
  await visit.goto(`/marketplace/${id}`);
  await hydrated(visit);
  await visit.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = visit.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByLabel('What did you notice? (optional)').fill('Asked me to pay before seeing the phone.');
  await dialog.getByLabel('Your phone or e-mail (optional)').fill('amina@example.com');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. Your report reached our team.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await context.close();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Open reports' })).toBeVisible();
  await openSection(page, 'Reports');
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const report = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(report).toContainText('Scam or fraud');
  await expect(report).toContainText('Asked me to pay before seeing the phone.');
  await expect(report).toContainText('amina@example.com');
  await report.getByRole('button', { name: 'Resolve' }).click();
  await expect(report).toBeHidden();
  await page.getByLabel('Show').selectOption('resolved');
  await expect(page).toHaveURL(/status=resolved/);
  const resolved = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(resolved).toContainText('Resolved by demo-admin');
  await resolved.getByRole('button', { name: 'Reopen' }).click();
  await expect(resolved).toBeHidden();
});

test('two visitors tap WhatsApp on a listing: staff see 2 taps on it', async ({ page, browser }) => {
  await signIn(page, 'admin');
  const title = `Counted phone ${Date.now()}`;
  const id = await createListing(page, title);

  for (const [userAgent, address] of [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      '198.51.100.21',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', '198.51.100.22'],
  ] as const) {
    const context = await visitor(browser, userAgent, address);
    const visit = await context.newPage();
    await visit.goto(`/marketplace/${id}`);
    await hydrated(visit);
    const chat = context.waitForEvent('page');
    await visit
      .getByRole('link', { name: /WhatsApp/i })
      .first()
      .click();
    await (await chat).close();
    // The same visitor tapping again the same day is still one.
    const again = context.waitForEvent('page');
    await visit
      .getByRole('link', { name: /WhatsApp/i })
      .first()
      .click();
    await (await again).close();
    await context.close();
  }

  // Counts are written within a second; the table reads them when the page loads.
  await expect
    .poll(
      async () => {
        await page.goto(`/admin/listings?q=${encodeURIComponent(title)}`);
        const row = page.getByRole('row').filter({ hasText: title });
        await expect(row).toBeVisible();
        return (await row.textContent()) ?? '';
      },
      { timeout: 15_000 },
    )
    .toContain('2 views · 2 WhatsApp · 0 inquiries');

  await openSection(page, 'Analytics');
  const top = page.getByRole('region', { name: 'Top 10 listings by WhatsApp taps' });
  await expect(top.getByRole('row').filter({ hasText: title })).toContainText('2');
  await expect(page.getByRole('img', { name: /Chart of views, WhatsApp taps and inquiries per day/ })).toBeVisible();
});

test('a listing tapped by many addresses in a day is flagged in Analytics; one address with many browsers is one tap', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const title = `Jumped phone ${Date.now()}`;
  const id = await createListing(page, title);
  const tap = (address: string, browser: number) =>
    page.request.post('/api/leads', {
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'x-forwarded-for': address,
        'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.${browser}.0 Safari/537.36`,
      },
      data: JSON.stringify({ listingId: id, kind: 'phone' }),
    });
  // 40 browsers on one address: one visitor.
  for (let i = 0; i < 40; i++) expect((await tap('203.0.113.200', i)).status()).toBe(204);
  // 24 more addresses: 25 visitors on a listing that had none.
  for (let i = 1; i <= 24; i++) expect((await tap(`203.0.113.${i}`, 0)).status()).toBe(204);

  const jumps = page.getByRole('region', { name: 'Counts that jumped' });
  const row = jumps.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  // Counts are written within a second, in batches; the screen reads them when it loads. The
  // row shows once the jump passes its threshold, which can be before the last taps are in.
  await expect
    .poll(
      async () => {
        await page.goto('/admin/analytics');
        await expect(jumps).toBeVisible();
        return (await row.count()) === 1 ? (await row.getByRole('cell').nth(3).textContent())?.trim() : null;
      },
      { timeout: 15_000 },
    )
    .toBe('25');
  await expect(row).toContainText('Phone taps');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await expect(jumps).toContainText('check them before acting on the figures');
});

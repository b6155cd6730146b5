import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * On a slow connection the server's page can be used before its code arrives: what a visitor
 * types or picks then is applied once the scripts run (here held back by several seconds).
 */
const SCRIPT_DELAY_MS = 4_000;

async function delayScripts(page: Page): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
}

async function total(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/listings?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

// The service worker, once it controls the page, answers the scripts from its cache, where the
// delay above never sees them (a reload then ran the code at once).
test.use({ serviceWorkers: 'block' });

test.describe('before the scripts arrive', () => {
  test.setTimeout(60_000);

  test('text typed in the search box and a select picked are applied at hydration', async ({ page, request }) => {
    const expected = await total(request, 'category=product&q=phone&condition=used');
    await delayScripts(page);
    await page.goto('/marketplace', { waitUntil: 'commit' });
    await expect(page.getByLabel('Search')).toBeVisible();
    await expect(page.locator('html[data-interactive]')).toHaveCount(0);
    await page.getByLabel('Search').fill('phone');
    await page.getByLabel('Condition').selectOption({ label: 'Used' });
    // Still the server's page: nothing has happened yet.
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.locator('html[data-interactive]')).toHaveCount(0);

    await hydrated(page);
    await expect(page).toHaveURL(/[?&]q=phone/);
    await expect(page).toHaveURL(/[?&]condition=used/);
    await expect(page.getByRole('heading', { name: `${expected} Product(s) Found` })).toBeVisible();
    await expect(page.getByLabel('Search')).toHaveValue('phone');
    await expect(page.getByLabel('Condition')).toHaveValue('used');
    // Back undoes the early picks, as it would later ones (it left the site).
    await page.goBack();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.getByLabel('Condition')).toHaveValue('');
  });

  test('Back before a reloaded page’s code runs shows the page Back leads to, not the server’s', async ({
    page,
    request,
  }) => {
    const all = await total(request, 'category=product');
    await delayScripts(page);
    await page.goto('/marketplace', { waitUntil: 'commit' });
    await page.getByLabel('Condition').selectOption({ label: 'Used' });
    await hydrated(page);
    await expect(page).toHaveURL(/[?&]condition=used/);
    // Back before the reloaded page's code has run.
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByLabel('Condition')).toHaveValue('used');
    await expect(page.locator('html[data-interactive]')).toHaveCount(0);
    await page.goBack({ waitUntil: 'commit' });
    await hydrated(page);
    await expect(page.getByRole('heading', { name: `${all} Product(s) Found` })).toBeVisible();
    await expect(page.getByLabel('Condition')).toHaveValue('');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/marketplace$/);
  });

  test('the contact form keeps what was typed, and sends it once the scripts run', async ({ page }) => {
    await delayScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await expect(page.locator('html[data-interactive]')).toHaveCount(0);
    await page.getByLabel('Full Name').fill('Early Typist');
    await page.getByLabel('Email Address', { exact: true }).fill('early@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Typed before the scripts');
    await page.getByLabel('Your Message').fill('This text was typed before hydration.');

    await hydrated(page);
    await expect(page.getByLabel('Full Name')).toHaveValue('Early Typist');
    await expect(page.getByLabel('Your Message')).toHaveValue('This text was typed before hydration.');
    // The counter counts the text typed before the scripts, as soon as the form is live.
    await page.getByLabel('Full Name').focus();
    await expect(page.getByText('37/5000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    // Sent by the script, in place: no page load.
    await expect(page.getByText('Thank you for your message!')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
  });
});

test.describe('a form sent before the scripts arrive', () => {
  test.setTimeout(60_000);

  test('the page its action answered comes alive with the messages, then sends in place', async ({
    page,
    consoleErrors,
  }) => {
    await delayScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await page.getByLabel('Full Name').fill('Early Sender');
    await page.getByLabel('Email Address', { exact: true }).fill('not-an-email');
    await page.getByLabel('Subject', { exact: true }).fill('Sent before the scripts');
    await page.getByLabel('Your Message').fill('This was sent before hydration.');
    // Posted as a plain form: the server runs the contact page's action and answers with the page.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    // Hydrated with the action's answer (a different one would be a hydration error in the console).
    await hydrated(page);
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('Early Sender');
    await page.getByLabel('Email Address', { exact: true }).fill('early.sender@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you for your message!')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    // Chromium logs the page's own 400 (the action's answer); anything else stays an error.
    const answered = 'Failed to load resource: the server responded with a status of 400';
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !line.includes(answered)));
  });
});

test('a move inside the site is not mistaken for input typed before the scripts', async ({ page, request }) => {
  // Twelve a page: the order and page 2 must survive a Back to the list.
  expect(await total(request, 'category=product')).toBeGreaterThan(12);
  await page.goto('/marketplace?sort=price_asc&page=2');
  await hydrated(page);
  await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/marketplace\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: /Product\(s\) Found/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/marketplace\?sort=price_asc&page=2$/);
});

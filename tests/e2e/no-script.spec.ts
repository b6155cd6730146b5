import type { APIRequestContext } from '@playwright/test';
import { en } from '../../src/shared/i18n/en';
import { so } from '../../src/shared/i18n/so';
import { allowConsoleErrors, expect, test } from './fixtures';

/**
 * The site with JavaScript off: the filter form, the search box, page links, the contact form
 * and the newsletter are plain HTML that the server answers.
 */
test.use({ javaScriptEnabled: false });

async function total(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/listings?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

test.describe('without JavaScript', () => {
  test('filters by a select and by the search box, and pages by link', async ({ page, request }) => {
    const all = await total(request, 'category=product');
    const used = await total(request, 'category=product&condition=used');
    const phones = await total(request, 'category=product&q=phone');
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { name: `${all} Product(s) Found` })).toBeVisible();

    await page.getByLabel('Condition').selectOption({ label: 'Used' });
    await page.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(/\/marketplace\?condition=used$/);
    await expect(page.getByRole('heading', { name: `${used} Product(s) Found` })).toBeVisible();
    await expect(page.getByLabel('Condition')).toHaveValue('used');

    await page.getByLabel('Condition').selectOption({ label: 'All Conditions' });
    await page.getByLabel('Search').fill('phone');
    await page.getByLabel('Search').press('Enter');
    await expect(page).toHaveURL(/\/marketplace\?q=phone$/);
    await expect(page.getByRole('heading', { name: `${phones} Product(s) Found` })).toBeVisible();

    await page.goto('/marketplace');
    expect(all).toBeGreaterThan(12);
    // Followed from the keyboard: a click aims at a point, and the cards above may still move
    // as their photos and fonts arrive (a CI run's click landed on a card instead).
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).press('Enter');
    await expect(page).toHaveURL(/\/marketplace\?page=2$/);
    await expect(page.getByText('Page 2 of', { exact: false }).first()).toBeAttached();
  });

  test('drops a stale link’s bad parameters with a note, and a page past the end goes to the last', async ({
    page,
    request,
  }) => {
    const used = await total(request, 'category=product&condition=used');
    await page.goto('/marketplace?condition=used&minPrice=abc&bedrooms=2');
    await expect(page.getByRole('heading', { name: `${used} Product(s) Found` })).toBeVisible();
    await expect(
      page.getByText('Part of this link could not be used and was left out: Price Range, Bedrooms.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);

    await page.goto('/marketplace?page=99');
    await expect(page).toHaveURL(/\/marketplace\?page=2$/);
    await expect(page.getByRole('heading', { name: 'No Products Found' })).toHaveCount(0);
  });

  test('follows an alias and a stale address to their pages', async ({ page }) => {
    await page.goto('/cargo');
    await expect(page).toHaveURL(/\/visa-assistance$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/listings/some-old-link');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a removed listing or post is its friendly 404 page, with a way on', async ({ page, consoleErrors }) => {
    const listing = await page.goto('/real-estate/5b1f3c1e-8f2a-4c3b-9d4e-2a1b3c4d5e6f');
    expect(listing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Real Estate' })).toHaveAttribute('href', '/real-estate');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search' }).fill('house');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(/\/real-estate\?q=house$/);

    const post = await page.goto('/blog/no-such-post');
    expect(post?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
    allowConsoleErrors(consoleErrors, /status of 404/);
  });

  test('sends the contact form, then shows the messages of an invalid one with its values', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('Hodan Ali');
    await page.getByLabel('Email Address', { exact: true }).fill(`noscript-${Date.now()}@example.com`);
    await page.getByLabel('Subject', { exact: true }).fill('Shipping to Hargeisa');
    await page.getByLabel('Your Message').fill('How long does a parcel take to Hargeisa?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByText('Thank you for your message!')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('');

    await page.getByLabel('Full Name').fill('Hodan Ali');
    await page.getByLabel('Email Address', { exact: true }).fill('not-an-email');
    await page.getByLabel('Your Message').fill('short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message should be at least 10 characters long')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('Hodan Ali');
    await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue('not-an-email');
    await expect(page.getByText('5/5000 characters')).toBeVisible();
    // The invalid form's page answers 400, which the browser logs.
    allowConsoleErrors(consoleErrors, /status of 400/);
  });

  test('switches the language by link, on the same page with its other parameters', async ({ page, context }) => {
    await page.goto('/marketplace?condition=used&q=phone');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const language = page.getByRole('group', { name: en.common.language.label });
    await expect(language.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await language.getByRole('link', { name: 'Soomaali' }).press('Enter');
    await expect(page).toHaveURL(/\/marketplace\?condition=used&q=phone&lang=so$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'so');
    await expect(page.getByLabel(so.listings.filters.condition)).toHaveValue('used');
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('so');

    const somali = page.getByRole('group', { name: so.common.language.label });
    await expect(somali.getByRole('link', { name: 'Soomaali' })).toHaveAttribute('aria-current', 'true');
    await somali.getByRole('link', { name: 'English' }).press('Enter');
    await expect(page).toHaveURL(/\/marketplace\?condition=used&q=phone&lang=en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('subscribes to the newsletter and comes back to the same page', async ({ page }) => {
    await page.goto('/about');
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('nope');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveValue('nope');
    await email.fill(`noscript-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
  });
});

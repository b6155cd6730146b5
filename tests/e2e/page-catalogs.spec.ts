import type { Page } from '@playwright/test';
import { en } from '../../src/shared/i18n/en';
import { so } from '../../src/shared/i18n/so';
import { expect, hydrated, test } from './fixtures';
import { CONTENT_PAGES } from './public-pages';

// What a page loads of the message catalogs (decision 0063): English pages neither the Somali
// texts nor the staff ones; a page in Somali has its texts before it hydrates.

const SOMALI_TEXTS = /\/assets\/somali-messages-[^/]+\.js$/;
const STAFF_CODE = /\/assets\/(admin|password-strength)[^/]*\.js$/;

/** Every script the page fetches, from now on. */
function scriptsFetched(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/')) urls.push(request.url());
  });
  return urls;
}

/** Hydrates the parts that wait (cards, footer), as the first key press does. */
async function hydrateEveryPart(page: Page) {
  await page.keyboard.press('Shift');
  await expect
    .poll(() =>
      page
        .locator('[data-hydrate-later]')
        .evaluateAll((parts) => parts.every((part) => Object.keys(part).some((key) => key.startsWith('__reactFiber')))),
    )
    .toBe(true);
}

// The service worker would fetch every public chunk for its offline copy; only the page's own requests count here.
test.use({ serviceWorkers: 'block' });

test('an English page fetches neither the Somali texts nor staff code; switching to Somali fetches its texts', async ({
  page,
}) => {
  const fetched = scriptsFetched(page);
  for (const path of CONTENT_PAGES) {
    await page.goto(path);
    await hydrated(page);
    await hydrateEveryPart(page);
    await expect(page.locator('link[rel="modulepreload"][href*="somali-messages"]')).toHaveCount(0);
  }
  expect(fetched.filter((url) => SOMALI_TEXTS.test(url) || STAFF_CODE.test(url))).toEqual([]);
  expect(fetched.length).toBeGreaterThan(0);

  await page.goto('/contact');
  await hydrated(page);
  await page.getByRole('link', { name: 'Soomaali' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(so.contact.hero.title);
  await expect(page.getByRole('contentinfo')).toContainText(so.layout.footer.quickLinksTitle);
  expect(fetched.filter((url) => SOMALI_TEXTS.test(url))).toHaveLength(1);
  expect(fetched.filter((url) => STAFF_CODE.test(url))).toEqual([]);
  // And back: English is always there.
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.contact.hero.title);
});

test("a page in Somali hydrates the server's HTML as it is: its texts preloaded, no mismatch", async ({
  page,
  context,
  baseURL,
}) => {
  const hydrationMessages: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) hydrationMessages.push(message.text());
  });
  // The server's heading, kept before any script runs: hydration adopts it, a mismatch would replace it.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        Object.assign(window, { serverHeading: document.querySelector('#root h1') });
      }
    });
  });
  const keptHeading = () =>
    page.evaluate(() => {
      const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
      const heading = document.querySelector('#root h1');
      return (
        Boolean(kept) && kept === heading && Object.keys(kept as Element).some((k) => k.startsWith('__reactFiber'))
      );
    });
  const fetched = scriptsFetched(page);

  for (const path of ['/?lang=so', '/marketplace?lang=so', '/blog?lang=so']) {
    await page.goto(path);
    await expect(page.locator('link[rel="modulepreload"][href*="somali-messages"]')).toHaveCount(1);
    await hydrated(page);
    await hydrateEveryPart(page);
    expect(await keptHeading(), path).toBe(true);
    await expect(page.getByRole('contentinfo')).toContainText(so.layout.footer.quickLinksTitle);
  }
  // The remembered choice alone (no ?lang=) does the same.
  await context.clearCookies();
  await context.addCookies([{ name: 'lang', value: 'so', url: baseURL ?? '' }]);
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await hydrated(page);
  await hydrateEveryPart(page);
  expect(await keptHeading(), '/about with the lang cookie').toBe(true);
  expect(fetched.filter((url) => SOMALI_TEXTS.test(url)).length).toBeGreaterThan(0);
  expect(fetched.filter((url) => STAFF_CODE.test(url))).toEqual([]);
  expect(hydrationMessages).toEqual([]);
});

test('the staff sign-in shows its texts, which come with the staff code, in a Somali visitor’s browser too', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'so', url: baseURL ?? '' }]);
  const fetched = scriptsFetched(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: en.admin.signIn.title })).toBeVisible();
  await expect(page.getByText(en.admin.signIn.subtitle)).toBeVisible();
  await expect(page.getByRole('button', { name: en.admin.signIn.submit })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('admin.signIn');
  expect(fetched.filter((url) => STAFF_CODE.test(url)).length).toBeGreaterThan(0);
});

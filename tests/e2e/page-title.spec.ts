import { en } from '../../src/shared/i18n/en';
import { expect, hydrated, test } from './fixtures';

/**
 * The tab's title stays the page's own from the first paint on: hydration must not empty it
 * or put the site's default back, even for a moment.
 */
const SAMPLED_PAGES = ['/saved', '/marketplace', '/real-estate', '/business-sales', '/visa-assistance', '/blog'];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const samples: string[] = [];
    (window as unknown as { titleSamples: string[] }).titleSamples = samples;
    // From the moment there is a body (the head is parsed, so a paint may come), every change.
    const sample = () => {
      if (document.body && samples.at(-1) !== document.title) samples.push(document.title);
    };
    new MutationObserver(sample).observe(document, { subtree: true, childList: true, characterData: true });
    const everyFrame = () => {
      sample();
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  });
});

async function sampledTitles(page: import('@playwright/test').Page, url: string): Promise<string[]> {
  await page.goto(url);
  await hydrated(page);
  // Past hydration and the renders right after it (saved listings read from the device).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  return page.evaluate(() => (window as unknown as { titleSamples: string[] }).titleSamples);
}

for (const url of SAMPLED_PAGES) {
  test(`${url} keeps its own title while it hydrates`, async ({ page }) => {
    const samples = await sampledTitles(page, url);
    const final = await page.title();
    expect(final).not.toBe('');
    expect(final).not.toBe(en.common.meta.defaultTitle);
    expect(samples, 'document.title from the first paint on').toEqual([final]);
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  });
}

test('a listing page keeps its own title while it hydrates, with saved listings on the device', async ({ page }) => {
  await page.goto('/marketplace');
  await hydrated(page);
  const card = page.getByRole('article').first();
  const href = await card.getByRole('link').first().getAttribute('href');
  await card.getByRole('button', { name: en.listings.saved.save, exact: true }).click();
  expect(href).toMatch(/^\/marketplace\/[0-9a-f-]{36}$/);
  for (const url of [href!, '/saved']) {
    const samples = await sampledTitles(page, url);
    const final = await page.title();
    expect(final).not.toBe(en.common.meta.defaultTitle);
    expect(samples, `document.title from the first paint on (${url})`).toEqual([final]);
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  }
});

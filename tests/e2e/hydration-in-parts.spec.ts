import type { Locator } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { CONTENT_PAGES } from './public-pages';

/** Whether React has adopted a server-rendered element (it keeps its fiber on the node). */
const adopted = (locator: Locator) =>
  locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));

test.use({ viewport: { width: 360, height: 740 } });

test('the footer and the cards below the first screen are hydrated when they come near it, not with the page', async ({
  page,
}) => {
  await page.goto('/marketplace');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  const cards = page.locator('section[aria-labelledby="results-heading"] ul > li [data-hydrate-later]');
  await expect(cards).toHaveCount(12);
  expect(await adopted(cards.first())).toBe(true);
  expect(await adopted(cards.last())).toBe(false);
  expect(await adopted(footer)).toBe(false);
  // Server HTML meanwhile: the links work as links.
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(() => adopted(cards.last())).toBe(true);
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(() => adopted(footer)).toBe(true);
  // Now the app's: a footer link navigates without reloading the page.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('a part focused before it is hydrated is hydrated then, keeping the focus', async ({ page }) => {
  await page.goto('/about');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  expect(await adopted(footer)).toBe(false);
  // Keyboard: focus moves into the footer, which hydrates around the focused link.
  await footer.getByRole('link', { name: 'Privacy Policy' }).focus();
  await expect.poll(() => adopted(footer)).toBe(true);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeFocused();
});

test('the first tap anywhere hydrates every part, so a language switch changes them too', async ({ page }) => {
  await page.goto('/marketplace');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  expect(await adopted(footer)).toBe(false);
  await page.getByRole('link', { name: 'Soomaali' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await expect(footer.getByRole('heading', { name: 'Xiriiriyeyaal Degdeg ah' })).toBeAttached();
  expect(await adopted(footer)).toBe(true);
  await expect(footer).not.toContainText('Quick Links');
});

test('the public pages hydrate without starting Intl, whose first use costs a phone a long task', async ({ page }) => {
  // Every way a page could reach ICU's number and date data, counted from the first script on.
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { intlCalls: calls });
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const original = Intl[name];
      const traced = new Proxy(original, {
        construct(target, args) {
          calls.push(name);
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          calls.push(name);
          return Reflect.apply(target, self, args);
        },
      });
      Object.assign(Intl, { [name]: traced });
    }
    const methods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
    ];
    for (const [prototype, method] of methods) {
      const original = Reflect.get(prototype, method) as (...args: unknown[]) => string;
      Object.defineProperty(prototype, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          calls.push(method);
          return original.apply(this, args);
        },
      });
    }
  });
  const intlCalls = () => page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls);
  const firstHref = (selector: string) => page.locator(selector).first().getAttribute('href');

  await page.goto('/marketplace');
  const listing = await firstHref('section[aria-labelledby="results-heading"] ul > li a');
  await page.goto('/blog');
  const post = await firstHref('main a[href^="/blog/"]');
  expect(listing).toBeTruthy();
  expect(post).toBeTruthy();
  // Last, in Somali: its dates took a separate path through Intl.
  const somali = ['/marketplace', '/blog', String(post)].map((path) => `${path}?lang=so`);
  for (const path of [...CONTENT_PAGES, '/marketplace?q=phone&page=2', String(listing), String(post), ...somali]) {
    await page.goto(path);
    await hydrated(page);
    // A key press hydrates the parts still waiting (cards, footer) as well.
    await page.keyboard.press('Shift');
    await expect
      .poll(() =>
        page
          .locator('[data-hydrate-later]')
          .evaluateAll((parts) =>
            parts.every((part) => Object.keys(part).some((key) => key.startsWith('__reactFiber'))),
          ),
      )
      .toBe(true);
    expect(await intlCalls(), path).toEqual([]);
  }
});

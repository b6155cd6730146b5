import type { Page } from '@playwright/test';
import { en } from '../../src/shared/i18n/en';
import { ENGLISH_ONLY_NAMESPACES, readsTheSameInBothLanguages } from '../../src/shared/i18n/same-in-both-languages';
import { so } from '../../src/shared/i18n/so';
import { expect, test } from './fixtures';

const PUBLIC_PAGES = [
  '/',
  '/marketplace',
  '/real-estate',
  '/business-sales',
  '/visa-assistance',
  '/about',
  '/blog',
  '/contact',
  '/faq',
  '/terms',
  '/privacy',
];

/** Every English text a visitor could see, as matchers: {placeholders} match anything. */
function englishMatchers(): { text: string; test: (s: string) => boolean }[] {
  const leaves = (node: unknown, prefix: string): [string, string][] =>
    typeof node === 'string'
      ? [[prefix, node]]
      : Object.entries(node as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return leaves(en, '')
    .filter(([key]) => !ENGLISH_ONLY_NAMESPACES.includes(key.split('.')[0] ?? ''))
    .map(([, text]) => text.trim())
    .filter((text) => text && !readsTheSameInBothLanguages(text))
    .map((text) => {
      if (!/\{\w+\}/.test(text)) return { text, test: (s: string) => s === text };
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+');
      const pattern = new RegExp(`^${escaped}$`);
      return { text, test: (s: string) => pattern.test(s) };
    });
}
const ENGLISH = englishMatchers();

/** The strings a visitor sees or hears: text, labels, placeholders, options, title, description. */
async function visibleStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const add = (value: string | null | undefined) => {
      const text = (value ?? '').replace(/\s+/g, ' ').trim();
      if (text) seen.add(text);
    };
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const parent = walker.currentNode.parentElement;
      if (parent && !parent.closest('script, style, noscript, template') && visible(parent)) {
        add(walker.currentNode.textContent);
        // A text split over several nodes (a count beside its words) as the visitor reads it.
        if (parent.children.length === 0) add(parent.textContent);
      }
    }
    for (const el of document.querySelectorAll('body *')) {
      if (!visible(el)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt', 'aria-description']) add(el.getAttribute(name));
      if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type)) add(el.value);
      if (el instanceof HTMLSelectElement) for (const option of el.options) add(option.textContent);
    }
    add(document.title);
    add(document.querySelector('meta[name="description"]')?.getAttribute('content'));
    return [...seen];
  });
}

/** Waits until data has arrived and nothing on the page says it is still loading. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const loading of [en.common.states.loading, so.common.states.loading]) {
    await expect(page.getByText(loading, { exact: true })).toHaveCount(0);
  }
}

async function expectNoEnglish(page: Page, path: string) {
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  const strings = await visibleStrings(page);
  const english = strings.filter((s) => ENGLISH.some((m) => m.test(s)));
  expect(english, `English catalog texts left on ${path} in Somali`).toEqual([]);
}

test.describe('the public site in Somali', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} shows no English catalog text`, async ({ page }) => {
      const response = await page.goto(`${path}?lang=so`);
      expect(response?.status()).toBe(200);
      await expectNoEnglish(page, path);
    });
  }

  test('detail pages (a listing of each kind, a blog post) show no English catalog text', async ({ page }) => {
    const details: string[] = [];
    for (const list of ['/marketplace', '/real-estate', '/business-sales', '/visa-assistance', '/blog']) {
      await page.goto(`${list}?lang=so`);
      await settle(page);
      const href = await page
        .locator(`main a[href^="${list}/"]`)
        .first()
        .getAttribute('href', { timeout: 1_000 })
        .catch(() => null);
      if (href) details.push(href.split('?')[0] ?? href);
    }
    for (const path of details) {
      await page.goto(`${path}?lang=so`);
      await expectNoEnglish(page, path);
    }
  });
});

test('the check itself finds English catalog texts on the English site', async ({ page }) => {
  await page.goto('/?lang=en');
  await settle(page);
  const strings = await visibleStrings(page);
  expect(strings.filter((s) => ENGLISH.some((m) => m.test(s)))).toContain(en.common.language.label);
});

test.describe('choosing Somali', () => {
  test('the switch changes the page, <html lang> and the cookie, and the choice survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const language = page.getByRole('group', { name: en.common.language.label });
    await expect(language.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await language.getByRole('button', { name: 'Soomaali' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'so');
    await expect(page.getByRole('group', { name: so.common.language.label })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'so', sameSite: 'Lax', path: '/' });
    // About a year from now.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'so');
    await expect(page.getByRole('button', { name: 'Soomaali' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a shared ?lang=so link opens in Somali and is remembered; switching keeps the link in step', async ({
    page,
  }) => {
    await page.goto('/about?lang=so');
    await expect(page.locator('html')).toHaveAttribute('lang', 'so');
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'so');

    await page.goto('/about?lang=so');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/about\?lang=en$/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { en } from '../../src/shared/i18n/en';
import { expect, hydrated, test } from './fixtures';
import { DESKTOP, LANGUAGES, PHONE, PUBLIC_PAGES } from './public-pages';

/**
 * How the public pages sit on a phone (360 × 740, and the narrowest phones at 320 px) and on
 * a desktop (1280 × 800), in English and Somali: card grids, sideways scrolling, the header
 * and the hero.
 */

/** Waits until the page's code has hydrated it (see AppProviders). */
async function interactive(page: Page) {
  await hydrated(page);
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Each result card (the <article>) with the grid cell (<li>) it sits in. */
async function cards(page: Page): Promise<{ cell: Box; card: Box }[]> {
  const items = page.locator('section[aria-labelledby="results-heading"] > ul > li');
  await expect(items.first()).toBeVisible();
  // Every cell holds its card: a cell can come a moment before its card while results render.
  await expect(items.filter({ hasNot: page.locator('article') })).toHaveCount(0);
  return items.evaluateAll((lis) =>
    lis.map((li) => {
      const box = (element: Element | null): Box => {
        const r = element?.getBoundingClientRect() ?? { top: 0, left: 0, width: 0, height: 0 };
        return { top: Math.round(r.top), left: Math.round(r.left), width: r.width, height: r.height };
      };
      return { cell: box(li), card: box(li.querySelector('article')) };
    }),
  );
}

/** Every card fills its grid cell; the cards of a row share one width and one height. */
function expectEvenGrid(grid: { cell: Box; card: Box }[], columns: number) {
  expect(grid.length).toBeGreaterThan(0);
  for (const { cell, card } of grid) {
    expect(card.width, 'a card as wide as its column').toBeCloseTo(cell.width, 0);
    expect(card.height, 'a card as tall as its row').toBeCloseTo(cell.height, 0);
  }
  const rows = new Map<number, Box[]>();
  for (const { card } of grid) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
  for (const row of rows.values()) {
    expect(row.length).toBeLessThanOrEqual(columns);
    for (const card of row) {
      expect(card.width).toBeCloseTo(row[0]!.width, 0);
      expect(card.height).toBeCloseTo(row[0]!.height, 0);
    }
  }
  // A full first row: as many cards side by side as the grid has columns.
  if (grid.length >= columns) expect(rows.get(grid[0]!.card.top)).toHaveLength(columns);
}

for (const [viewport, columns] of [
  [PHONE, 1],
  [DESKTOP, 3],
] as const) {
  test.describe(`result cards at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('visa cards fill their columns evenly', async ({ page }) => {
      await page.goto('/visa-assistance');
      expectEvenGrid(await cards(page), columns);
    });

    test('cards whose photos are slow fill their columns evenly', async ({ page }) => {
      // Photos that never arrive: the cards must not shrink to their text.
      await page.route('**/media/**', () => {});
      await page.goto('/marketplace', { waitUntil: 'domcontentloaded' });
      expectEvenGrid(await cards(page), columns);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });

    test('the page links stay where they are as the cards above them come into view', async ({ page }) => {
      for (const path of ['/marketplace', '/real-estate', '/business-sales', '/visa-assistance']) {
        await page.goto(path);
        await interactive(page);
        // Until a card nears the screen the browser skips it and holds its place with a guessed
        // height; once shown it takes its real one. A guess far off moves the links below.
        const moved = await page.evaluate(async () => {
          const links = document.querySelector('section[aria-labelledby="results-heading"] nav');
          if (!links) return null;
          links.scrollIntoView({ block: 'end' });
          const before = links.getBoundingClientRect().top;
          for (let frame = 0; frame < 5; frame++) await new Promise(requestAnimationFrame);
          return links.getBoundingClientRect().top - before;
        });
        expect(moved, path).not.toBeNull();
        expect(Math.abs(moved ?? 0), `${path}: the page links moved`).toBeLessThanOrEqual(30);
      }
    });

    test('a card without photos is as wide as the others', async ({ page }) => {
      await page.route('**/api/listings?*', async (route) => {
        try {
          const response = await route.fetch();
          const body = (await response.json()) as { items: { image_urls: string[] }[] };
          for (const item of body.items.slice(0, 2)) item.image_urls = [];
          await route.fulfill({ response, json: body });
        } catch (error) {
          // A request the page dropped meanwhile (the first page's, once the sort changed):
          // its answer is gone, and nobody waits for it.
          if (!/disposed|closed|already handled/i.test(String(error))) throw error;
        }
      });
      await page.goto('/real-estate');
      await interactive(page);
      // A new sort asks the API again (in the page, so the route above answers).
      await page.getByLabel(en.listings.filters.sort).selectOption('price_asc');
      await expect(page).toHaveURL(/sort=price_asc/);
      await expect(page.getByText(en.common.states.imageNotAvailable).first()).toBeVisible();
      expectEvenGrid(await cards(page), columns);
    });
  });
}

async function listingPaths(request: APIRequestContext): Promise<string[]> {
  const routes = {
    product: 'marketplace',
    property: 'real-estate',
    business: 'business-sales',
    visa: 'visa-assistance',
  };
  const paths: string[] = [];
  for (const [category, route] of Object.entries(routes)) {
    const response = await request.get(`/api/listings?category=${category}&pageSize=1`);
    const { items } = (await response.json()) as { items: { id: string }[] };
    paths.push(`/${route}/${items[0]!.id}`);
  }
  return paths;
}

for (const [locale, messages] of LANGUAGES) {
  test.describe(`${locale} at 320 and 360 px`, () => {
    test.use({ viewport: { width: 320, height: 740 }, locale });

    // Each page loads once and is measured at both widths (a resize applies the same styles a
    // load at that width would): half the page loads of a load per width.
    test('no public page is wider than the screen', async ({ page, request }) => {
      test.setTimeout(90_000);
      const wide: string[] = [];
      for (const path of [...PUBLIC_PAGES, '/blog/1', ...(await listingPaths(request))]) {
        await page.setViewportSize({ width: 320, height: 740 });
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await interactive(page);
        // The footer's newsletter form appears as the footer nears the view.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(page.locator('#newsletter-email')).toBeVisible();
        for (const width of [320, 360]) {
          await page.setViewportSize({ width, height: 740 });
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) wide.push(`${path} at ${width} px: ${scrollWidth} px`);
        }
      }
      expect(wide).toEqual([]);
      // A long page (a listing with similar ones under it) may have grown as its footer hydrated.
      const subscribe = page.getByRole('button', { name: messages.newsletter.subscribe, exact: true });
      for (const width of [320, 360]) {
        await page.setViewportSize({ width, height: 740 });
        await subscribe.scrollIntoViewIfNeeded();
        await expect(subscribe).toBeInViewport({ ratio: 1 });
      }
    });
  });

  for (const width of [320, 360]) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: 740 }, locale });

      test('the header stays one line: brand, language switch and menu button', async ({ page }) => {
        await page.goto('/');
        await interactive(page);
        const header = page.getByRole('banner');
        const brand = header.getByRole('link', { name: /Somali Diaspora Hub/ });
        const menu = header.getByRole('button', { name: messages.layout.nav.openMenu });
        const language = header.getByRole('group', { name: messages.common.language.label });
        for (const part of [brand, menu, language]) await expect(part).toBeInViewport({ ratio: 1 });

        const measured = await page.evaluate(() => {
          const banner = document.querySelector('header')!;
          const name = [...banner.querySelectorAll('span')].find(
            (s) => s.textContent === 'Somali Diaspora Hub' && s.children.length === 0,
          );
          const lines = (element: Element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          };
          return {
            height: banner.getBoundingClientRect().height,
            nameShown: Boolean(name && name.getClientRects().length > 0),
            nameLines: name ? lines(name) : 0,
            nameClipped: name ? name.scrollWidth > name.clientWidth : false,
          };
        });
        // One row of 44 px controls with its padding; three lines of brand made it 92 px.
        expect(measured.height).toBeLessThanOrEqual(76);
        expect(measured.nameShown).toBe(true);
        expect(measured.nameLines).toBe(1);
        expect(measured.nameClipped).toBe(false);
      });
    });
  }

  test.describe(`${locale} sort and newsletter at 360 px`, () => {
    test.use({ viewport: PHONE, locale });

    test('the sort label stays on one line and the newsletter placeholder shows whole', async ({ page }) => {
      await page.goto('/marketplace');
      await interactive(page);
      const sort = page.locator('label:has(select[name="sort"])');
      const lines = await sort.evaluate((label) => {
        const range = document.createRange();
        range.selectNodeContents(label.firstChild as Node);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const email = page.locator('#newsletter-email');
      await expect(email).toBeVisible();
      const fit = await email.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { text: Math.ceil(context.measureText(input.placeholder).width), room: Math.floor(room) };
      });
      expect(fit.text, `placeholder ${fit.text} px in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    });
  });

  test.describe(`${locale} home service cards at ${DESKTOP.width} px`, () => {
    test.use({ viewport: DESKTOP, locale });

    test('the service cards of a row line up: same height, buttons at the same place', async ({ page }) => {
      await page.goto('/');
      const cards = page.locator('#services ul > li');
      await expect(cards).toHaveCount(6);
      const boxes = await cards.evaluateAll((lis) =>
        lis.map((li) => {
          const r = li.getBoundingClientRect();
          const explore = li.querySelector('a')!.getBoundingClientRect();
          return { top: Math.round(r.top), height: Math.round(r.height), explore: Math.round(explore.top - r.top) };
        }),
      );
      const rows = new Map<number, typeof boxes>();
      for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
      for (const row of rows.values()) {
        expect(new Set(row.map((b) => b.height)).size, JSON.stringify(row)).toBe(1);
        expect(new Set(row.map((b) => b.explore)).size, JSON.stringify(row)).toBe(1);
      }
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test.describe(`${locale} hero at ${viewport.width} px`, () => {
      test.use({ viewport, locale });

      test('the hero figures sit on one line even when a label wraps', async ({ page }) => {
        await page.goto('/');
        const figures = page.locator('section dl dd');
        await expect(figures).toHaveCount(3);
        const tops = await figures.evaluateAll((dds) => dds.map((dd) => Math.round(dd.getBoundingClientRect().top)));
        expect(new Set(tops).size, `figure tops ${tops.join(', ')}`).toBe(1);
      });
    });
  }
}

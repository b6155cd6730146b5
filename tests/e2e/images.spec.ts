import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { allowConsoleErrors, expect, hydrated, test } from './fixtures';
import { LANGUAGES, VIEWPORTS } from './public-pages';

/** Photos that fail, and photos of every shape, at a phone's and a desktop's size. */

/** The first three result cards: their photos load at once, before the page's code runs. */
const firstCards = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"] > ul > li').locator('article');

/** The element's pixels as RGB rows, from a screenshot of it. */
async function pixels(element: Locator) {
  const { data, info } = await sharp(await element.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number) => {
      const i = (Math.round(y) * info.width + Math.round(x)) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    },
  };
}

for (const viewport of VIEWPORTS) {
  for (const [locale, messages] of LANGUAGES) {
    const imageNotAvailable = messages.common.states.imageNotAvailable;

    test.describe(`failed photos in ${locale} at ${viewport.width} px`, () => {
      test.use({ viewport, locale });

      test('the first cards say "Image not available" once the page runs', async ({ page, consoleErrors }) => {
        await page.route(/\/(media|uploads)\//, (route) => route.abort());
        await page.goto('/marketplace');
        await hydrated(page);
        for (let i = 0; i < 3; i++) {
          // A card below the first screen is hydrated when it comes near it (decision 0046).
          await firstCards(page).nth(i).scrollIntoViewIfNeeded();
          await expect(firstCards(page).nth(i).getByText(imageNotAvailable, { exact: true })).toBeVisible();
        }
        await expect(firstCards(page).first().locator('img')).toHaveCount(0);
        allowConsoleErrors(consoleErrors, /ERR_FAILED/);
      });
    });

    test.describe(`failed photos without JavaScript in ${locale} at ${viewport.width} px`, () => {
      test.use({ viewport, locale, javaScriptEnabled: false });

      test('the first cards say "Image not available" instead of a broken-image icon', async ({
        page,
        consoleErrors,
      }) => {
        await page.route(/\/(media|uploads)\//, (route) => route.abort());
        await page.goto('/marketplace');
        for (let i = 0; i < 3; i++) {
          const image = firstCards(page).nth(i).locator('img');
          await expect
            .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0))
            .toBe(true);
          const fallback = await image.evaluate((img) => getComputedStyle(img, '::after').content);
          expect(fallback).toBe(JSON.stringify(imageNotAvailable));
          // No broken-image icon or border: the image's top-left area (inside the card's rounded
          // corner) is the fallback's plain grey.
          const shot = await pixels(image);
          const grey = shot.at(6, 6);
          for (let y = 6; y < 30; y += 2) {
            for (let x = 6; x < 30; x += 2) expect(shot.at(x, y), `pixel ${x}, ${y}`).toEqual(grey);
          }
          expect(Math.min(...grey)).toBeGreaterThan(230);
        }
        allowConsoleErrors(consoleErrors, /ERR_FAILED/);
      });
    });
  }

  test.describe(`the gallery at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('shows the whole of a portrait photo', async ({ page, request }) => {
      // A 1:2 phone photo: a red band along its top edge, a blue one along its bottom edge.
      const band = (color: string) => `<rect width="600" height="60" fill="${color}"/>`;
      const portrait = await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="1200"><rect width="600" height="1200" fill="#fff"/>${band('#f00')}<g transform="translate(0 1140)">${band('#00f')}</g></svg>`,
        ),
      )
        .png()
        .toBuffer();
      await page.route('**/media/**', (route) => route.fulfill({ contentType: 'image/png', body: portrait }));
      const response = await request.get('/api/listings?category=product&pageSize=1');
      const [listing] = ((await response.json()) as { items: { id: string; title: string }[] }).items;
      await page.goto(`/marketplace/${listing!.id}`);
      const photo = page.getByRole('img', { name: /^Photo 1 of \d+: / });
      await expect(photo).toBeVisible();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      const shot = await pixels(photo);
      const middle = shot.width / 2;
      const red = ([r, g, b]: readonly number[]) => r! > 200 && g! < 60 && b! < 60;
      const blue = ([r, g, b]: readonly number[]) => r! < 60 && g! < 60 && b! > 200;
      expect(red(shot.at(middle, 3)), 'the top edge of the photo is in view').toBe(true);
      expect(blue(shot.at(middle, shot.height - 4)), 'the bottom edge of the photo is in view').toBe(true);
    });
  });
}

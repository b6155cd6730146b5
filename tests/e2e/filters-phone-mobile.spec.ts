import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// The phone the issue was measured on: results must start on its first screen.
test.use({ viewport: { width: 360, height: 740 } });

const PAGES = ['/marketplace', '/real-estate', '/business-sales', '/visa-assistance'];
const firstCard = (page: Page) => page.locator('section[aria-labelledby="results-heading"] ul > li').first();

async function firstCardTop(page: Page): Promise<number> {
  const box = await firstCard(page).boundingBox();
  if (!box) throw new Error('no result card');
  return box.y;
}

test.describe('category pages on a 360 × 740 phone', () => {
  for (const path of PAGES) {
    test(`${path}: the first result starts on the first screen, as the server lays it out`, async ({ browser }) => {
      // The server's page alone, without scripts: what a phone shows before they arrive.
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      const before = await firstCardTop(page);
      expect(before).toBeLessThan(740);
      const filters = page.getByRole('button', { name: 'Filters (0)' });
      await expect(filters).toBeVisible();
      // One search box at the top of the results, the filters one tap away.
      const search = page.getByRole('searchbox', { name: 'Search' });
      await expect(search).toBeVisible();
      expect((await search.boundingBox())!.y).toBeLessThan((await filters.boundingBox())!.y);
      await context.close();
    });

    test(`${path}: nothing moves when the scripts take over`, async ({ page }) => {
      await page.goto(path);
      const before = await firstCardTop(page);
      await hydrated(page);
      expect(await firstCardTop(page)).toBe(before);
      expect(before).toBeLessThan(740);
    });
  }

  test('the filters open as a sheet; a picked filter shows as a chip, counted, that removes it', async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    const opener = page.getByRole('button', { name: 'Filters (0)' });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    // The page behind is inert: Tab goes through the sheet's own controls only.
    await expect(sheet.getByRole('button', { name: 'Close filters' })).toBeFocused();
    const controls = await sheet.locator('button:visible, input:visible, select:visible, a[href]:visible').count();
    for (let i = 1; i < controls; i++) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await sheet.getByLabel('Category').selectOption('electronics');
    await expect(page).toHaveURL(/subcategory=electronics/);
    await sheet.getByRole('button', { name: 'Close filters' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
    const chip = page.getByRole('link', { name: 'Remove filter Category: Electronics' });
    await expect(chip).toBeVisible();
    expect(await firstCardTop(page)).toBeLessThan(740);

    // Escape closes it too; a second filter makes two chips.
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await sheet.getByLabel('Condition').selectOption('new');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();

    await chip.click();
    await expect(page).not.toHaveURL(/subcategory=/);
    await expect(page).toHaveURL(/condition=new/);
    await expect(chip).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await page.getByRole('link', { name: 'Remove filter Condition: New' }).click();
    await expect(page.getByRole('button', { name: 'Filters (0)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  });

  test('the search box works without scripts: typed words and Enter search, keeping the filters', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/marketplace?condition=new');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('phone');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/marketplace\?.*q=phone/);
    await expect(page).toHaveURL(/condition=new/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('phone');
    await context.close();
  });

  test('the search box searches as the visitor types, without opening the filters', async ({ page }) => {
    await page.goto('/marketplace');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('phone');
    await expect(page).toHaveURL(/[?&]q=phone/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('without scripts the button shows the filters in the page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/real-estate?bedrooms=2');
    await expect(page.getByRole('link', { name: 'Remove filter Bedrooms: 2' })).toBeVisible();
    const bedrooms = page.getByRole('combobox', { name: 'Bedrooms' });
    await expect(bedrooms).toBeHidden();
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    await expect(bedrooms).toBeVisible();
    await context.close();
  });
});

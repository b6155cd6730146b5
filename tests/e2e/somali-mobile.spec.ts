import { en } from '../../src/shared/i18n/en';
import { so } from '../../src/shared/i18n/so';
import { expect, test } from './fixtures';

// On a phone (Pixel 7 project): the switch is on screen without opening a menu, and each
// choice is a comfortable tap target.
test('the language switch is visible on a phone, with 44 px tap targets, and switches on tap', async ({ page }) => {
  await page.goto('/');
  const group = page.getByRole('group', { name: en.common.language.label });
  await expect(group).toBeInViewport();
  for (const name of ['English', 'Soomaali']) {
    const box = await group.getByRole('link', { name }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
    expect(box?.width, name).toBeGreaterThanOrEqual(44);
  }
  await group.getByRole('link', { name: 'Soomaali' }).tap();
  await expect(page.locator('html')).toHaveAttribute('lang', 'so');
  await expect(page.getByRole('group', { name: so.common.language.label })).toBeInViewport();
  // The mobile menu is Somali too.
  await page.getByRole('button', { name: so.layout.nav.openMenu }).tap();
  const menu = page.locator('header').getByRole('list').first();
  await expect(menu.getByRole('link', { name: so.layout.nav.home, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: so.layout.services.visaAssistance, exact: true })).toBeVisible();
  await expect(menu.getByText(en.layout.nav.home, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: so.layout.nav.closeMenu }).tap();
  // The page does not scroll sideways because of the switch.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

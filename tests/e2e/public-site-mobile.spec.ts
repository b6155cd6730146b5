import { expect, hydrated, test } from './fixtures';

test.describe('mobile menu', () => {
  const overflow = (page: import('@playwright/test').Page) => page.evaluate(() => document.body.style.overflow);

  test('opens with scroll lock and closes on Escape', async ({ page }) => {
    await page.goto('/about');
    // The menu is the page's code: a tap before it runs opens nothing.
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const toggle = page.getByRole('button', { name: 'Close menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cargo Shipping' })).toBeVisible();
    expect(await overflow(page)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cargo Shipping' })).toBeHidden();
    expect(await overflow(page)).toBe('');
  });

  test('closes on an outside click', async ({ page }) => {
    await page.goto('/about');
    // The menu is the page's code: a tap before it runs opens nothing.
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    const viewport = page.viewportSize();
    await page.mouse.click(10, (viewport?.height ?? 800) - 20);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(await overflow(page)).toBe('');
  });

  test('closes on a route change', async ({ page }) => {
    await page.goto('/about');
    // The menu is the page's code: a tap before it runs opens nothing.
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(await overflow(page)).toBe('');
  });

  test('the home page fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflowX = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflowX).toBeLessThanOrEqual(0);
  });
});

import { allowConsoleErrors, expect, hydrated, test } from './fixtures';

test('the install banner appears when the browser offers installation and goes once installed', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install' })).toHaveCount(0);
  // The page listens for the offer once its code runs; an offer before that goes unheard.
  await hydrated(page);
  // Chromium's own offer cannot be forced headless; the page sees the same event.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(page.getByRole('region', { name: 'Install SD Hub' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(page.getByRole('region', { name: 'Install SD Hub' })).toHaveCount(0);
});

test.describe('without the service worker', () => {
  // It could serve the chunk from its cache past the failure the test provokes.
  test.use({ serviceWorkers: 'block' });

  test('a page chunk that fails to load shows a clear message and a reload button', async ({ page, consoleErrors }) => {
    await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    // A move inside the app (before hydration the link would load the server's page instead).
    await expect(page.locator('html[data-interactive]')).toHaveCount(1);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    // The failed fetch itself is what this test provokes.
    allowConsoleErrors(consoleErrors, /about-page|Failed to load resource|dynamically imported module/);
  });
});

import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect, test } from './fixtures';
import { LANGUAGES, VIEWPORTS } from './public-pages';

// The suite blocks the service worker (playwright.config.ts): here it is the subject.
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker is installed, its precache complete, and it controls this page. */
async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

test('the site opens offline once the service worker is installed', async ({ page, context, consoleErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await serviceWorkerControls(page);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(await manifest.json()).toMatchObject({
    name: 'Somali Diaspora Hub',
    short_name: 'SD Hub',
    theme_color: '#0f766e',
    icons: expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192' }),
      expect.objectContaining({ sizes: '512x512' }),
    ]),
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Our Mission' })).toBeVisible();
  await context.setOffline(false);
  // The shell asks for the site settings unless the browser says it is offline. Chromium 150
  // says it is online in a page loaded while emulated offline (as a phone on a network
  // without internet does): that request fails, and the page goes on without them.
  allowConsoleErrors(consoleErrors, /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
});

for (const [locale, messages] of LANGUAGES) {
  for (const viewport of VIEWPORTS)
    test.describe(`a browser that asks for ${locale}, at ${viewport.width} px`, () => {
      // Accept-Language and navigator.languages; no language cookie.
      test.use({ locale, viewport });

      test('gets every page from the server in its language once the service worker controls the site', async ({
        page,
      }) => {
        await page.goto('/');
        await serviceWorkerControls(page);
        for (const path of ['/about', '/marketplace']) {
          const response = await page.goto(path);
          expect(response?.fromServiceWorker(), 'answered through the service worker').toBe(true);
          const html = (await response?.text()) ?? '';
          // Rendered on the server in the visitor's language, not the cached bare shell.
          expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
          expect(html).toContain('id="server-state"');
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
        }
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.listings.pages.product.title);
      });

      test('says it is offline, in its language, when a page cannot load its data', async ({
        page,
        context,
        consoleErrors,
      }) => {
        await page.goto('/');
        await serviceWorkerControls(page);
        await context.setOffline(true);
        for (const path of ['/marketplace', '/blog']) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.getByText(messages.common.states.offline)).toBeVisible({ timeout: 15_000 });
        }
        await context.setOffline(false);
        allowConsoleErrors(consoleErrors, /ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
      });
    });
}

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { allowFailedRequests, signIn } from './staff';

/**
 * Site settings end to end (docs/product.md#site-settings): an admin changes the support
 * number and the public pages show it at once: footer, contact page, home.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

async function openSection(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name, exact: true }).click();
}

// Both viewports change the one row of settings: one after the other.
test.describe.configure({ mode: 'serial' });

for (const viewport of VIEWPORTS) {
  test.describe(`site settings at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('an admin changes the support number; the footer, contact and home pages show it', async ({
      page,
      browser,
      consoleErrors,
    }) => {
      const digits = `7${String(viewport.width).padStart(4, '0')}${Math.floor(Math.random() * 9000 + 1000)}`;
      const shown = `+254 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
      await signIn(page, 'admin');
      await openSection(page, 'Site settings');
      await expect(page).toHaveURL(/\/admin\/site$/);
      const original = await (await page.request.get('/api/admin/site-settings')).json();
      try {
        // Bad input is refused by the shared rules before anything is sent.
        await page.getByLabel('E-mail').fill('office@');
        await page.getByLabel('Facebook').fill('http://facebook.com/sdhub');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
        await expect(page.getByText('Enter an https:// address, or leave empty')).toBeVisible();

        await page.getByLabel('E-mail').fill('office@example.co.ke');
        await page.getByLabel('Facebook').fill('https://facebook.com/sdhub');
        await page.getByLabel('Support WhatsApp number').fill(`0${digits}`);
        await page.getByLabel('Phone, as shown').fill(shown);
        await page.getByLabel('Happy clients').fill('21K+');
        await page.getByRole('button', { name: 'Save settings' }).click();
        await expect(page.getByText('Settings saved. The public pages show them now.')).toBeVisible();
        // Stored normalised: the leading 0 became 254.
        await expect(page.getByLabel('Support WhatsApp number')).toHaveValue(`254${digits}`);

        const context = await browser.newContext({ viewport });
        const guest = await context.newPage();
        await guest.goto('/contact');
        const footer = guest.locator('footer');
        await expect(footer.getByRole('link', { name: shown })).toHaveAttribute('href', `tel:+254${digits}`);
        await expect(footer.getByRole('link', { name: 'office@example.co.ke' })).toBeVisible();
        await expect(footer.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
          'href',
          new RegExp(`^https://wa\\.me/254${digits}\\?text=`),
        );
        await expect(footer.getByRole('link', { name: 'Facebook (opens in a new tab)' })).toHaveAttribute(
          'href',
          'https://facebook.com/sdhub',
        );
        const main = guest.locator('main');
        await expect(main.getByRole('link', { name: shown })).toHaveAttribute('href', `tel:+254${digits}`);
        await expect(main.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
          'href',
          new RegExp(`^https://wa\\.me/254${digits}\\?`),
        );
        await guest.goto('/');
        await expect(guest.getByText('21K+', { exact: true })).toBeVisible();
        await expect(guest.getByRole('link', { name: `Call ${shown}` })).toBeVisible();
        // Without JavaScript the server's page says the same.
        const plain = await browser.newContext({ viewport, javaScriptEnabled: false });
        const plainPage = await plain.newPage();
        await plainPage.goto('/contact');
        await expect(plainPage.locator('footer').getByRole('link', { name: shown })).toBeVisible();
        await plain.close();
        await context.close();
      } finally {
        const restored = await page.request.put('/api/admin/site-settings', { data: original.settings });
        expect(restored.status()).toBe(200);
      }
      allowFailedRequests(consoleErrors);
    });
  });
}

test('an editor has no Site settings: neither the menu entry nor the address', async ({ page, consoleErrors }) => {
  await signIn(page, 'editor');
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Site settings' })).toHaveCount(0);
  await page.goto('/admin/site');
  await expect(page).toHaveURL(/\/admin$/);
  expect((await page.request.get('/api/admin/site-settings')).status()).toBe(403);
  allowFailedRequests(consoleErrors);
});

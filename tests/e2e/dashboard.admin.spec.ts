import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import {
  ACCOUNTS,
  allowFailedRequests,
  expectNoSidewaysScroll,
  logOut,
  openSection,
  ownAddress,
  signIn,
} from './staff';

/**
 * The staff area as routes (/admin, /admin/listings, ...), the Listings and Inquiries screens,
 * the listing dialog's image checks, the reasons on the sign-in screen, and the dashboard on
 * a phone. Each test makes the data it changes, so it holds whatever the demo content is.
 */

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

interface StaffPage {
  items: { id: string; title: string }[];
  total: number;
}
async function staffListings(request: APIRequestContext, query: string): Promise<StaffPage> {
  const response = await request.get(`/api/admin/listings?${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function createListings(request: APIRequestContext, titles: string[]) {
  const ids: string[] = [];
  for (const title of titles) {
    const data = {
      category: 'business',
      subcategory: 'retail',
      title,
      description: 'Made by an end-to-end test.',
      price: 450_000,
      location: 'Garissa',
      whatsapp_number: '0712 345 678',
    };
    const response = await request.post('/api/admin/listings', { multipart: { data: JSON.stringify(data) } });
    expect(response.status(), await response.text()).toBe(201);
    ids.push((await response.json()).id);
  }
  return ids;
}

/** The page's one "select the page" checkbox: in the table header from 640 px, above the cards below. */
const selectPage = (page: Page) => page.getByRole('checkbox', { name: 'Select all listings on this page' });

for (const viewport of VIEWPORTS) {
  test.describe(`staff area at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('each section has its own address: links, reload and Back work; a role sees only its sections', async ({
      page,
    }) => {
      await signIn(page, 'admin');
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Recent Listings' })).toBeVisible();
      await openSection(page, 'Listings');
      await expect(page).toHaveURL(/\/admin\/listings$/);
      await expect(page.getByRole('heading', { name: 'Listings', exact: true })).toBeVisible();
      await openSection(page, 'Inquiries');
      await expect(page).toHaveURL(/\/admin\/inquiries$/);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Inquiries', exact: true })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/admin\/listings$/);
      await expect(page.getByRole('heading', { name: 'Listings', exact: true })).toBeVisible();
      await page.goto('/admin/analytics');
      await expect(page.getByText('Conversion Rate')).toBeVisible();
      await page.goto('/admin/settings');
      await expect(page.getByLabel('Theme')).toBeVisible();
      await openSection(page, 'Overview');
      await page.getByRole('link', { name: /Manage all listings/ }).click();
      await expect(page).toHaveURL(/\/admin\/listings$/);
      await logOut(page);

      // A viewer opens the Listings page but not Inquiries or Analytics (they lead to the overview).
      await signIn(page, 'viewer', '/admin/listings');
      await expect(page).toHaveURL(/\/admin\/listings$/);
      await expect(page.getByRole('heading', { name: 'Listings', exact: true })).toBeVisible();
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
      await page.goto('/admin/inquiries');
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Recent Listings' })).toBeVisible();
      await page.goto('/admin/nowhere');
      await expect(page).toHaveURL(/\/admin$/);
    });

    test('every listing is reachable: page links, search and filters live in the address', async ({ page }) => {
      await signIn(page, 'editor', '/admin/listings?category=visa');
      const visas = await staffListings(page.request, 'status=all&category=visa&limit=100');
      expect(visas.total).toBeGreaterThan(20);
      await expect(page.getByText(`${visas.total} listing(s)`)).toBeVisible();
      await expect(page.getByLabel('Category', { exact: true })).toHaveValue('visa');

      // The oldest visa service, far beyond the ten newest, opens for editing from its page.
      const pages = Math.ceil(visas.total / 20);
      const oldest = visas.items.at(-1) as { id: string; title: string };
      await page.getByRole('link', { name: `Page ${pages}` }).click();
      await expect(page).toHaveURL(new RegExp(`category=visa&page=${pages}$`));
      await page.reload();
      await page.getByRole('button', { name: `Edit ${oldest.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Listing' });
      await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(oldest.title);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: `Edit ${oldest.title}` })).toBeFocused();
      await page.goBack();
      await expect(page).toHaveURL(/category=visa$/);
      await expect(page.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

      // Search (title, description, location) and status, on the server, kept in the address.
      const word = oldest.title.split(' ')[0] as string;
      const found = await staffListings(page.request, `status=all&category=visa&q=${encodeURIComponent(word)}`);
      await page.getByLabel('Search', { exact: true }).fill(word);
      await page.getByLabel('Search', { exact: true }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
      await expect(page.getByText(`${found.total} listing(s)`)).toBeVisible();
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Inactive' });
      await expect(page).toHaveURL(/status=inactive/);
      const inactive = await staffListings(page.request, `status=inactive&category=visa&q=${encodeURIComponent(word)}`);
      await expect(page.getByText(`${inactive.total} listing(s)`)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Search', { exact: true })).toHaveValue(word);
      await expect(page.getByLabel('Status', { exact: true })).toHaveValue('inactive');
    });

    test('bulk: choose listings, deactivate, activate and delete them (with a confirmation)', async ({ page }) => {
      await signIn(page, 'admin');
      const prefix = `Bulk ${viewport.width} ${Date.now()}`;
      const ids = await createListings(page.request, [`${prefix} A`, `${prefix} B`, `${prefix} C`]);
      await page.goto(`/admin/listings?q=${encodeURIComponent(prefix)}`);
      await expect(page.getByText('3 listing(s)')).toBeVisible();
      await page.getByRole('checkbox', { name: `Select ${prefix} A` }).check();
      await expect(page.getByText('1 selected')).toBeVisible();
      await selectPage(page).check();
      await expect(page.getByText('3 selected')).toBeVisible();

      await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
      await expect(page.getByText('3 listing(s) updated')).toBeVisible();
      const rows = page.locator('tbody');
      await expect(rows.getByText('Inactive', { exact: true })).toHaveCount(3);
      for (const id of ids) expect((await page.request.get(`/api/listings/${id}`)).status()).toBe(404);

      await selectPage(page).check();
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await expect(rows.getByText('Active', { exact: true })).toHaveCount(3);
      // The done action clears the choice once it has settled, which may come after the rows
      // show the change: choose again only then (a CI run's new choice was cleared under it).
      await expect(page.getByText('3 selected')).toHaveCount(0);
      expect((await page.request.get(`/api/listings/${ids[0]}`)).status()).toBe(200);

      await page.getByRole('checkbox', { name: `Select ${prefix} B` }).check();
      await page.getByRole('checkbox', { name: `Select ${prefix} C` }).check();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Listings' });
      await expect(confirm).toContainText('Delete 2 listing(s)?');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('2 selected')).toBeVisible();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('2 listing(s) deleted')).toBeVisible();
      await expect(page.getByText('1 listing(s)', { exact: false }).first()).toBeVisible();
      await expect(page.getByRole('checkbox', { name: `Select ${prefix} A` })).toBeVisible();
      expect((await page.request.get(`/api/listings/${ids[1]}`)).status()).toBe(404);
      await page.request.post('/api/admin/listings/bulk-delete', { data: { ids } });

      // An editor may change but not delete.
      await logOut(page);
      await signIn(page, 'editor', '/admin/listings');
      await expect(page.getByRole('button', { name: 'Deactivate', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    });

    test('the listing dialog checks images by their content, names each bad file, and saves the rest', async ({
      page,
    }) => {
      await signIn(page, 'admin', '/admin/listings');
      const add = page.getByRole('button', { name: '+ Add Listing' });
      await add.click();
      const modal = page.getByRole('dialog', { name: 'Add New Listing' });
      const subcategories = modal.getByLabel('Subcategory');
      await expect(subcategories.locator('option')).toHaveText([
        'Select subcategory',
        'Electronics',
        'Baati',
        'Accessories',
        'Phones',
        'Cases',
      ]);
      await expect(modal.getByText('No images chosen')).toBeVisible();

      const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0d9488' } })
        .jpeg()
        .toBuffer();
      await modal.getByLabel('Images').setInputFiles([
        { name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo },
        { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo') },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      ]);
      await expect(
        modal.getByText('fake.jpg: This file is not a JPG, PNG or WebP image, whatever its name says'),
      ).toBeVisible();
      await expect(modal.getByText('notes.txt: Only JPG, PNG, and WebP images are allowed')).toBeVisible();
      await expect(modal.getByText('1 image(s) ready to upload: phone.jpg')).toBeVisible();
      await expect(modal.getByRole('button', { name: 'Remove image 1' })).toBeVisible();

      const title = `Dialog check ${viewport.width} ${Date.now()}`;
      await subcategories.selectOption({ label: 'Baati' });
      await modal.getByLabel('Title', { exact: true }).fill(title);
      await modal.getByLabel('Description').fill('A dress.');
      await modal.getByLabel('Price (KSH)').fill('2500');
      await modal.getByLabel('WhatsApp Number').fill('0712 345 678');
      await modal.getByRole('button', { name: 'Create Listing' }).click();
      await expect(modal).toHaveCount(0);
      // Focus is back where it was before the dialog opened.
      await expect(add).toBeFocused();
      const created = await staffListings(page.request, `status=all&q=${encodeURIComponent(title)}`);
      expect(created.total).toBe(1);
      expect((await page.request.get(`/api/admin/listings/${created.items[0]?.id}`)).ok()).toBe(true);
      const saved = await (await page.request.get(`/api/admin/listings/${created.items[0]?.id}`)).json();
      expect(saved.image_urls).toHaveLength(1);
      expect(saved.subcategory).toBe('baati');
      await page.request.delete(`/api/admin/listings/${created.items[0]?.id}`);

      // Escape closes it too, and focus comes back.
      await add.click();
      await expect(modal).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
      await expect(add).toBeFocused();
    });

    test('an empty property or business form names every missing field on the first submit', async ({ page }) => {
      await signIn(page, 'editor', '/admin/listings');
      await page.getByRole('button', { name: '+ Add Listing' }).click();
      const modal = page.getByRole('dialog', { name: 'Add New Listing' });
      await modal.getByLabel('Category', { exact: true }).selectOption({ label: 'Property' });
      await modal.getByRole('button', { name: 'Create Listing' }).click();
      for (const message of [
        'Subcategory is required',
        'Title is required',
        'Description is required',
        'Valid price is required',
        'WhatsApp number is required',
        'Location is required',
        'Choose For sale or For rent',
      ]) {
        await expect(modal.getByText(message, { exact: true })).toBeVisible();
      }
      await modal.getByLabel('Sale or rent').selectOption({ label: 'For rent' });
      await modal.getByRole('button', { name: 'Create Listing' }).click();
      await expect(modal.getByText('Choose per month or per year')).toBeVisible();
      await expect(modal.getByLabel('Rent period')).toBeVisible();

      await modal.getByLabel('Category', { exact: true }).selectOption({ label: 'Business' });
      await modal.getByRole('button', { name: 'Create Listing' }).click();
      await expect(modal.getByText('Location is required', { exact: true })).toBeVisible();
      await expect(modal.getByText('Title is required', { exact: true })).toBeVisible();
    });

    test('inquiries: search and status filter in the address, marked read from the list', async ({ page }) => {
      test.setTimeout(120_000);
      const token = `z${viewport.width}x${Date.now().toString(36)}`;
      // Real inquiries through the contact API, each from its visitor's own address.
      for (const who of ['Amina', 'Yusuf']) {
        const response = await page.request.post('/api/inquiries', {
          headers: ownAddress(),
          data: {
            name: who,
            email: `${who.toLowerCase()}@example.com`,
            subject: `Visa ${token}`,
            message: 'Please call me back soon.',
          },
        });
        expect(response.status()).toBe(201);
      }
      await signIn(page, 'admin', '/admin/inquiries');
      await page.getByLabel('Search', { exact: true }).fill(token);
      await page.getByLabel('Search', { exact: true }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`/admin/inquiries\\?q=${token}$`));
      await expect(page.getByText('2 inquiry(ies)')).toBeVisible();
      const amina = page.getByRole('listitem').filter({ hasText: 'amina@example.com' });
      await amina.getByRole('button', { name: 'Mark read' }).click();
      await expect(amina.getByText('Read', { exact: true })).toBeVisible();
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'New' });
      await expect(page).toHaveURL(/status=new/);
      await expect(page.getByText('1 inquiry(ies)')).toBeVisible();
      await expect(page.getByText('yusuf@example.com')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Status', { exact: true })).toHaveValue('new');
      await expect(page.getByLabel('Search', { exact: true })).toHaveValue(token);
      await page.goBack();
      await expect(page.getByText('2 inquiry(ies)')).toBeVisible();
    });

    test('the sign-in screen says why: the warning ran out, or the server ended the session', async ({
      page,
      playwright,
      consoleErrors,
    }) => {
      // Two sign-ins, a 20 s allowance for the second and a wait for the network to settle:
      // more than the default 30 s on a loaded machine (seen once in a full local run).
      test.slow();
      await page.clock.install();
      await signIn(page, 'editor', '/admin/listings');
      await page.clock.fastForward('25:01');
      await expect(page.getByRole('alertdialog', { name: 'Session Expiring Soon' })).toBeVisible();
      await page.clock.fastForward('05:01');
      await expect(page.getByRole('alert')).toHaveText(
        'You were signed out after 5 minutes without renewing your session.',
      );
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

      // The server forgets the session (logout elsewhere); the next load answers 401.
      await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS.viewer.username);
      await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.viewer.password);
      // The section's own loads done first: one still on its way would meet the 401 before the
      // Overview's. Its last is the listings' lead counts (signing in is no navigation, so
      // waiting for the page's network to settle would not wait for it).
      const leadCounts = page.waitForResponse((response) => response.url().includes('/api/admin/leads/listings'));
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('heading', { name: 'Welcome back, demo-viewer' })).toBeVisible({ timeout: 20_000 });
      await leadCounts;
      const cookie = (await page.context().cookies()).find((c) => c.name === 'sdh_session');
      const elsewhere = await playwright.request.newContext({ baseURL: page.url() });
      expect(
        (await elsewhere.post('/api/auth/sign-out', { headers: { cookie: `sdh_session=${cookie?.value}` } })).ok(),
      ).toBe(true);
      await elsewhere.dispose();
      // The overview loads data this page has not: its answer is the 401.
      await openSection(page, 'Overview');
      await expect(page.getByRole('alert')).toHaveText(
        'Session expired. Please login again. Your session ended on the server: a staff session lasts 24 hours and ends when you log out in another tab.',
      );
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      allowFailedRequests(consoleErrors);
    });
  });
}

test.describe('the dashboard on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no page scrolls sideways; a row shows Edit and Delete; the menu holds every section and Logout', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    for (const path of ['/admin', '/admin/listings', '/admin/inquiries', '/admin/analytics', '/admin/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Welcome back, demo-admin' })).toBeVisible();
      await expect(page.getByText('Loading dashboard data...')).toHaveCount(0);
      await expectNoSidewaysScroll(page, path);
    }

    for (const path of ['/admin', '/admin/listings']) {
      await page.goto(path);
      for (const name of [/^Edit /, /^Delete /]) {
        const button = page.getByRole('button', { name }).first();
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport();
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 360, `${path} ${name}`).toBe(true);
      }
    }

    // The sections are behind the Menu button; it closes on choosing one.
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    await menu.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Admin menu' });
    for (const name of ['Overview', 'Listings', 'Inquiries', 'Analytics', 'Settings']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
    }
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(nav).toBeHidden();
    await menu.click();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});

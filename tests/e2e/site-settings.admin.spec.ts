import { totpCodeAt } from '../../src/server/modules/two-factor/totp';
import { expect, test } from './fixtures';
import { DESKTOP, PHONE } from './public-pages';
import {
  allowFailedRequests,
  confirmTwoFactor,
  expectNoSidewaysScroll,
  logOut,
  openSection,
  STRONG_PASSWORD,
  signIn,
  signInAs,
  signInAsNewAdmin,
  startTwoFactor,
  unique,
} from './staff';

/**
 * Site settings end to end (docs/product.md#site-settings): an admin changes the support
 * number and the public pages show it at once: footer, contact page, home.
 */

const VIEWPORTS = [DESKTOP, PHONE];

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

test('an admin types blocked words one per line; they come back folded, and a word too long is named', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openSection(page, 'Site settings');
  const original = await (await page.request.get('/api/admin/site-settings')).json();
  const box = page.getByLabel('Words and phrases refused in listings sellers post');
  try {
    await box.fill(`scam\n${'x'.repeat(101)}`);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(box).toHaveAccessibleDescription(/^A blocked word or phrase has at most 100 characters/);

    await box.fill('  scam \n\nWire money first\nSCAM\n');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The public pages show them now.')).toBeVisible();
    await page.reload();
    await expect(box).toHaveValue('scam\nWire money first');
  } finally {
    const restored = await page.request.put('/api/admin/site-settings', { data: original.settings });
    expect(restored.status()).toBe(200);
  }
});

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

/**
 * The whole of running the site from the dashboard, as one person does it: a post, the
 * support number, an editor, two-factor sign-in, and the audit log that shows all of it.
 * Here, because it changes the one row of settings too (this file runs one test at a time).
 */
test('an admin runs the site from the dashboard, and the audit log shows all of it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = unique('e2e-owner');
  const editor = unique('e2e-writer');
  const title = `Opening a bank account in Nairobi ${unique('post')}`;
  const digits = `7${Math.floor(Math.random() * 90_000_000 + 10_000_000)}`;
  const guest = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visitor = await guest.newPage();

  // A new admin of their own (demo-admin, whom other specs sign in as, never gets a second factor).
  await signInAsNewAdmin(page, owner, 'Office Admin');

  // 1. A post, written and published; a visitor reads it on /blog and its own page.
  await openSection(page, 'Blog');
  await page.getByRole('link', { name: '+ New post' }).click();
  await page.getByLabel('Title', { exact: true }).first().fill(title);
  await page.getByRole('button', { name: 'Make from the title' }).click();
  const slug = await page.getByLabel('Address').inputValue();
  await page.getByLabel('Category').selectOption('Finance');
  await page.getByLabel('Excerpt').first().fill('What the bank asks for, and how long it takes.');
  await page.getByLabel('Body (Markdown)').first().fill('Bring your **passport**.\n\n## Fees\n\nAsk before you sign.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByRole('region', { name: 'Publication' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published.', { exact: true })).toBeVisible();
  await visitor.goto('/blog');
  await visitor.getByRole('link', { name: `Read more: ${title}` }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('article strong')).toHaveText('passport');

  // 2. The support WhatsApp number; the public pages show it at once.
  const original = await (await page.request.get('/api/admin/site-settings')).json();
  try {
    await openSection(page, 'Site settings');
    await page.getByLabel('Support WhatsApp number').fill(`0${digits}`);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The public pages show them now.')).toBeVisible();
    await visitor.goto('/contact');
    const whatsapp = new RegExp(`^https://wa\\.me/254${digits}\\?`);
    await expect(visitor.locator('footer').getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', whatsapp);
    await expect(visitor.locator('main').getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
      'href',
      whatsapp,
    );
  } finally {
    expect((await page.request.put('/api/admin/site-settings', { data: original.settings })).status()).toBe(200);
  }
  await guest.close();

  // 3. An editor, who signs in and cannot see Staff.
  await openSection(page, 'Staff');
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
  await dialog.getByLabel('Username').fill(editor);
  await dialog.getByLabel('Display name').fill('Blog Writer');
  await dialog.getByLabel('Role').selectOption('editor');
  await dialog.getByLabel('Set a first password now').check();
  await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toHaveCount(0);
  await logOut(page);
  await signInAs(page, editor, STRONG_PASSWORD);
  await expect(page.getByRole('heading', { name: `Welcome back, ${editor}` })).toBeVisible({ timeout: 20_000 });
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name: 'Blog', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin$/);
  await logOut(page);

  // 4. Two-factor sign-in on, then a sign-in with a real code.
  await signInAs(page, owner, STRONG_PASSWORD);
  await expect(page.getByRole('heading', { name: `Welcome back, ${owner}` })).toBeVisible({ timeout: 20_000 });
  await openSection(page, 'Account');
  await startTwoFactor(page, STRONG_PASSWORD);
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  const { setupAt } = await confirmTwoFactor(page, secret);
  await logOut(page);
  await signInAs(page, owner, STRONG_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The next step's code: the one that confirmed the set-up cannot be used again.
  await page.getByLabel('Code', { exact: true }).fill(totpCodeAt(secret, setupAt + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${owner}` })).toBeVisible({ timeout: 20_000 });

  // 5. The audit log: all of it under the owner's name, then one action, then the editor.
  await openSection(page, 'Audit Log');
  await page.getByLabel('Person').selectOption({ label: owner });
  await expect(page).toHaveURL(/actor=/);
  const entries = page.getByRole('list', { name: 'Audit Log' }).locator(':scope > li');
  const entry = (action: string) => entries.filter({ has: page.getByText(action, { exact: true }) });
  // The list shown is the filtered one (the address changes first).
  await expect(entries.filter({ hasNotText: owner })).toHaveCount(0);
  await expect(entry('Blog post created')).toContainText(`blog-post: ${title}`);
  await expect(entry('Blog post published')).toContainText('state: draft → published');
  // The save (the one the test's clean-up made reads the other way round).
  const settingsChange = `whatsappNumber: ${original.settings.whatsappNumber} → 254${digits}`;
  await expect(entry('Site settings changed').filter({ hasText: settingsChange })).toHaveCount(1);
  await expect(entry('Staff account created').filter({ hasText: `staff: ${editor}` })).toHaveCount(1);
  await expect(entry('Two-factor turned on')).toHaveCount(1);
  await expect(entry('Signed in').first()).toContainText('secondFactor: authenticator code');
  for (const row of await entries.all()) await expect(row).toContainText(owner);

  await page.getByLabel('Action').selectOption({ label: 'Blog post published' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(title);
  await page.getByLabel('Person').selectOption({ label: editor });
  await page.getByLabel('Action').selectOption({ label: 'Signed in' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(`staff: ${editor}`);

  // On a phone the log, long changes and all, fits the screen.
  await page.getByLabel('Person').selectOption({ label: owner });
  await page.getByLabel('Action').selectOption({ label: 'Blog post created' });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(entry('Blog post created')).toContainText('body: (empty) → Bring your');
  await expectNoSidewaysScroll(page, 'audit log at 360 px');
  allowFailedRequests(consoleErrors);
});

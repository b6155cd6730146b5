import sharp from 'sharp';
import { expect, test } from './fixtures';
import { ACCOUNTS, allowFailedRequests, signIn } from './staff';

test.describe('admin sign-in', () => {
  test('shows the spec texts and messages, clears and refocuses the password on failure', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Sign in to manage your platform')).toBeVisible();
    await expect(page.getByText('Your session is secure and expires automatically.')).toBeVisible();

    const username = page.getByLabel('Username', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Sign In' });

    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    // The field the message is about is marked invalid and described by the banner.
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription('Please fill in all fields');
    await username.fill('ab');
    await expect(page.getByRole('alert')).toHaveCount(0); // typing clears the error
    await password.fill('secret123');
    await password.press('Enter'); // Enter submits
    await expect(page.getByRole('alert')).toHaveText('Username must be at least 3 characters long');
    await username.fill('   amina   ');
    await password.fill('12345');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');

    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await username.fill('nobody-here');
    await submit.click();
    // A password check takes a deliberate few hundred ms (scrypt), more on a busy machine.
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password', { timeout: 20_000 });
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    allowFailedRequests(consoleErrors);
  });

  test('tells the owner of failed sign-in attempts on their account until they dismiss it', async ({ page }) => {
    const wrong = await page.request.post('/api/auth/sign-in', {
      data: { username: ACCOUNTS.viewer.username, password: 'not-the-password' },
    });
    expect(wrong.status()).toBe(401);
    await signIn(page, 'viewer');
    const notice = page.getByRole('status').filter({ hasText: 'failed sign-in attempt' });
    await expect(notice).toHaveText(
      /\d+ failed sign-in attempts? on your account since your last sign-in \(.*from 127\.0\.0\.1 at .+\)/,
    );
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/failed sign-in attempt/)).toHaveCount(0);
  });

  test('Demo Mode panel shows and auto-fills credentials from the server; remember username', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Demo Mode' })).toBeVisible();
    await expect(page.getByText('These are demo credentials for testing purposes only.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show Credentials' }).click();
    await expect(page.getByText(`Username: ${ACCOUNTS.admin.username}`)).toBeVisible();
    await expect(page.getByText('These are demo credentials for testing purposes only.')).toBeVisible();
    await page.getByRole('button', { name: 'Hide Credentials' }).click();
    await expect(page.getByText(`Username: ${ACCOUNTS.admin.username}`)).toHaveCount(0);

    await page.getByRole('button', { name: 'Auto-fill Demo Credentials' }).click();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(ACCOUNTS.admin.username);
    await page.getByLabel('Remember username').check();

    // While signing in: 'Signing in...', inputs disabled, a second submit ignored.
    let signInCalls = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-in', async (route) => {
      signInCalls++;
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expect(page.getByLabel('Username', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
    await page
      .getByLabel('Password', { exact: true })
      .press('Enter', { timeout: 1000 })
      .catch(() => {});
    release();
    await expect(page.getByRole('heading', { name: 'Welcome back, demo-admin' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Role: Administrator')).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(ACCOUNTS.admin.password);
    expect(signInCalls).toBe(1);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(ACCOUNTS.admin.username);
    await expect(page.getByLabel('Remember username')).toBeChecked();
  });

  test('the close button and Escape go home', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
  });

  test('logout ends the session on the server', async ({ page, context }) => {
    await signIn(page, 'viewer');
    await expect(page.getByText('Loading dashboard data...')).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'sdh_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Replaying the old cookie opens nothing.
    const replay = await page.request.get('/api/admin/listings', {
      headers: { cookie: `sdh_session=${cookie?.value}` },
    });
    expect(replay.status()).toBe(401);
  });
});

test.describe('admin dashboard', () => {
  test('roles: the UI hides what the role lacks', async ({ page }) => {
    await signIn(page, 'viewer');
    await expect(page.getByText('Role: Viewer')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Listings' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add Listing/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Inquiries' })).toHaveCount(0);
    await expect(page.getByText('New Inquiries', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();

    await signIn(page, 'editor');
    await expect(page.getByRole('button', { name: /Add Listing/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(page.getByText('New Inquiries', { exact: true })).toHaveCount(0);
  });

  test('create with a real image → visible publicly → edit → delete', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByText('New Inquiries', { exact: true })).toBeVisible();
    const title = `E2E phone ${Date.now()}`;

    await page.getByRole('button', { name: /Add Listing/ }).click();
    const modal = page.getByRole('dialog', { name: 'Add New Listing' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Create Listing' }).click();
    await expect(modal.getByText('Title is required')).toBeVisible();
    await expect(modal.getByText('Description is required')).toBeVisible();
    await expect(modal.getByText('Valid price is required')).toBeVisible();
    await expect(modal.getByText('WhatsApp number is required')).toBeVisible();

    await modal.getByLabel('Category', { exact: true }).selectOption('property');
    await expect(modal.getByLabel('Bedrooms')).toBeVisible();
    await modal.getByLabel('Subcategory').selectOption('land');
    await modal.getByLabel('Category', { exact: true }).selectOption('product');
    await expect(modal.getByLabel('Subcategory')).toHaveValue(''); // reset with the category
    await modal.getByLabel('Subcategory').selectOption('phones');
    await modal.getByLabel('Title', { exact: true }).fill(title);
    await modal.getByLabel('Description').fill('<b>Not bold</b> and clean.');
    await modal.getByLabel('Price (KSH)').fill('35000');
    await modal.getByLabel('WhatsApp Number').fill('0712 345 678');
    await modal.getByLabel('Condition').selectOption('used');

    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#0d9488' } })
      .jpeg()
      .toBuffer();
    await modal.getByLabel('Images').setInputFiles([
      { name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    ]);
    await expect(modal.getByText('notes.txt: Only JPG, PNG, and WebP images are allowed')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Remove image 1' })).toBeVisible();
    await modal.getByRole('button', { name: 'Create Listing' }).click();
    await expect(modal).toHaveCount(0);

    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();

    // The listing is stored with its resized, re-encoded image, and the public API shows it.
    const listings = await (await page.request.get('/api/admin/listings?status=all&limit=100')).json();
    const created = listings.items.find((l: { title: string }) => l.title === title);
    expect(created.description).toBe('<b>Not bold</b> and clean.');
    expect(created.image_urls[0]).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.jpg$/); // a random name, never the file's
    const image = await page.request.get(created.image_urls[0]);
    expect(image.status()).toBe(200);
    expect(image.headers()['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(await image.body()).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(800);

    // Visible on its public page, with the description shown as text.
    await page.goto(`/marketplace/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('<b>Not bold</b> and clean.')).toBeVisible();
    await page.goto('/admin');

    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Listing' });
    await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
    await edit.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    await edit.getByRole('button', { name: 'Update Listing' }).click();
    await expect(edit).toHaveCount(0);
    const edited = page.getByRole('row', { name: new RegExp(`${title} \\(edited\\)`) });
    await expect(edited).toBeVisible();

    // Deactivate: it leaves the Active list; the Inactive list shows it and it can be re-activated.
    await edited.getByRole('button', { name: `Edit ${title} (edited)` }).click();
    await page.getByLabel('Active (visible on the public pages)').uncheck();
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await expect(edited).toHaveCount(0);
    expect((await page.request.get(`/api/listings/${created.id}`)).status()).toBe(404);
    await page.getByLabel('Show').selectOption('inactive');
    await expect(edited.getByText('Inactive')).toBeVisible();
    await edited.getByRole('button', { name: `Edit ${title} (edited)` }).click();
    await page.getByLabel('Active (visible on the public pages)').check();
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await expect(edited).toHaveCount(0);
    await page.getByLabel('Show').selectOption('active');
    await expect(edited.getByText('Active')).toBeVisible();

    await edited.getByRole('button', { name: `Delete ${title} (edited)` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Listing' });
    await expect(confirm).toContainText(`${title} (edited)`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
    expect((await page.request.get(created.image_urls[0])).status()).toBe(404);
    expect((await page.request.get(`/api/listings/${created.id}`)).status()).toBe(404);
  });

  test('analytics and settings: the range changes figures, CSV export, dark theme saved', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByText('Listings Added')).toBeVisible();
    await expect(page.getByText('Conversion Rate')).toBeVisible();
    const range = page.getByLabel('Date range');
    await range.selectOption('year');
    await expect(page.getByText(/^From 1 Jan/)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export Data' }).click();
    expect((await download).suggestedFilename()).toMatch(/^listings-year-\d{4}-\d\d-\d\d\.csv$/);

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Theme').selectOption('dark');
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.locator('[data-theme="dark"]')).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-theme="dark"]')).toBeVisible();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Theme').selectOption('light');
    await expect(page.locator('[data-theme="light"]')).toBeVisible();
  });

  test('session warning after 25 minutes: Renew keeps the session, the countdown logs out', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'editor');
    await page.clock.fastForward('24:59');
    await expect(page.getByRole('alertdialog', { name: 'Session Expiring Soon' })).toHaveCount(0);
    await page.clock.fastForward('00:02');
    const warning = page.getByRole('alertdialog', { name: 'Session Expiring Soon' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/0[45]:[0-5]\d/);
    await warning.getByRole('button', { name: 'Renew' }).click();
    await expect(warning).toHaveCount(0);

    await page.clock.fastForward('25:01');
    await expect(warning).toBeVisible();
    await page.clock.fastForward('05:01');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toBeNull();
  });
});

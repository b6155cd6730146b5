import { totpCodeAt } from '../../src/server/modules/two-factor/totp';
import { expect, test } from './fixtures';
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
 * Staff accounts, two-factor sign-in and the audit log as a person uses them
 * (docs/product.md#staff-accounts, #two-factor-sign-in, #audit-log). Each test makes its
 * own accounts, so the demo accounts other specs sign in with never get a second factor.
 */

test.describe('staff accounts at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an admin creates an editor, who signs in and cannot see Staff; a one-time link sets a password', async ({
    page,
    consoleErrors,
  }) => {
    const editor = unique('e2e-editor');
    const invited = unique('e2e-invited');
    await signIn(page, 'admin');
    await openSection(page, 'Staff');
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();

    // With a first password; a weak one is refused in the browser first.
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
    await dialog.getByLabel('Username').fill(editor);
    await dialog.getByLabel('Display name').fill('End To End Editor');
    await dialog.getByLabel('Role').selectOption('editor');
    await dialog.getByLabel('Set a first password now').check();
    await dialog.getByLabel('Password', { exact: true }).fill('password1234');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByText(/too easy to guess/)).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: editor }) });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Never');

    // With a one-time link, shown once.
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    await dialog.getByLabel('Username').fill(invited);
    await dialog.getByLabel('Display name').fill('Invited Person');
    await dialog.getByLabel('Role').selectOption('viewer');
    await dialog.getByLabel(/one-time link/).check();
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    const linkDialog = page.getByRole('dialog', { name: `One-time link for ${invited}` });
    const url = await linkDialog.getByLabel('Password link').inputValue();
    expect(url).toMatch(/\/admin\/set-password\?token=[\w-]{43}$/);
    await linkDialog.getByRole('button', { name: 'Done' }).click();
    await logOut(page);

    // The invited person chooses a password through the link.
    await page.goto(new URL(url).pathname + new URL(url).search);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(page.getByText(`For the staff account ${invited}.`)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('New password again').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByText('Your password is saved. You can sign in now.')).toBeVisible();
    // Used once, the link no longer works.
    await page.reload();
    await expect(page.getByText(/This link is not valid any more/)).toBeVisible();
    allowFailedRequests(consoleErrors);

    // The editor signs in: no Staff or Audit Log in the menu, and the address leads to the overview.
    await signInAs(page, editor, STRONG_PASSWORD);
    await expect(page.getByRole('heading', { name: `Welcome back, ${editor}` })).toBeVisible({ timeout: 20_000 });
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    await expect(menu.getByRole('link', { name: 'Listings', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Audit Log', exact: true })).toHaveCount(0);
    await page.goto('/admin/staff');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toHaveCount(0);
  });

  test('Logout wins over a session read still on its way (it came back signed in, and the dashboard returned)', async ({
    page,
  }) => {
    const owner = unique('e2e-race');
    await signInAsNewAdmin(page, owner, 'Logout Race');
    await openSection(page, 'Account');
    await startTwoFactor(page, STRONG_PASSWORD);
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    // Saving the recovery codes reads the session again; hold that answer until Logout is done.
    let releaseSession = () => {};
    const sessionHeld = new Promise<void>((resolve) => {
      releaseSession = resolve;
    });
    await page.route('**/api/auth/session', async (route) => {
      const response = await route.fetch();
      await sessionHeld;
      await route.fulfill({ response });
    });
    await confirmTwoFactor(page, secret);
    await logOut(page);
    const sessionRead = page.waitForResponse('**/api/auth/session');
    releaseSession();
    await sessionRead;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome back, ${owner}` })).toHaveCount(0);
  });

  test('a member turns on two-factor sign-in, signs in with a code, and it is all in the audit log', async ({
    page,
    consoleErrors,
  }) => {
    const owner = unique('e2e-2fa');
    await signInAsNewAdmin(page, owner, 'Two Factor Owner');
    await openSection(page, 'Account');
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
    await startTwoFactor(page, STRONG_PASSWORD);
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Six-digit code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm and Turn On' }).click();
    await expect(page.getByText(/This code is not right/)).toBeVisible();
    const { setupAt } = await confirmTwoFactor(page, secret);
    await expect(page.getByText('Two-factor sign-in is on. Recovery codes left: 10.')).toBeVisible();
    await logOut(page);

    // The password alone is not enough: the code step follows.
    await signInAs(page, owner, STRONG_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('not right');
    await page.getByLabel('Code', { exact: true }).fill(totpCodeAt(secret, setupAt + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: `Welcome back, ${owner}` })).toBeVisible({ timeout: 20_000 });
    // The wrong codes were refused on purpose.
    allowFailedRequests(consoleErrors);

    // The audit log shows it, filtered by person and action (the filters live in the address).
    await openSection(page, 'Audit Log');
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await page.getByLabel('Person').selectOption({ label: owner });
    await expect(page).toHaveURL(/actor=/);
    const entries = page.getByRole('list', { name: 'Audit Log' }).locator(':scope > li');
    await expect(entries.filter({ hasText: 'Two-factor turned on' })).toHaveCount(1);
    await expect(entries.filter({ hasText: 'Sign-in failed' }).first()).toContainText('reason: wrong code');
    await expect(entries.filter({ hasText: 'Signed in' }).first()).toContainText('secondFactor: authenticator code');
    await page.getByLabel('Action').selectOption({ label: 'Two-factor turned on' });
    await expect(entries).toHaveCount(1);
    await expect(page.getByText('1 entry(ies)')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('account.two-factor-on');
    await expect(entries).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(csv, 'utf8');
    expect(text.split('\r\n')[0]).toBe('at,username,user_id,address,action,entity_type,entity_id,entity_title,changes');
    expect(text).toContain(`${owner},`);
    expect(text).toContain('account.two-factor-on');

    // The staff changes of the first test's kind show too: the account's creation by demo-admin.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Action').selectOption({ label: 'Staff account created' });
    await expect(entries.filter({ hasText: owner }).first()).toContainText('demo-admin');
  });

  test('changing the password and turning two-factor off take the password and a code; wrong codes lock it until an admin unlocks it', async ({
    page,
    consoleErrors,
  }) => {
    // Many steps, two accounts and a lock: longer than one page's worth.
    test.setTimeout(90_000);
    const owner = unique('e2e-reauth');
    await signInAsNewAdmin(page, owner, 'Reauth Owner');
    await openSection(page, 'Account');
    // A session alone does not start the set-up.
    await page.getByRole('button', { name: 'Turn On Two-Factor Sign-In' }).click();
    await expect(page.getByText('Enter your current password')).toBeVisible();
    await page.getByLabel('Your password, to turn it on').fill('not-my-password');
    await page.getByRole('button', { name: 'Turn On Two-Factor Sign-In' }).click();
    await expect(page.getByText('The current password is not right')).toBeVisible();
    await startTwoFactor(page, STRONG_PASSWORD);
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    const { setupAt, recoveryCodes } = await confirmTwoFactor(page, secret);
    // A code of the step after the set-up's (a step's code is good once), within a step of now;
    // the other steps take recovery codes, which the same fields accept, so nothing waits for time.
    const nextCode = () => totpCodeAt(secret, Math.max(setupAt + 30_000, Date.now() - 25_000));

    // The password change asks for a code now, and refuses the current password as the new one.
    const passwordPanel = page.getByRole('region', { name: 'Change password' });
    await passwordPanel.getByLabel('Current password').fill(STRONG_PASSWORD);
    await passwordPanel.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
    await passwordPanel.getByLabel('New password again').fill(STRONG_PASSWORD);
    await passwordPanel.getByRole('button', { name: 'Change Password' }).click();
    await expect(passwordPanel.getByText('Choose a new password, not the current one')).toBeVisible();
    const newPassword = 'Garissa-moonrise-77';
    await passwordPanel.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordPanel.getByLabel('New password again').fill(newPassword);
    await passwordPanel.getByRole('button', { name: 'Change Password' }).click();
    await expect(passwordPanel.getByText('Enter the code')).toBeVisible();
    await passwordPanel
      .getByLabel('Code from your authenticator app (or a recovery code)')
      .fill(recoveryCodes[0] ?? '');
    await passwordPanel.getByRole('button', { name: 'Change Password' }).click();
    await expect(passwordPanel.getByText('Password changed. Your other sessions were ended.')).toBeVisible();

    // Wrong codes to turn it off: the fifth locks two-factor sign-in.
    const twoFactorPanel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactorPanel.getByLabel('Your password, to turn it off').fill(newPassword);
    for (let i = 0; i < 5; i++) {
      await twoFactorPanel.getByLabel('Code from your authenticator app (or a recovery code)').fill(`40000${i}`);
      await twoFactorPanel.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' }).click();
      await expect(twoFactorPanel.getByText(i < 4 ? /This code is not right/ : /locked for \d+ minutes/)).toBeVisible();
    }
    allowFailedRequests(consoleErrors);
    await logOut(page);

    // An admin sees the lock on Staff and lifts it.
    await signIn(page, 'admin');
    await openSection(page, 'Staff');
    const member = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: owner }) });
    await expect(member.getByText(/Locked until/)).toBeVisible();
    await member.getByRole('button', { name: `Unlock two-factor sign-in of ${owner}` }).click();
    await expect(member.getByText(/Locked until/)).toHaveCount(0);
    await logOut(page);

    await signInAs(page, owner, newPassword);
    await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[1] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: `Welcome back, ${owner}` })).toBeVisible({ timeout: 20_000 });
    await openSection(page, 'Account');
    await twoFactorPanel.getByLabel('Your password, to turn it off').fill(newPassword);
    await twoFactorPanel.getByLabel('Code from your authenticator app (or a recovery code)').fill(nextCode());
    await twoFactorPanel.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' }).click();
    await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  });
});

test.describe('the new staff pages on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Staff, Audit Log, Account and the set-password page fit the screen', async ({ page }) => {
    await signIn(page, 'admin');
    for (const [path, heading] of [
      ['/admin/staff', 'Staff'],
      ['/admin/audit', 'Audit Log'],
      ['/admin/account', 'Account'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByText('Loading dashboard data...')).toHaveCount(0);
      await expectNoSidewaysScroll(page, path);
    }
    await page.goto('/admin/staff');
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Staff Member' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'add staff dialog');
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    const link = await page.request.post('/api/admin/staff', {
      data: { username: unique('e2e-phone'), name: 'Phone Person', role: 'viewer', setup: 'link' },
    });
    const { url } = (await link.json()).link;
    await logOut(page);
    await page.goto(new URL(url).pathname + new URL(url).search);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expectNoSidewaysScroll(page, '/admin/set-password');
  });
});

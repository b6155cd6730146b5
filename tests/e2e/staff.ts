import type { Page } from '@playwright/test';
import { totpCodeAt } from '../../src/server/modules/two-factor/totp';
import { expect } from './fixtures';

// Demo-mode accounts seeded by the e2e server (src/server/modules/staff/service.ts).
export const ACCOUNTS = {
  admin: { username: 'demo-admin', password: 'Hub-demo-7319' },
  editor: { username: 'demo-editor', password: 'Hub-editor-7319' },
  viewer: { username: 'demo-viewer', password: 'Hub-viewer-7319' },
};

/** A password the new-password rule accepts, for accounts a spec makes. */
export const STRONG_PASSWORD = 'Kilimani-sunrise-42';

/** A name no earlier run used: `e2e-editor-lq3x9abc`. */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * A visitor's or seller's own network address (the e2e server trusts loopback's
 * X-Forwarded-For): every spec posts from loopback, and the per-address limits (10 listings an
 * hour, 5 inquiries a minute) would otherwise count the whole suite's people as one.
 */
export const ownAddress = () => ({
  'x-forwarded-for': `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
});

/** Fills the sign-in form as an account a spec made (what follows, a code step or the dashboard, is the caller's). */
export async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Has demo-admin make a new admin account (through the API the Staff page uses), then signs
 * in as it: for specs that give an account a second factor, which demo-admin must never get.
 */
export async function signInAsNewAdmin(page: Page, username: string, name: string) {
  await signIn(page, 'admin');
  const created = await page.request.post('/api/admin/staff', {
    data: { username, name, role: 'admin', setup: 'password', password: STRONG_PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  await logOut(page);
  await signInAs(page, username, STRONG_PASSWORD);
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}` })).toBeVisible({ timeout: 20_000 });
}

/** On the Account page: gives the password and starts the set-up (the QR code and key show). */
export async function startTwoFactor(page: Page, password: string) {
  await page.getByLabel('Your password, to turn it on').fill(password);
  await page.getByRole('button', { name: 'Turn On Two-Factor Sign-In' }).click();
  await expect(page.getByTestId('two-factor-secret')).toBeVisible();
}

/**
 * On the Account page with the set-up open: confirms it with the current code of `secret`,
 * keeps the ten recovery codes, and answers when that code was made (a later sign-in needs
 * the next step's code: a code is good once).
 */
export async function confirmTwoFactor(
  page: Page,
  secret: string,
): Promise<{ setupAt: number; recoveryCodes: string[] }> {
  const setupAt = Date.now();
  await page.getByLabel('Six-digit code from the app').fill(totpCodeAt(secret, setupAt));
  await page.getByRole('button', { name: 'Confirm and Turn On' }).click();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allInnerTexts()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  return { setupAt, recoveryCodes };
}

/** A refused request is an expected 4xx; Chromium logs it as a console error. */
export function allowFailedRequests(errors: string[]) {
  for (let i = errors.length - 1; i >= 0; i--) {
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(errors[i] ?? ''))
      errors.splice(i, 1);
  }
}

/** Signs in on the sign-in screen of `path` (any page of the staff area) and waits for the dashboard. */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS, path = '/admin') {
  await page.goto(path);
  await page.getByLabel('Username', { exact: true }).fill(ACCOUNTS[who].username);
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS[who].password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${ACCOUNTS[who].username}` })).toBeVisible({
    timeout: 20_000,
  });
}

/** Logs out from the menu (on a phone, the Menu button opens it first). */
export async function logOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout', exact: true });
  if (!(await logout.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await logout.click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** Opens a section of the staff area from the menu; on a phone the menu opens first. */
export async function openSection(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name, exact: true }).click();
}

/** The page is no wider than the screen (nothing scrolls sideways). */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page, what).toBeLessThanOrEqual(widths.viewport);
  expect(widths.body, what).toBeLessThanOrEqual(widths.viewport);
}

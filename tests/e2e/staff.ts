import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// Demo-mode accounts seeded by the e2e server (src/server/modules/staff/service.ts).
export const ACCOUNTS = {
  admin: { username: 'demo-admin', password: 'Hub-demo-7319' },
  editor: { username: 'demo-editor', password: 'Hub-editor-7319' },
  viewer: { username: 'demo-viewer', password: 'Hub-viewer-7319' },
};

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
  const logout = page.getByRole('button', { name: 'Logout' });
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

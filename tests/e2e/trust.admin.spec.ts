import { expect, hydrated, test } from './fixtures';
import { signIn } from './staff';

/**
 * Trust marks end to end (docs/product.md#verified-sold-expired-and-featured): staff verify a
 * listing and mark it sold; a visitor sees the Verified badge with what was checked, the Sold
 * mark without a WhatsApp button, and finds it in search only when asking for sold ones.
 */
const TITLE = 'JBL Charge 5 Bluetooth Speaker';
const NOTE = 'Receipt and the speaker itself checked at our office';

test('staff verify a listing and mark it sold; a visitor sees both', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', '/admin/listings');
  await page.getByLabel('Search', { exact: true }).fill('JBL Charge');
  await page.getByLabel('Search', { exact: true }).press('Enter');
  await page.getByRole('button', { name: `Trust: ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Trust: ${TITLE}` });
  await dialog.getByLabel('What was checked').fill(NOTE);
  await dialog.getByRole('button', { name: 'Mark verified' }).click();
  await expect(dialog.getByText(/^Verified by demo-admin on /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark sold' }).click();
  await expect(dialog.getByRole('heading', { name: 'Availability: Sold' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row.getByText('Sold', { exact: true })).toBeVisible();
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  // A sold listing leaves the results...
  await visitor.goto('/marketplace?q=JBL+Charge');
  await hydrated(visitor);
  await expect(visitor.getByRole('heading', { name: /Product\(s\) Found/ })).toBeVisible();
  await expect(visitor.getByRole('link', { name: TITLE })).toHaveCount(0);
  // ...unless the visitor asks for sold ones.
  await visitor.getByLabel('Availability').selectOption({ label: 'Include sold' });
  const card = visitor.getByRole('article').filter({ hasText: TITLE });
  await expect(card.getByText('Sold', { exact: true })).toBeVisible();
  await expect(visitor).toHaveURL(/show=sold/);
  await expect(card.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveCount(0);

  await card.getByRole('link', { name: TITLE }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(visitor.getByText('Sold', { exact: true })).toBeVisible();
  await expect(visitor.getByText(/has been sold/)).toBeVisible();
  // The listing's own article: the similar listings under it are available ones.
  const listingPage = visitor.getByRole('article').first();
  await expect(listingPage.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveCount(0);
  await expect(listingPage.getByRole('link', { name: 'Call the seller' })).toHaveCount(0);
  await expect(visitor.getByText(`What we checked: ${NOTE}`)).toBeHidden();
  // The badge is a disclosure: a tap opens what was checked.
  await listingPage.locator('summary').filter({ hasText: 'Verified' }).first().click();
  await expect(visitor.getByText(`What we checked: ${NOTE}`)).toBeVisible();
  await expect(visitor.getByText(/^Verified by our office on \d{1,2} \w+ \d{4}$/)).toBeVisible();

  // The same after a reload: the server renders it.
  await visitor.reload();
  await expect(visitor.getByText(/has been sold/)).toBeVisible();
  await visitor.context().close();
});

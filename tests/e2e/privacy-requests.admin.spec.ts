import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { openSection, signIn, unique } from './staff';

/**
 * An admin's e-mail notices and a privacy request end to end (docs/product.md#account,
 * #privacy-requests): a visitor's inquiry e-mails the admin (reply-to the visitor); the admin
 * finds what is stored for the visitor's address, exports it and deletes it.
 */
test('an admin chooses notices, then finds, exports and deletes what is stored for an address', async ({ page }) => {
  await signIn(page, 'admin');
  await openSection(page, 'Account');
  await expect(page.getByRole('heading', { name: 'E-mail notices' })).toBeVisible();
  await expect(page.getByLabel('A new inquiry (with its text; replying answers the visitor)')).toBeChecked();
  await expect(page.getByLabel('Mail the site keeps failing to deliver')).not.toBeChecked();
  await page.getByLabel('Your e-mail address for notices').fill('not an address');
  await page.getByRole('button', { name: 'Save Notices' }).click();
  await expect(page.getByText('Enter a valid e-mail address, or leave it empty')).toBeVisible();
  await page.getByLabel('Your e-mail address for notices').fill('demo-admin@example.com');
  await page.getByRole('button', { name: 'Save Notices' }).click();
  await expect(page.getByText('Notices saved.')).toBeVisible();

  const visitor = `${unique('visitor')}@example.com`;
  const sent = await page.request.post('/api/inquiries', {
    data: { name: 'Amina Yusuf', email: visitor, subject: 'A flat', message: 'Is the flat in Eastleigh still free?' },
  });
  expect(sent.status()).toBe(201);

  await openSection(page, 'Privacy requests');
  await page.getByLabel('E-mail address').fill(visitor.toUpperCase());
  await page.getByRole('button', { name: 'Find' }).click();
  const counts = page.locator('dl');
  await expect(counts.getByText('Inquiries', { exact: true })).toBeVisible();
  await expect(counts.locator('dd').first()).toHaveText('1');
  // The admin's notice of it, which replies to the visitor, is theirs too.
  await expect(counts.locator('dd').last()).toHaveText('1');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(exported.records.inquiries[0].message).toBe('Is the flat in Eastleigh still free?');
  await expect(page.getByText('The file was downloaded.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete All' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(`Delete everything stored for ${visitor.toUpperCase()}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted: 2 records.')).toBeVisible();
  await expect(page.getByText(`Nothing is stored for ${visitor.toUpperCase()}.`)).toBeVisible();
});

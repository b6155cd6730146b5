import { expect, hydrated, test } from './fixtures';

/**
 * Favourites end to end (docs/product.md#saved-listings): a visitor saves a listing with the
 * heart, finds it on the Saved page after a reload, and sees the listings viewed last.
 */
test('save a listing and find it on the Saved page after a reload', async ({ page }) => {
  await page.goto('/marketplace');
  await hydrated(page);
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Saved: 0 listing(s)' })).toBeVisible();

  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(banner.getByRole('link', { name: 'Saved: 1 listing(s)' })).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(banner.getByRole('link', { name: 'Saved: 1 listing(s)' })).toBeVisible();
  await banner.getByRole('link', { name: 'Saved: 1 listing(s)' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved listings' })).toBeVisible();
  const saved = page.getByRole('region', { name: 'Saved (1)' });
  await expect(saved.getByRole('link', { name: title })).toBeVisible();

  // Viewing a listing puts it first among the recently viewed.
  await saved.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto('/saved');
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Recently viewed' }).getByRole('link', { name: title })).toBeVisible();

  // Unsaving from the Saved page empties it.
  await page.getByRole('region', { name: 'Saved (1)' }).getByRole('button', { name: 'Saved', exact: true }).click();
  await expect(page.getByText('Nothing saved yet.', { exact: false })).toBeVisible();
});

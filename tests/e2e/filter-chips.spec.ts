import { expect, hydrated, test } from './fixtures';

test('on a wide screen the filters stay in the page, with the active ones as chips that remove them', async ({
  page,
}) => {
  await page.goto('/real-estate?bedrooms=2&q=apartment');
  await hydrated(page);
  await expect(page.getByRole('button', { name: /^Filters \(/ })).toBeHidden();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('apartment');
  await expect(page.getByLabel('Bedrooms')).toBeVisible();
  const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('link');
  await expect(chips).toHaveCount(2);
  await expect(chips.first()).toHaveAccessibleName('Remove filter Search: “apartment”');
  await expect(chips.last()).toHaveAccessibleName('Remove filter Bedrooms: 2');
  await page.getByRole('link', { name: 'Remove filter Bedrooms: 2' }).click();
  await expect(page).toHaveURL(/\/real-estate\?q=apartment$/);
  await expect(page.getByLabel('Bedrooms')).toHaveValue('');
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toHaveAccessibleName('Remove filter Search: “apartment”');
});

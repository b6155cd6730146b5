import { expect, test } from './fixtures';

/**
 * "E-mail me new matches" under a results page, with JavaScript off: a plain HTML form the
 * server answers by coming back to the results, at the form. (Confirm, manage and one-click
 * unsubscribe, server pages without script, are covered through the app in
 * tests/api/saved-search-alerts.test.ts, which reads the queued messages.)
 */
test.use({ javaScriptEnabled: false });

test.describe('saved-search alerts without JavaScript', () => {
  test('saves the search from a results page and says what happens next, in English', async ({ page }) => {
    await page.goto('/marketplace?q=phone');
    const form = page.getByRole('region', { name: 'E-mail me new matches' });
    await form.getByLabel('Email address').fill('nojs-alert@example.com');
    await form.getByLabel('As soon as they are listed').check();
    await form.getByRole('button', { name: 'E-mail me new matches' }).click();
    await expect(page).toHaveURL(/\/marketplace\?q=phone#alert$/);
    await expect(form.getByText('Almost done: we sent you an e-mail.')).toBeVisible();
  });

  test('comes back with the address and its message when it is not valid, in Somali', async ({ page }) => {
    await page.goto('/real-estate?bedrooms=2&lang=so');
    const form = page.getByRole('region', { name: 'Iimayl ii soo dir waxyaabaha cusub' });
    await form.getByLabel('Cinwaanka iimaylka').fill('not-an-address');
    await form.getByRole('button', { name: 'Iimayl ii soo dir waxyaabaha cusub' }).click();
    await expect(form.getByText('Fadlan geli cinwaan iimayl oo sax ah')).toBeVisible();
    await expect(form.getByLabel('Cinwaanka iimaylka')).toHaveValue('not-an-address');
  });
});

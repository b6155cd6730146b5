import { expect, test } from './fixtures';

/** /privacy: the text admins edit (the default here), in both languages, with and without JavaScript. */
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'the privacy page' : 'the privacy page without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('says what is stored, for how long and how to ask, in English', async ({ page }) => {
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'What we store, why, and for how long' })).toBeVisible();
      await expect(page.getByText('deleted automatically after 24 months', { exact: false })).toBeVisible();
      await expect(page.getByText('Anonymous counts', { exact: false })).toBeVisible();
      const contact = page.getByRole('main').getByRole('link', { name: 'contact page' });
      await expect(contact).toHaveAttribute('href', '/contact');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/privacy',
      );
      await expect(page).toHaveTitle(/^Privacy Policy \|/);
    });

    test('reads in Somali', async ({ page }) => {
      await page.goto('/privacy?lang=so');
      await expect(page.getByRole('heading', { level: 1, name: 'Siyaasadda Sirta' })).toBeVisible();
      await expect(page.getByText(/^La cusboonaysiiyay \d{1,2} \w+ \d{4}$/)).toBeVisible();
      await expect(page.getByText('24 bilood', { exact: false })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'bogga la xiriirka' })).toHaveAttribute(
        'href',
        '/contact',
      );
    });
  });
}

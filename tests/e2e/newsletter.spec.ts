import { allowConsoleErrors, expect, test } from './fixtures';

/**
 * The footer's newsletter sign-up with JavaScript off, in English and Somali, and its link
 * pages (server pages without script). The whole link flow (the confirmation read from the
 * queued message, confirm, unsubscribe, one-click) is in tests/api/newsletter.test.ts, which
 * reads mail_messages; the app under test here keeps its database to itself.
 */
test.use({ javaScriptEnabled: false });

test.describe('newsletter without JavaScript', () => {
  test('subscribes in the footer and asks to confirm by e-mail, in English', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('textbox', { name: 'Email address' }).fill(`nojs-news-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByText('Check your inbox: open the link in our e-mail to confirm.')).toBeVisible();
  });

  test('subscribes in the footer and asks to confirm by e-mail, in Somali', async ({ page }) => {
    await page.goto('/about?lang=so');
    await page.getByRole('textbox', { name: 'Cinwaanka iimaylka' }).fill(`nojs-news-so-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Iska Diiwaangeli' }).click();
    await expect(page.getByText('fur xiriirka ku jira iimaylkayaga si aad u xaqiijiso')).toBeVisible();
  });

  test('a link that does not work says so, in the link language', async ({ page, consoleErrors }) => {
    await page.goto('/newsletter/unsubscribe?token=nothing&lang=so');
    await expect(page.getByRole('heading', { name: 'Xiriirkani ma shaqeynayo' })).toBeVisible();
    await page.goto('/newsletter/confirm?token=nothing&lang=en');
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    // The browser notes each page's 404 status.
    allowConsoleErrors(consoleErrors, /status of 404/);
  });
});

import { expect, test } from './fixtures';
import { openSection, signIn, unique } from './staff';

/**
 * The dashboard's Newsletter section (docs/product.md#newsletter-dashboard): an admin sets the
 * weekly digest in Site settings and sees it there, a visitor's confirmed address is counted,
 * an issue written in Markdown is previewed, confirmed and sent once, listed, and its message
 * reaches that address with its own unsubscribe link.
 */
test('an admin schedules the digest and sends a Markdown issue to the confirmed subscribers', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `${unique('issue')}@example.com`;
  await signIn(page, 'admin');
  const original = await (await page.request.get('/api/admin/site-settings')).json();
  try {
    // A subscriber who confirmed, through the link of the confirmation message.
    expect((await page.request.post('/api/newsletter', { data: { email } })).status()).toBe(200);
    const listed = await (await page.request.get(`/api/admin/mail?recipient=${encodeURIComponent(email)}`)).json();
    const detail = await (await page.request.get(`/api/admin/mail/${listed.items[0].id}`)).json();
    const confirm = /https?:\/\/[^/\s]+(\/newsletter\/confirm\?token=[\w-]+&lang=en)/.exec(detail.text)?.[1];
    expect(confirm, detail.text).toBeTruthy();
    await page.goto(confirm as string);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status')).toContainText('You are subscribed. Thank you!');

    await page.goto('/admin');
    await openSection(page, 'Site settings');
    await page.getByLabel('Weekly digest goes out on').selectOption('thursday');
    await page.getByLabel('At (Nairobi time)').selectOption('18');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. The public pages show them now.')).toBeVisible();

    await openSection(page, 'Newsletter');
    await expect(page).toHaveURL(/\/admin\/newsletter$/);
    await expect(page.getByText('The weekly digest goes out every Thursday at 18:00 (Nairobi time).')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change it in Site settings' })).toBeVisible();
    const confirmed = (await (await page.request.get('/api/admin/newsletter')).json()).confirmed as number;
    expect(confirmed).toBeGreaterThanOrEqual(1);

    // The form's own rules first.
    const send = page.getByRole('button', { name: `Send to ${confirmed} subscriber(s)` });
    await send.click();
    await expect(page.getByText('The subject is required')).toBeVisible();
    await expect(page.getByText('The text is required')).toBeVisible();

    const subject = `Eid office hours ${unique('s')}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Text (Markdown)').fill('## Eid Mubarak\n\nThe office is **closed** on Friday.');
    await expect(page.getByRole('heading', { name: 'Eid Mubarak' })).toBeVisible();
    await send.click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this issue now?' });
    await expect(dialog).toContainText(`"${subject}" goes to ${confirmed} confirmed subscriber(s).`);
    await dialog.getByRole('button', { name: 'Yes, send it' }).click();
    await expect(page.getByText(`The issue is being queued for ${confirmed} subscriber(s).`)).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('');
    const row = page.getByRole('row', { name: new RegExp(subject) });
    await expect(row).toContainText('demo-admin');
    await expect(row).toContainText(String(confirmed), { timeout: 20_000 });

    // The subscriber's message: the issue, once, with their own unsubscribe link.
    await expect(async () => {
      const mails = await (await page.request.get(`/api/admin/mail?recipient=${encodeURIComponent(email)}`)).json();
      const issues = mails.items.filter((item: { subject: string }) => item.subject === subject);
      expect(issues).toHaveLength(1);
      const message = await (await page.request.get(`/api/admin/mail/${issues[0].id}`)).json();
      expect(message.text).toContain('The office is **closed** on Friday.');
      expect(message.unsubscribeUrl).toMatch(/\/newsletter\/unsubscribe\?token=/);
    }).toPass({ timeout: 20_000 });
  } finally {
    await page.request.put('/api/admin/site-settings', { data: original.settings });
  }
});

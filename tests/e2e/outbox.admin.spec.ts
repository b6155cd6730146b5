import { allowConsoleErrors, expect, test } from './fixtures';
import { openSection, signIn, unique } from './staff';

/**
 * Mail without a mail server (the e2e server has no SMTP_URL): a visitor asks for an alert
 * with JavaScript off, an admin reads the confirmation in the Outbox (docs/product.md#outbox),
 * and the visitor, still without JavaScript, confirms through its link and unsubscribes.
 */
test('a confirmation asked for on the public site is in the outbox, and its links work without JavaScript', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const email = `${unique('outbox')}@example.com`;
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const visit = await visitor.newPage();
  await visit.goto('/marketplace?q=fridge');
  const form = visit.getByRole('region', { name: 'E-mail me new matches' });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'E-mail me new matches' }).click();
  await expect(form.getByText('Almost done: we sent you an e-mail.')).toBeVisible();

  await signIn(page, 'admin');
  await openSection(page, 'Outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByText(/No mail server is configured/)).toBeVisible();
  const recipient = page.getByLabel('Recipient');
  await recipient.fill(email);
  await recipient.press('Enter');
  const messages = page.getByRole('list', { name: 'Outbox' }).getByRole('listitem');
  // The delivery pass runs every few seconds: the message turns from waiting to kept.
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText('Confirm your alert: "fridge"');
  await expect(messages.first()).toContainText('Kept here (not sent)', { timeout: 20_000 });
  await messages.first().getByRole('button', { name: 'Read' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTitle('As it looks (HTML part)')).toBeVisible();
  const text = await dialog.locator('pre').innerText();
  const link = /https?:\/\/[^/\s]+(\/alerts\/confirm\?token=[\w-]+&lang=en)/.exec(text)?.[1];
  expect(link, text).toBeTruthy();

  await visit.goto(link as string);
  await visit.getByRole('button', { name: 'Start the alert' }).click();
  await expect(visit.getByRole('status')).toContainText('Your alert is on.');
  // The unsubscribe page every alert message links to (the message's token is good for it too).
  await visit.goto((link as string).replace('/alerts/confirm', '/alerts/unsubscribe'));
  await visit.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visit.getByRole('status')).toContainText('You will get no more e-mails for this search.');
  await visitor.close();
  // The frame runs no script, as meant: Playwright's own probe into it is refused and logged,
  // whenever the frame ends loading (so this is dropped last, not when the dialog opened).
  allowConsoleErrors(consoleErrors, /Blocked script execution in '.*\/view' because the document's frame is sandboxed/);
});

import { expect, hydrated, test } from './fixtures';
import { openSection, signIn } from './staff';

/**
 * Prices in the visitor's currency end to end (docs/product.md#prices-in-the-visitors-currency):
 * an admin enters the pound's rate; a visitor chooses pounds and sees £ amounts beside the
 * shillings, still after a reload, with the rate's date.
 */
test('an admin sets the rate; a visitor chooses pounds and sees £ prices after a reload', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await openSection(page, 'Site settings');
  const rates = page.getByRole('form', { name: 'Exchange rates' });
  await rates.getByLabel('Rates of (date)').fill('2026-11-21');
  // Bad input is refused with a message, and nothing is saved.
  await rates.getByLabel('KES for 1 GBP').fill('-4');
  await rates.getByRole('button', { name: 'Save rates' }).click();
  await expect(rates.getByText('A rate is more than 0')).toBeVisible();
  await rates.getByLabel('KES for 1 GBP').fill('164.5');
  await rates.getByRole('button', { name: 'Save rates' }).click();
  await expect(rates.getByText('Rates saved. The public pages use them now.')).toBeVisible();

  // A visitor from Kenya (no region the browser names): shillings only at first.
  const visitor = await (await browser.newContext({ locale: 'so-KE' })).newPage();
  await visitor.goto('/real-estate');
  await hydrated(visitor);
  const firstPrice = visitor.getByRole('article').first().getByText(/^Ksh/);
  await expect(firstPrice).toBeVisible();
  await expect(firstPrice).not.toContainText('≈');
  await visitor.getByLabel(/^(Currency|Lacagta)$/).selectOption('GBP');
  await expect(firstPrice).toContainText(/ · ≈ £[\d,.]+$/);
  await expect(visitor.getByText(/GBP, (rate of|sicirka) 21 November 2026|21 Noofeembar 2026/)).toBeVisible();

  await visitor.reload();
  await hydrated(visitor);
  // The navbar's choice (the phone menu holds a second one, by the same name).
  await expect(visitor.getByLabel(/^(Currency|Lacagta)$/).first()).toHaveValue('GBP');
  // Rendered by the server in pounds: the amount is in the HTML before any script runs.
  const html = await (await visitor.request.get('/real-estate')).text();
  expect(html).toMatch(/≈ £[\d,]+/);
  await expect(visitor.getByRole('article').first().getByText(/^Ksh/)).toContainText('≈ £');
  await visitor.context().close();
});

import { expect, hydrated, test } from './fixtures';
import { LANGUAGES, VIEWPORTS } from './public-pages';

/** Removes Chromium's 'Failed to load resource' lines for the given statuses; anything else stays an error. */
function expectOnlyFailedResponses(errors: string[], statuses: number[]) {
  const expected = (line: string) =>
    statuses.some((status) =>
      line.includes(`Failed to load resource: the server responded with a status of ${status}`),
    );
  const rest = errors.filter((line) => !expected(line));
  errors.splice(0, errors.length, ...rest);
}

test.describe('contact page', () => {
  test('shows the contact details and quick links', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/254\d+\?text=Hello/,
    );
    await expect(page.getByRole('link', { name: /Urgent Help/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(page.getByRole('link', { name: /Service Inquiry/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByText('Nairobi, Kenya').first()).toBeVisible();
    await expect(page.getByText(/use your contact details only to reply/)).toBeVisible();
  });

  test('shows every validation message, and editing a field clears its error and the banner', async ({ page }) => {
    await page.goto('/contact');
    // The app's checks (before the scripts run, the server answers the same messages with a 400).
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please fix the errors above and try again.')).toBeVisible();
    for (const message of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('Full Name').fill('   ');
    await expect(page.getByText('Name is required')).toHaveCount(0);
    await expect(page.getByText('Please fix the errors above and try again.')).toHaveCount(0);
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByLabel('Email Address', { exact: true }).fill('amina@');
    await page.getByLabel('Your Message').fill('too short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Message should be at least 10 characters long')).toBeVisible();
    await expect(page.getByText('9/5000 characters')).toBeVisible();
    await expect(page.getByLabel('Your Message')).toHaveAccessibleDescription(
      'Message should be at least 10 characters long 9/5000 characters',
    );
    await expect(page.getByLabel('Your Message')).toHaveAttribute('rows', '6');
  });

  test('sends a message: inputs disabled while sending, then success and a cleared form', async ({ page }) => {
    await page.route('**/api/inquiries', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('Amina Yusuf');
    await page.getByLabel('Email Address', { exact: true }).fill('amina@example.com');
    await page.getByLabel('Subject').fill('Cargo to Mogadishu');
    await page.getByLabel('Your Message').fill('How long does a 20 kg parcel take?');
    await expect(page.getByText('34/5000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending Message...' })).toBeDisabled();
    await expect(page.getByLabel('Full Name')).toBeDisabled();
    await expect(page.getByText('Thank you for your message! We will get back to you within 24 hours.')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Your Message')).toHaveValue('');
    await expect(page.getByText('0/5000 characters')).toBeVisible();
  });

  test('shows the throttle message and the generic failure in the form', async ({ page, consoleErrors }) => {
    let calls = 0;
    await page.route('**/api/inquiries', (route) =>
      calls++ === 0
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'Too Many Requests',
              message: 'Too many requests. Please wait 42 seconds and try again.',
            }),
          })
        : route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('Amina Yusuf');
    await page.getByLabel('Email Address', { exact: true }).fill('amina@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Your Message').fill('A message long enough.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Too many requests. Please wait 42 seconds and try again.')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Something went wrong. Please try again or contact us directly.')).toBeVisible();
    // The visitor's text is kept so nothing is lost.
    await expect(page.getByLabel('Your Message')).toHaveValue('A message long enough.');
    // Chromium logs every failed response; these two are the point of the test.
    expectOnlyFailedResponses(consoleErrors, [429, 503]);
  });
});

for (const [locale, messages] of LANGUAGES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`the message counter in ${locale} at ${viewport.width} px`, () => {
      test.use({ locale, viewport });

      test('counts towards the 5,000 the server accepts, as the server counts (trimmed)', async ({ page }) => {
        const counter = (n: number) =>
          page.getByText(messages.contact.form.counter.replace('{n}', String(n)).replace('{max}', '5000'), {
            exact: true,
          });
        await page.goto('/contact');
        await hydrated(page);
        await expect(counter(0)).toBeVisible();
        const message = page.getByLabel(messages.contact.form.message);
        await message.fill('   Salaan, su’aal baan qabaa.   \n ');
        await expect(counter('Salaan, su’aal baan qabaa.'.length)).toBeVisible();
        await message.fill('x'.repeat(5001));
        await expect(counter(5001)).toBeVisible();
      });
    });
  }
}

import { expect, hydrated, test } from './fixtures';

test.describe('routes and page meta', () => {
  for (const [path, title] of [
    ['/', /Marketplace, Real Estate/],
    ['/about', /^About Us \|/],
    ['/blog', /^Blog & News \|/],
    ['/contact', /^Contact Us \|/],
    ['/faq', /^Frequently Asked Questions \|/],
    ['/terms', /^Terms of Service \|/],
    ['/privacy', /^Privacy Policy \|/],
  ] as const) {
    test(`${path} has exactly one title and one description`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('head title')).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    });
  }

  test('coming-soon pages have their title and a Back to Home link', async ({ page }) => {
    for (const [path, heading] of [
      ['/faq', 'Frequently Asked Questions'],
      ['/terms', 'Terms of Service'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('ticketing and cargo redirect to visa assistance, unknown paths to home', async ({ page }) => {
    await page.goto('/ticketing');
    await expect(page).toHaveURL(/\/visa-assistance$/);
    await page.goto('/cargo');
    await expect(page).toHaveURL(/\/visa-assistance$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
  });

  test('/admin has neither header nor footer', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  });
});

test.describe('navbar', () => {
  test('takes its scrolled style after 10 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 9));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('the Services dropdown works with the keyboard', async ({ page }) => {
    await page.goto('/about');
    // The menu's keys are the app's: a key pressed before it has taken over does nothing.
    await hydrated(page);
    const services = page.getByRole('button', { name: 'Services' });
    await services.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: 'Services' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Marketplace',
      'Real Estate',
      'Business Sales',
      'Visa Assistance',
      'Flight Ticketing',
      'Cargo Shipping',
    ]);
    await expect(page.getByRole('menuitem', { name: 'Marketplace' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Real Estate' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(services).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(menu).toBeHidden();
  });

  test('the Services dropdown opens on hover and on click, and closes on an outside click', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('menu', { name: 'Services' });
    await page.getByRole('button', { name: 'Services' }).hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(600, 600);
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Services' }).click();
    await expect(menu).toBeVisible();
    await page.mouse.move(600, 600);
    await expect(menu).toBeHidden();
    // Opened from the keyboard with the mouse elsewhere: a click outside closes it.
    await page.getByRole('button', { name: 'Services' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.mouse.click(5, 600);
    await expect(menu).toBeHidden();
  });

  test('every route change scrolls to the top', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('footer', () => {
  test('shows service links, quick links, contact details and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('link', { name: 'Visa Assistance' })).toHaveAttribute('href', '/visa-assistance');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: /\+254/ })).toHaveAttribute('href', /^tel:/);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Somali Diaspora Hub`);
    const email = footer.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
  });

  test('five clicks on the logo show progress and open /admin after 0.5 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/about');
    // The footer comes rendered from the server; its clicks count once the page is interactive.
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const logo = page.getByTestId('footer-logo');
    for (let i = 0; i < 5; i++) await logo.click();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
    await page.clock.runFor(400);
    await expect(page).toHaveURL(/\/about$/);
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('four clicks do not open /admin', async ({ page }) => {
    await page.clock.install();
    await page.goto('/about');
    // The footer comes rendered from the server; its clicks count once the page is interactive.
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const logo = page.getByTestId('footer-logo');
    for (let i = 0; i < 4; i++) await logo.click();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
    await page.clock.runFor(5000);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('the counter resets after 3 s without a click', async ({ page }) => {
    await page.clock.install();
    await page.goto('/about');
    // The footer comes rendered from the server; its clicks count once the page is interactive.
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const logo = page.getByTestId('footer-logo');
    for (let i = 0; i < 3; i++) await logo.click();
    await page.clock.runFor(2900);
    await logo.click(); // 4th, under 3 s after the 3rd: still counting
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
    await page.clock.runFor(3100);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await logo.click();
    await logo.click();
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  });

  test('the newsletter stores an address and thanks a repeat the same way', async ({ page }) => {
    await page.goto('/about');
    // The form loads when the footer comes into view.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const email = page.getByRole('textbox', { name: 'Email address' });
    const address = `e2e-${Date.now()}@example.com`;
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await email.fill(address);
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
    await expect(email).toHaveValue('');
    await email.fill(address.toUpperCase());
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // Whether an address is on the list is no one's business: the same thanks.
    await expect(email).toHaveValue('');
    await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
    await expect(page.getByText(/already/i)).toHaveCount(0);
  });
});

test.describe('home', () => {
  test('hero, six services with badges and WhatsApp links, trust, contact and about sections', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const stat of ['15K+', '60+', '24/7'])
      await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat on WhatsApp', exact: true })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/254/,
    );
    const services = page.locator('#services li');
    await expect(services).toHaveCount(6);
    await expect(services.filter({ hasText: 'Flight Ticketing' })).toContainText('Popular');
    await expect(services.filter({ hasText: 'Marketplace' })).toContainText('Trending');
    await expect(services.filter({ hasText: 'Visa Assistance' })).toContainText('Recommended');
    await expect(page.getByRole('link', { name: /Quick chat on WhatsApp about/ })).toHaveCount(6);
    for (const year of ['2020', '2021', '2022', '2023', '2024']) {
      await expect(page.getByText(year, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Explore Our Services' }).click();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Our Services' })).toBeInViewport();
    await page.getByRole('link', { name: 'Explore Real Estate' }).click();
    await expect(page).toHaveURL(/\/real-estate$/);
  });

  test('about page has its four sections', async ({ page }) => {
    await page.goto('/about');
    for (const name of ['Our Mission', 'Our Vision', 'Our Core Values', 'Why Choose Us']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText('99%', { exact: true })).toBeVisible();
  });
});

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { allowConsoleErrors, expect, hydrated, test } from './fixtures';

/**
 * The four category pages and a listing's own page, against the seeded demo database.
 * Expected counts come from the API, so the tests hold whatever the demo content is.
 */

interface Item {
  id: string;
  title: string;
  image_urls: string[];
  whatsapp_number: string;
}
async function listings(request: APIRequestContext, query: string) {
  const response = await request.get(`/api/listings?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: Item[]; total: number };
}

const optionTexts = async (page: Page | Locator, label: string) => {
  // allTextContents does not wait: the page chunk may still be loading.
  const select = page.getByLabel(label, { exact: true });
  await expect(select).toBeVisible();
  return select.locator('option').allTextContents();
};

test.describe('marketplace', () => {
  test('shows the filters of the specification, in order', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { level: 1, name: 'Online Marketplace' })).toBeVisible();
    await expect(page.getByPlaceholder('Search products...')).toBeVisible();
    expect(await optionTexts(page, 'Category')).toEqual([
      'All Categories',
      'Electronics',
      'Baati',
      'Accessories',
      'Phones',
      'Cases',
    ]);
    expect(await optionTexts(page, 'Condition')).toEqual(['All Conditions', 'New', 'Used', 'Refurbished']);
    expect(await optionTexts(page, 'Price Range')).toEqual([
      'All Prices',
      'Under KSH 5,000',
      'KSH 5,000-20,000',
      'KSH 20,000-50,000',
      'KSH 50,000-100,000',
      'Over KSH 100,000',
    ]);
  });

  test('keeps filters in the URL: reload, Back and Forward restore them', async ({ page, request }) => {
    const all = await listings(request, 'category=product');
    const used = await listings(request, 'category=product&condition=used');
    await page.goto('/marketplace');
    await expect(page.getByRole('heading', { name: `${all.total} Product(s) Found` })).toBeVisible();

    await page.getByLabel('Condition').selectOption({ label: 'Used' });
    await expect(page).toHaveURL(/condition=used/);
    await expect(page.getByRole('heading', { name: `${used.total} Product(s) Found` })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Condition')).toHaveValue('used');
    await expect(page.getByRole('heading', { name: `${used.total} Product(s) Found` })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.getByLabel('Condition')).toHaveValue('');
    await expect(page.getByRole('heading', { name: `${all.total} Product(s) Found` })).toBeVisible();

    await page.goForward();
    await expect(page.getByLabel('Condition')).toHaveValue('used');
  });

  test('searches as the visitor types, without reloading the page', async ({ page, request }) => {
    const { items } = await listings(request, 'category=product&pageSize=1');
    const word = items[0]!.title.split(' ')[0]!;
    const expected = await listings(request, `category=product&q=${encodeURIComponent(word)}`);
    await page.goto('/marketplace');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByLabel('Search').fill(word);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
    await expect(page.getByRole('heading', { name: `${expected.total} Product(s) Found` })).toBeVisible();
    await expect(page.getByRole('link', { name: items[0]!.title })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });

  test('opens a shared link with extra tracking parameters', async ({ page, request }) => {
    const used = await listings(request, 'category=product&condition=used');
    await page.goto('/marketplace?condition=used&utm_source=whatsapp&fbclid=abc');
    await expect(page.getByRole('heading', { name: `${used.total} Product(s) Found` })).toBeVisible();
    await expect(page.getByLabel('Condition')).toHaveValue('used');
  });

  test('pages through the results', async ({ page, request }) => {
    const all = await listings(request, 'category=product');
    // The demo content the end-to-end server starts with holds more than one page of products.
    expect(all.total).toBeGreaterThan(12);
    const second = await listings(request, 'category=product&page=2');
    await page.goto('/marketplace');
    await expect(page.getByText(`Page 1 of ${Math.ceil(all.total / 12)}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('link', { name: second.items[0]!.title, exact: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Page 1 of')).toBeVisible();
  });

  test('finds every word in any order, with a typo, best match first', async ({ page, request }) => {
    const expected = await listings(request, `category=product&q=${encodeURIComponent('galaxy samsng')}`);
    expect(expected.total).toBeGreaterThan(0);
    await page.goto('/marketplace');
    await page.getByLabel('Search').fill('galaxy samsng');
    await expect(page.getByRole('heading', { name: `${expected.total} Product(s) Found` })).toBeVisible();
    // Best match is the order a search starts in, and offered only with one.
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Best match');
    const titles = page.getByRole('main').getByRole('listitem').getByRole('heading');
    await expect(titles).toHaveText(expected.items.map((item) => item.title));
    await page.getByLabel('Search').fill('');
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Newest first');
    await expect(page.getByLabel('Sort by').getByRole('option', { name: 'Best match' })).toHaveCount(0);
  });

  test('offers the same words without the other filters when they find nothing', async ({ page, request }) => {
    const filtered = 'q=samsung&condition=refurbished&maxPrice=5000';
    expect((await listings(request, `category=product&${filtered}`)).total).toBe(0);
    const wide = await listings(request, 'category=product&q=samsung');
    expect(wide.total).toBeGreaterThan(0);
    await page.goto(`/marketplace?${filtered}`);
    await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
    await expect(page.getByText('No results for ‘samsung’ with these filters.')).toBeVisible();
    await page.getByRole('link', { name: `${wide.total} result(s) without filters →` }).click();
    await expect(page).toHaveURL(/\/marketplace\?q=samsung$/);
    await expect(page.getByRole('heading', { name: `${wide.total} Product(s) Found` })).toBeVisible();
    await expect(page.getByLabel('Condition')).toHaveValue('');
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/marketplace?q=zzqqxxnothing');
    await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters to see more results.')).toBeVisible();
    // Never a dead end: the page without the search is a link away.
    await expect(page.getByText('No results for ‘zzqqxxnothing’.')).toBeVisible();
    await page.getByRole('link', { name: 'Show everything without this search →' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.getByRole('heading', { name: /Product\(s\) Found/ })).toBeVisible();
  });

  test('shows the error state with Try Again when the API fails', async ({ page, consoleErrors }) => {
    let fail = true;
    await page.route('**/api/listings?*', (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"x","message":"down"}' })
        : route.continue(),
    );
    // Opened from another page, the list loads in the browser (a first visit comes rendered).
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Marketplace' }).click();
    await expect(page.getByText('Failed to load products. Please try again.')).toBeVisible({ timeout: 15_000 });
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: /Product\(s\) Found/ })).toBeVisible();
    // The browser logs each failed response; those were wanted here.
    allowConsoleErrors(consoleErrors, /503/);
  });
});

test.describe('real estate', () => {
  test('filters by size, bedrooms (4 means 4 or more) and bathrooms, with location suggestions', async ({
    page,
    request,
  }) => {
    await page.goto('/real-estate');
    expect(await optionTexts(page, 'Bedrooms')).toEqual(['Any', '1', '2', '3', '4+']);
    expect(await optionTexts(page, 'Bathrooms')).toEqual(['Any', '1', '2', '3+']);
    expect(await optionTexts(page, 'Price Range')).toEqual([
      'All Prices',
      'Under KSH 50K',
      'KSH 50K-200K',
      'KSH 200K-500K',
      'KSH 500K-1M',
      'KSH 1M-5M',
      'Over KSH 5M',
    ]);
    expect(await optionTexts(page, 'Square Feet')).toEqual([
      'Any',
      'Under 500 sq ft',
      '500-1,000 sq ft',
      '1,000-2,000 sq ft',
      '2,000-5,000 sq ft',
      'Over 5,000 sq ft',
    ]);
    expect(await page.locator('datalist option').count()).toBe(15);

    const sized = await listings(request, 'category=property&minSquareFeet=1000&maxSquareFeet=2000');
    await page.getByLabel('Square Feet').selectOption({ label: '1,000-2,000 sq ft' });
    await expect(page).toHaveURL(/minSquareFeet=1000&maxSquareFeet=2000/);
    await expect(page.getByRole('heading', { name: `${sized.total} Property(ies) Found` })).toBeVisible();
    await page.getByLabel('Square Feet').selectOption({ label: 'Any' });

    const expected = await listings(request, 'category=property&bedrooms=4');
    await page.getByLabel('Bedrooms').selectOption({ label: '4+' });
    await expect(page).toHaveURL(/bedrooms=4/);
    await expect(page.getByRole('heading', { name: `${expected.total} Property(ies) Found` })).toBeVisible();
  });
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`real estate for sale or for rent at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('filters For sale / For rent and shows a rent with its period, in English and Somali', async ({
      page,
      request,
      baseURL,
    }) => {
      // Prices in shillings alone: the demo rates would add "≈ US$…" for this browser's language.
      await page.context().addCookies([{ name: 'currency', value: 'KES', url: baseURL ?? '' }]);
      const rent = await listings(request, 'category=property&listingType=rent&pageSize=50');
      const sale = await listings(request, 'category=property&listingType=sale');
      expect(rent.total).toBeGreaterThan(0);
      await page.goto('/real-estate');
      await hydrated(page);
      // Below 640 px the filters open as a sheet, which hides the results until it closes.
      const phone = viewport.width < 640;
      const pickListingType = async (label: string) => {
        if (phone) await page.getByRole('button', { name: /^Filters \(\d\)$/ }).click();
        const filters = phone ? page.getByRole('dialog', { name: 'Filters' }) : page.locator('body');
        await filters.getByLabel('For Sale or Rent').selectOption({ label });
        if (phone) await filters.getByRole('button', { name: 'Show results' }).click();
      };
      if (phone) await page.getByRole('button', { name: 'Filters (0)' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      expect(await optionTexts(phone ? sheet : page, 'For Sale or Rent')).toEqual(['All', 'For sale', 'For rent']);
      if (phone) await page.keyboard.press('Escape');
      await pickListingType('For rent');
      await expect(page).toHaveURL(/listingType=rent/);
      await expect(page.getByRole('heading', { name: `${rent.total} Property(ies) Found` })).toBeVisible();
      // Every card on the page is a rent and says per month.
      const prices = page.getByRole('article').getByText(/^Ksh\s[\d,]+( \/ \S+)?$/);
      await expect(prices.first()).toHaveText(/^Ksh\s[\d,]+ \/ month$/);
      for (const text of await prices.allTextContents()) expect(text).toMatch(/ \/ (month|year)$/);

      await pickListingType('For sale');
      await expect(page).toHaveURL(/listingType=sale/);
      await expect(page.getByRole('heading', { name: `${sale.total} Property(ies) Found` })).toBeVisible();
      // The two totals may be equal: wait for the cards themselves to change.
      await expect(prices.filter({ hasText: ' / ' })).toHaveCount(0);
      for (const text of await prices.allTextContents()) expect(text).toMatch(/^Ksh\s[\d,]+$/);

      // A rent's own page says per month too; a sale's shows the price alone.
      const rental = rent.items[0] as Item & { price: number };
      await page.goto(`/real-estate/${rental.id}`);
      // The first: the similar listings under it may be rents too.
      await expect(page.getByText(/^Ksh\s[\d,]+ \/ month$/).first()).toBeVisible();

      await page.goto('/real-estate?lang=so&listingType=rent');
      if (phone) {
        await hydrated(page);
        await page.getByRole('button', { name: 'Shaandhayn (1)' }).click();
      }
      const filters = phone ? page.getByRole('dialog', { name: 'Shaandhayn' }) : page;
      expect(await optionTexts(filters, 'Iib ama Kiro')).toEqual(['Dhammaan', 'Iib ah', 'Kiro ah']);
      await expect(filters.getByLabel('Iib ama Kiro')).toHaveValue('rent');
      if (phone) await page.keyboard.press('Escape');
      await expect(prices.first()).toHaveText(/^Ksh\s[\d,]+ \/ bishii$/);
      await page.goto(`/real-estate/${rental.id}?lang=so`);
      await expect(page.getByText(/^Ksh\s[\d,]+ \/ bishii$/).first()).toBeVisible();
    });
  });
}

test.describe('business sales', () => {
  test('offers asking price, monthly revenue and years established', async ({ page, request }) => {
    await page.goto('/business-sales');
    expect(await optionTexts(page, 'Years Established')).toEqual([
      'Any',
      '1+ years',
      '3+ years',
      '5+ years',
      '10+ years',
    ]);
    expect(await optionTexts(page, 'Monthly Revenue')).toEqual([
      'Any Revenue',
      'Under KSH 50K',
      'KSH 50K-200K',
      'KSH 200K-500K',
      'KSH 500K-1M',
      'Over KSH 1M',
    ]);
    expect(await page.locator('datalist option').count()).toBe(15);
    const expected = await listings(request, 'category=business&minYears=5');
    await page.getByLabel('Years Established').selectOption({ label: '5+ years' });
    await expect(page.getByRole('heading', { name: `${expected.total} Business(es) Found` })).toBeVisible();
  });
});

test.describe('visa assistance', () => {
  test('shows its loading state, then the services', async ({ page }) => {
    await page.route('**/api/listings?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Visa Assistance' }).click();
    await expect(page.getByText('Loading visa services...')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Service\(s\) Available/ })).toBeVisible();
  });

  test('has the selects of the specification and counts active filters in Clear All (n)', async ({ page, request }) => {
    await page.goto('/visa-assistance');
    await expect(page.getByPlaceholder('Search countries, visa types...')).toBeVisible();
    expect(await optionTexts(page, 'Country')).toEqual([
      'All Countries',
      'United States',
      'United Kingdom',
      'Canada',
      'Australia',
      'Germany',
      'France',
      'Netherlands',
      'UAE/Dubai',
      'Turkey',
      'South Africa',
    ]);
    expect(await optionTexts(page, 'Visa Type')).toEqual([
      'All Visa Types',
      'Tourist/Visit',
      'Business',
      'Student',
      'Work/Employment',
      'Transit',
      'Family Reunion',
    ]);
    expect(await optionTexts(page, 'Processing Time')).toEqual([
      'Any',
      'Express (1-3 days)',
      'Fast (1-2 weeks)',
      'Standard (2-4 weeks)',
      'Slow (1+ months)',
    ]);
    expect(await optionTexts(page, 'Service Fee')).toEqual([
      'Any Price',
      'Under KSH 10,000',
      '10,000-25,000',
      '25,000-50,000',
      '50,000-100,000',
      'Over KSH 100,000',
    ]);
    await expect(page.getByRole('button', { name: /Clear All/ })).toHaveCount(0);

    const expected = await listings(request, 'category=visa&country=USA&minPrice=10000&maxPrice=25000');
    await page.getByLabel('Country').selectOption({ label: 'United States' });
    await page.getByLabel('Service Fee').selectOption({ label: '10,000-25,000' });
    // Country, minimum and maximum fee: three non-empty filter values.
    await expect(page.getByRole('button', { name: 'Clear All (3)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${expected.total} Service(s) Available` })).toBeVisible();

    await page.getByRole('button', { name: 'Clear All (3)' }).click();
    await expect(page).toHaveURL(/\/visa-assistance$/);
    await expect(page.getByLabel('Country')).toHaveValue('');
    await expect(page.getByRole('button', { name: /Clear All/ })).toHaveCount(0);
  });

  test('says No Services Found with Clear Filters when filters match nothing', async ({ page }) => {
    await page.goto('/visa-assistance?q=zzqqxxnothing');
    await expect(page.getByRole('heading', { name: 'No Services Found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your filters to see more services.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByRole('heading', { name: /Service\(s\) Available/ })).toBeVisible();
    await expect(page.getByLabel('Search')).toHaveValue('');
  });
});

test.describe('a listing page', () => {
  test('opens from a card with every field, WhatsApp contact and a share link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/real-estate');
    const card = page.getByRole('article').first();
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/real-estate\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Property type')).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Somali Diaspora Hub`);

    // The listing's own (the similar listings' cards under it have theirs).
    const whatsapp = page.getByRole('link', { name: 'Chat on WhatsApp' }).first();
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(href.origin).toBe('https://wa.me');
    expect(href.pathname).toMatch(/^\/254\d+$/);
    expect(href.searchParams.get('text')).toContain(title);
    expect(href.searchParams.get('text')).toContain(page.url());
    // A call goes to the same number.
    await expect(page.getByRole('link', { name: 'Call the seller' })).toHaveAttribute(
      'href',
      `tel:+${href.pathname.slice(1)}`,
    );

    // Under load the card's link may have been followed before the app took over: the page is then the server's.
    await hydrated(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('has a gallery that follows the arrow keys, with WebP display sizes', async ({ page, request }) => {
    const candidates = [
      ...(await listings(request, 'category=property&pageSize=50')).items.map((i) => ['real-estate', i] as const),
      ...(await listings(request, 'category=product&pageSize=50')).items.map((i) => ['marketplace', i] as const),
    ];
    const found = candidates.find(([, i]) => i.image_urls.length > 1 && i.image_urls[0]!.startsWith('/uploads/'));
    // The demo content gives about a third of its listings a gallery of stored photos.
    expect(found).toBeDefined();
    const [route, listing] = found!;
    await page.goto(`/${route}/${listing.id}`);
    const photo = page.getByRole('img', { name: `Photo 1 of ${listing.image_urls.length}: ${listing.title}` });
    await expect(photo).toBeVisible();
    expect(await photo.getAttribute('srcset')).toMatch(/\/media\/320\/.+ 320w/);
    const webp = await request.get((await photo.getAttribute('src')) ?? '');
    expect(webp.headers()['content-type']).toBe('image/webp');
    await page.getByRole('button', { name: 'Next photo' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('img', { name: `Photo 2 of ${listing.image_urls.length}: ${listing.title}` }),
    ).toBeVisible();
  });

  test('puts the listing into the HTML the server returns, for link previews', async ({ request }) => {
    const { items } = await listings(request, 'category=business&pageSize=1');
    const listing = items[0]!;
    const response = await request.get(`/business-sales/${listing.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta property="og:url" content="http://127.0.0.1:`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?">/);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/business-sales/${listing.id}">`),
    );
    if (listing.image_urls.length)
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\//);
  });

  test('answers an unknown listing with 404 and a friendly page', async ({ page, consoleErrors }) => {
    const response = await page.goto('/marketplace/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse Online Marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
    allowConsoleErrors(consoleErrors, /404/);
  });
});

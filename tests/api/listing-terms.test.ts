// The site's own words inside listings (processing times, a subcategory's name as the business
// type) read in the page's language; the seller's own words stay as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`fixed vocabulary inside listings, in Somali (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let visaId = '';
  let businessId = '';
  // What the page shows (the data handed to its script below it keeps the listing as stored).
  const body = async (url: string) =>
    /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(
      (await t.app.inject({ method: 'GET', url })).body,
    )?.[1] ?? '';

  beforeAll(async () => {
    t = await createTestApp();
    visaId = await insertListing(t.db, {
      category: 'visa',
      title: 'UK visitor visa support',
      country: 'UK',
      visa_type: 'tourist',
      processing_time: '3-4 weeks',
    });
    businessId = await insertListing(t.db, {
      category: 'business',
      subcategory: 'restaurant',
      title: 'Busy diner in South C',
      business_type: 'Restaurant',
    });
    await insertListing(t.db, {
      category: 'business',
      subcategory: 'restaurant',
      title: 'Lodge near the coast',
      business_type: 'Hotel and restaurant',
    });
  }, 60_000);
  afterAll(() => t.close());

  it('a Somali page shows processing times and subcategory names in Somali, the seller’s words as written', async () => {
    const visas = await body('/visa-assistance?lang=so');
    expect(visas).toContain('3-4 toddobaad');
    expect(visas).not.toContain('3-4 weeks');
    const businesses = await body('/business-sales?lang=so');
    expect(businesses).toMatch(/>Makhaayad</);
    expect(businesses).not.toMatch(/>Restaurant</);
    expect(businesses).toContain('Hotel and restaurant');
    expect(await body(`/visa-assistance/${visaId}?lang=so`)).toContain('3-4 toddobaad');
    expect(await body(`/business-sales/${businessId}?lang=so`)).not.toMatch(/>Restaurant</);
  });

  it('an English page shows them as entered', async () => {
    expect(await body('/visa-assistance')).toContain('3-4 weeks');
    expect(await body('/business-sales')).toMatch(/>Restaurant</);
  });
});

import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en';
import { CATEGORIES } from './categories';
import { createTranslator } from './i18n';
import { containsParts, type FilterableListing, matchesListingFilters } from './listing-filter-match';
import {
  BATHROOMS_OR_MORE_FROM,
  BEDROOMS_OR_MORE_FROM,
  FILTERS,
  type FilterRow,
  filterParamsFromForm,
  filterParamsOf,
  filtersOf,
  optionValues,
  PRICE_RANGES,
  PROCESSING_TIME_RULES,
  type ProcessingTime,
  paramsOf,
  REVENUE_RANGES,
  rangeLabel,
  roomCountRule,
  stepRanges,
  VISA_COUNTRY_OPTIONS,
} from './listing-filters';
import { firstLines, formatListingPrice, listingCallLink, listingPath, listingWhatsAppLink } from './listing-format';
import { listingQuerySchema } from './listing-query';
import { displayImageUrl, responsiveImage } from './media';

describe('processing time rules', () => {
  it.each<[string | null, ProcessingTime, boolean]>([
    ['1-3 days', 'express', true],
    ['24 hours', 'express', true],
    ['3 days', 'express', true],
    ['3 weeks', 'express', false],
    ['5 days', 'express', false],
    ['1 week', 'fast', true],
    ['2 Weeks', 'fast', true],
    ['3 weeks', 'fast', false],
    ['2 days', 'fast', false],
    ['2-4 weeks', 'standard', true],
    ['4 WEEKS', 'standard', true],
    ['1 week', 'standard', false],
    ['1-2 months', 'slow', true],
    ['6 weeks', 'slow', false],
    [null, 'slow', false],
    ['', 'express', false],
  ])('%j is %s: %s', (text, rule, expected) => {
    expect(containsParts(text, PROCESSING_TIME_RULES[rule])).toBe(expected);
  });
});

describe('room counts', () => {
  it.each([
    [1, BEDROOMS_OR_MORE_FROM, { kind: 'equalsOrNoCount', value: 1 }],
    [2, BEDROOMS_OR_MORE_FROM, { kind: 'equals', value: 2 }],
    [4, BEDROOMS_OR_MORE_FROM, { kind: 'atLeast', value: 4 }],
    [3, BATHROOMS_OR_MORE_FROM, { kind: 'atLeast', value: 3 }],
    [2, BATHROOMS_OR_MORE_FROM, { kind: 'equals', value: 2 }],
  ])('value %i (or more from %i)', (value, from, rule) => {
    expect(roomCountRule(value, from)).toEqual(rule);
  });
});

describe('ranges and options', () => {
  it('has the price ranges of every category, contiguous, the last open-ended', () => {
    const bounds = (ranges: readonly { min: number; max?: number }[]) => ranges.map((r) => [r.min, r.max ?? null]);
    expect(bounds(PRICE_RANGES.product)).toEqual([
      [0, 5000],
      [5000, 20000],
      [20000, 50000],
      [50000, 100000],
      [100000, null],
    ]);
    expect(bounds(PRICE_RANGES.property).map((b) => b[0])).toEqual([0, 50e3, 200e3, 500e3, 1e6, 5e6]);
    expect(bounds(PRICE_RANGES.business).map((b) => b[0])).toEqual([0, 100e3, 500e3, 1e6, 5e6, 10e6]);
    expect(bounds(PRICE_RANGES.visa).at(-1)).toEqual([100000, null]);
    expect(bounds(REVENUE_RANGES).at(-1)).toEqual([1e6, null]);
  });

  it('labels the visa selects as the specification does', () => {
    const t = createTranslator('en');
    expect(VISA_COUNTRY_OPTIONS.map((o) => o.value)).toEqual([
      'USA',
      'UK',
      'Canada',
      'Australia',
      'Germany',
      'France',
      'Netherlands',
      'Dubai',
      'Turkey',
      'South Africa',
    ]);
    expect(PRICE_RANGES.visa.map((r) => 'label' in r && t(r.label))).toEqual([
      'Under KSH 10,000',
      '10,000-25,000',
      '25,000-50,000',
      '50,000-100,000',
      'Over KSH 100,000',
    ]);
    expect(en.listings.pages.visa.searchPlaceholder).toBe('Search countries, visa types...');
  });
});

describe('sale or rent (real estate)', () => {
  const property = (listing_type: string, rent_period: string | null = null) =>
    ({
      category: 'property',
      subcategory: 'apartment',
      title: 'Flat',
      description: 'Nice',
      price: 120_000,
      location: 'Kilimani',
      listing_type,
      rent_period,
    }) as unknown as FilterableListing;
  it.each([
    ['sale', property('sale'), true, false],
    ['monthly rent', property('rent', 'month'), false, true],
    ['yearly rent', property('rent', 'year'), false, true],
  ])('%s: For sale %s, For rent %s', (_name, listing, forSale, forRent) => {
    const filter = (listingType: string) => listingQuerySchema.parse({ category: 'property', listingType });
    expect(matchesListingFilters(listing, filter('sale'))).toBe(forSale);
    expect(matchesListingFilters(listing, filter('rent'))).toBe(forRent);
    expect(matchesListingFilters(listing, listingQuerySchema.parse({ category: 'property' }))).toBe(true);
  });

  it.each([
    ['en', { listing_type: 'rent', rent_period: 'month' }, 'Ksh 120,000 / month'],
    ['en', { listing_type: 'rent', rent_period: 'year' }, 'Ksh 120,000 / year'],
    ['en', { listing_type: 'sale', rent_period: null }, 'Ksh 120,000'],
    ['en', { listing_type: null, rent_period: null }, 'Ksh 120,000'],
    ['so', { listing_type: 'rent', rent_period: 'month' }, 'Ksh 120,000 / bishii'],
    ['so', { listing_type: 'rent', rent_period: 'year' }, 'Ksh 120,000 / sanadkii'],
  ] as const)('%s %j → %s', (locale, type, text) => {
    expect(formatListingPrice({ price: 120_000, ...type }, createTranslator(locale)).replace(/\s/g, ' ')).toBe(text);
  });
});

/** A value some page takes for the parameter, so that only its category is wrong. */
function validValueOf(param: string): string {
  const row = (FILTERS as readonly FilterRow[]).find((r) => paramsOf(r).includes(param));
  if (!row || row.parse.kind === 'text') return 'x';
  if (row.parse.kind === 'wholeNumber') return String(row.parse.max);
  return CATEGORIES.flatMap((category) => optionValues(row, category) ?? [])[0] ?? 'x';
}

describe('the filter registry', () => {
  it.each(CATEGORIES)('gives the %s page distinct parameters', (category) => {
    const params = filterParamsOf(category);
    expect(new Set(params).size).toBe(params.length);
  });

  it('has the rule data of every option its rows offer', () => {
    for (const row of FILTERS as readonly FilterRow[]) {
      const rule = row.rule;
      if (rule.kind !== 'textParts' && rule.kind !== 'aliases') continue;
      const data = rule.kind === 'textParts' ? rule.parts : rule.aliases;
      for (const category of CATEGORIES) {
        for (const value of optionValues(row, category) ?? [])
          expect(data[value], `${row.name} ${value}`).toBeDefined();
      }
    }
  });

  it.each(CATEGORIES)('refuses on the %s page every parameter of the other pages', (category) => {
    const own = filterParamsOf(category);
    const others = CATEGORIES.flatMap(filterParamsOf).filter((param) => !own.includes(param));
    expect(others.length).toBeGreaterThan(0);
    for (const param of others) {
      const result = listingQuerySchema.safeParse({ category, [param]: validValueOf(param) });
      expect(
        result.error?.issues.map((i) => [i.path[0], i.message]),
        param,
      ).toContainEqual([param, 'listings.errors.notForCategory']);
    }
  });

  it('reads a filter form as the address: a range from 0 leaves its minimum out, unless kept', () => {
    const form = (fields: Record<string, string>) => new Map(Object.entries(fields));
    expect(filterParamsFromForm('product', form({ q: ' phone ', condition: 'used', price: '0-5000' }))).toEqual({
      q: 'phone',
      subcategory: undefined,
      condition: 'used',
      minPrice: undefined,
      maxPrice: '5000',
    });
    expect(filterParamsFromForm('business', form({ revenue: '0-50000', price: '10000000-' }))).toMatchObject({
      minRevenue: '0',
      maxRevenue: '50000',
      minPrice: '10000000',
      maxPrice: undefined,
      location: undefined,
    });
    expect(Object.keys(filterParamsFromForm('visa', form({})))).toEqual(filterParamsOf('visa'));
  });

  it('labels ranges by their bounds in a unit, in both languages', () => {
    const ranges = stepRanges([500, 1000], 'listings.card.squareFeet');
    expect(ranges.map((r) => rangeLabel(r, createTranslator('en')))).toEqual([
      'Under 500 sq ft',
      '500-1,000 sq ft',
      'Over 1,000 sq ft',
    ]);
    expect(ranges.map((r) => rangeLabel(r, createTranslator('so')))).toEqual([
      'Ka yar 500 fuudh²',
      '500-1,000 fuudh²',
      'Ka badan 1,000 fuudh²',
    ]);
  });

  it('shows each page its filters in the order of the specification', () => {
    expect(filtersOf('visa').map((row) => row.name)).toEqual([
      'search',
      'country',
      'visaType',
      'processingTime',
      'price',
      'availability',
    ]);
  });
});

describe('filter query schema', () => {
  it('applies defaults', () => {
    expect(listingQuerySchema.parse({ category: 'visa' })).toMatchObject({ sort: 'newest', page: 1, pageSize: 12 });
  });
  it.each([
    [{ category: 'visa', bedrooms: '2' }, 'bedrooms'],
    [{ category: 'property', bedrooms: '2.5' }, 'bedrooms'],
    [{ category: 'product', pageSize: '100' }, 'pageSize'],
    [{ category: 'product', minPrice: '9', maxPrice: '1' }, 'maxPrice'],
    [{ category: 'product', listingType: 'rent' }, 'listingType'],
    [{ category: 'property', listingType: 'lease' }, 'listingType'],
  ])('names the bad parameter of %j', (input, name) => {
    const result = listingQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(name);
  });
});

describe('formatting', () => {
  const t = createTranslator('en');
  it('links a listing to its page and its seller on WhatsApp with the title and link', () => {
    const listing = {
      id: 'abc',
      category: 'property' as const,
      title: 'Flat in Kilimani',
      whatsapp_number: '0712 345-678',
    };
    expect(listingPath(listing)).toBe('/real-estate/abc');
    const link = new URL(listingWhatsAppLink(listing, 'https://x.test', t));
    expect(link.origin + link.pathname).toBe('https://wa.me/254712345678');
    expect(link.searchParams.get('text')).toBe(
      'Hello, I am interested in "Flat in Kilimani": https://x.test/real-estate/abc',
    );
  });
  it('calls the seller on the WhatsApp number, or the support line when it is no number', () => {
    expect(listingCallLink({ whatsapp_number: '0712 345-678' })).toBe('tel:+254712345678');
    expect(listingCallLink({ whatsapp_number: '+44 7700 900123' }, '0700 000 001')).toBe('tel:+447700900123');
    expect(listingCallLink({ whatsapp_number: 'n/a' }, '0700 000 001')).toBe('tel:+254700000001');
  });
  it('keeps the first three requirement lines', () => {
    expect(firstLines('- Passport\n\n• Photos\r\nBank statement\nLetter', 3)).toEqual([
      'Passport',
      'Photos',
      'Bank statement',
    ]);
  });
  it('builds WebP display-size URLs only for stored images', () => {
    expect(displayImageUrl('/uploads/seed/a.jpg', 480)).toBe('/media/480/seed/a.jpg');
    expect(responsiveImage('https://cdn.test/a.jpg', '100vw')).toEqual({ src: 'https://cdn.test/a.jpg' });
    expect(responsiveImage('/uploads/p/a.jpg', '50vw', 640)).toEqual({
      src: '/media/480/p/a.jpg',
      srcSet: '/media/320/p/a.jpg 320w, /media/480/p/a.jpg 480w, /media/640/p/a.jpg 640w',
      sizes: '50vw',
    });
  });
});

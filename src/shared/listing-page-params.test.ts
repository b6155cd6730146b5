import { describe, expect, it } from 'vitest';
import type { Category } from './categories';
import { cleanListingParams, submittedFormAddress } from './listing-page-params';

const clean = (category: Category, query: string) => {
  const { params, ignored } = cleanListingParams(category, new URLSearchParams(query));
  return { kept: params.toString(), labels: ignored.labels, unknown: ignored.unknown, names: ignored.names };
};

describe('a category page read from a stale or mangled link', () => {
  it.each([
    // [category, address, kept, labels of what was left out, unknown count]
    ['product', 'condition=used&page=2', 'condition=used&page=2', [], 0],
    ['product', 'minPrice=abc', '', ['listings.filters.priceRange'], 0],
    ['product', 'minPrice=5000&maxPrice=1e3', 'minPrice=5000', ['listings.filters.priceRange'], 0],
    ['product', 'bedrooms=2&condition=new', 'condition=new', ['listings.filters.bedrooms'], 0],
    ['product', 'minPrise=5000', '', [], 1],
    ['product', 'utm_source=whatsapp&fbclid=x&lang=so&q=galaxy', 'q=galaxy', [], 0],
    ['product', 'condition=mint', '', ['listings.filters.condition'], 0],
    ['product', 'page=0', '', ['listings.filters.page'], 0],
    ['product', 'page=abc', '', ['listings.filters.page'], 0],
    ['product', 'page=10001', '', ['listings.filters.page'], 0],
    ['product', 'sort=cheapest', '', ['listings.filters.sort'], 0],
    ['product', `q=${'a'.repeat(101)}`, '', ['listings.filters.search'], 0],
    ['product', `q=${'a'.repeat(100)}`, `q=${'a'.repeat(100)}`, [], 0],
    ['product', 'q=gal%01axy', '', ['listings.filters.search'], 0],
    ['product', 'minPrice=-5', '', ['listings.filters.priceRange'], 0],
    ['product', 'minPrice=10000000000000', '', ['listings.filters.priceRange'], 0],
    ['product', 'minPrice=9000&maxPrice=5000', 'minPrice=9000', ['listings.filters.priceRange'], 0],
    ['product', 'q=&condition=', '', [], 0],
    ['property', 'bedrooms=9', '', ['listings.filters.bedrooms'], 0],
    ['property', 'bedrooms=4&listingType=rent', 'bedrooms=4&listingType=rent', [], 0],
    ['property', 'propertyType=Electronics', '', ['listings.filters.propertyType'], 0],
    ['visa', 'country=Mars&visaType=tourist', 'visaType=tourist', ['listings.filters.country'], 0],
    ['business', 'minYears=101', '', ['listings.filters.yearsEstablished'], 0],
  ] as const)('%s ?%s keeps ?%s', (category, query, kept, labels, unknown) => {
    const result = clean(category, query);
    expect(result.kept).toBe(kept);
    expect(result.labels).toEqual(labels);
    expect(result.unknown).toBe(unknown);
  });

  it('names every left-out parameter once, for the address to drop them', () => {
    expect(clean('product', 'minPrice=abc&bedrooms=2&foo=1&foo=2').names).toEqual(['minPrice', 'bedrooms', 'foo']);
  });
});

describe('a filter form submitted without script', () => {
  const address = (category: Category, query: string) =>
    submittedFormAddress(category, new URLSearchParams(query))?.toString() ?? null;
  it.each([
    ['product', 'q=galaxy&category=&condition=used&price=&sort=relevance', 'q=galaxy&condition=used'],
    ['product', 'q=&category=&condition=&price=0-5000&sort=newest', 'maxPrice=5000'],
    ['product', 'q=&price=5000-20000&sort=price_asc&page=3', 'sort=price_asc&minPrice=5000&maxPrice=20000'],
    ['business', 'revenue=0-50000&minYears=3', 'minRevenue=0&maxRevenue=50000&minYears=3'],
    ['property', 'q=&squareFeet=5000-&bedrooms=2', 'bedrooms=2&minSquareFeet=5000'],
  ] as const)('%s ?%s reads as ?%s', (category, query, expected) => {
    expect(address(category, query)).toBe(expected);
  });

  it('leaves an address without a range field alone', () => {
    expect(address('product', 'condition=used&q=')).toBeNull();
    expect(address('visa', 'country=UK&price=0-10000')).not.toBeNull();
  });
});

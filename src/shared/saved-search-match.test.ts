import { describe, expect, it } from 'vitest';
import { caseListing, SEARCH_MATCH_CASES } from '../../tests/support/listing-search-cases';
import type { MatchableListing } from './saved-search-match';
import { listingProbeWords, savedSearchColumns, savedSearchMatches, searchKeyWords } from './saved-search-match';

const asListing = (seed: ReturnType<typeof caseListing>): MatchableListing =>
  ({
    subcategory: 'other',
    location: null,
    product_condition: null,
    property_type: null,
    business_type: null,
    country: null,
    visa_type: null,
    price: 1000,
    availability: 'active',
    ...seed,
  }) as unknown as MatchableListing;

describe('saved-search matching', () => {
  // The key words only choose candidates: a listing the search matches must never be left out.
  it.each(SEARCH_MATCH_CASES.map((c) => [c.rule, c] as const))(
    'agrees with the search rules and keeps every match a candidate: %s',
    (_rule, c) => {
      const listing = asListing(caseListing(c.category, c.listing));
      expect(savedSearchMatches(listing, c.category, { q: c.q })).toBe(c.found);
      const keys = searchKeyWords(c.q, c.category);
      if (c.found) {
        const probes = new Set(listingProbeWords(listing));
        expect(keys === null || keys.some((key) => probes.has(key))).toBe(true);
      }
    },
  );

  it('applies the filters as the results page does', () => {
    const listing = asListing(caseListing('property', { title: 'Flat in Eastleigh', bedrooms: 2 } as never));
    const price = { ...listing, price: 40_000 } as MatchableListing;
    expect(savedSearchMatches(price, 'property', { maxPrice: 50_000 })).toBe(true);
    expect(savedSearchMatches(price, 'property', { minPrice: 50_000 })).toBe(false);
    expect(savedSearchMatches(price, 'property', { bedrooms: 2, q: 'eastleigh' })).toBe(true);
    expect(savedSearchMatches(price, 'property', { bedrooms: 3 })).toBe(false);
    expect(savedSearchMatches({ ...price, availability: 'sold' }, 'property', {})).toBe(false);
    expect(savedSearchMatches(price, 'product', {})).toBe(false);
  });

  it('indexes a search by its filters and the ways its longest word may be found', () => {
    expect(savedSearchColumns('property', { minPrice: 10, bedrooms: 2, q: 'flat kilimani' })).toEqual({
      minPrice: 10,
      maxPrice: null,
      bedrooms: 2,
      subcategory: null,
      keyWords: expect.arrayContaining(['kilimani', 'klimani', 'kilimni']),
    });
    expect(savedSearchColumns('product', {}).keyWords).toBeNull();
  });
});

import type { FilterableListing } from '../../src/shared/listing-filter-match';
import { matchesListingFilters } from '../../src/shared/listing-filter-match';
import { type ListingQueryInput, listingQuerySchema } from '../../src/shared/listing-query';
import { planSearch, searchMatchClass } from '../../src/shared/listing-search';
import type { ListingSeed } from './listings';

/**
 * Every public filter rule (docs/product.md#filters-and-their-rules), one table: each row is
 * a listing, a filter, and whether the listing must be found. The unit test checks the
 * reference predicate against it (src/shared/listing-filter-match.test.ts); the API test
 * runs the same rows through the SQL, on PGlite and on PostgreSQL (tests/api/listing-rules.test.ts).
 */
export interface FilterCase {
  rule: string;
  listing: ListingSeed;
  filter: Omit<ListingQueryInput, 'category'>;
  found: boolean;
}

export const FILTER_CASES: FilterCase[] = [
  // Text search: case-insensitive over title, description and the type-specific fields
  // (every rule of the search words: tests/api/listing-search.test.ts).
  {
    rule: 'search matches the title, any case',
    listing: { category: 'product', title: 'Samsung Galaxy S21' },
    filter: { q: 'GALAXY' },
    found: true,
  },
  {
    rule: 'search matches the description',
    listing: { category: 'product', description: 'Barely used, with charger' },
    filter: { q: 'charger' },
    found: true,
  },
  {
    rule: 'search matches the condition',
    listing: { category: 'product', product_condition: 'refurbished' },
    filter: { q: 'refurb' },
    found: true,
  },
  {
    rule: 'search matches the property type',
    listing: { category: 'property', property_type: 'office' },
    filter: { q: 'office' },
    found: true,
  },
  {
    rule: 'search matches the business type',
    listing: { category: 'business', business_type: 'Bakery' },
    filter: { q: 'bakery' },
    found: true,
  },
  {
    rule: 'search matches the visa country',
    listing: { category: 'visa', country: 'Canada' },
    filter: { q: 'canada' },
    found: true,
  },
  {
    rule: 'search matches the visa type',
    listing: { category: 'visa', visa_type: 'Student' },
    filter: { q: 'student' },
    found: true,
  },
  {
    rule: 'search for a country name finds its code',
    listing: { category: 'visa', country: 'USA' },
    filter: { q: 'United States' },
    found: true,
  },
  {
    rule: 'search for UAE finds Dubai',
    listing: { category: 'visa', country: 'Dubai' },
    filter: { q: 'uae' },
    found: true,
  },
  {
    rule: 'search misses unrelated text',
    listing: { category: 'product', title: 'Sofa' },
    filter: { q: 'laptop' },
    found: false,
  },
  // Word by word since relevance search: punctuation separates words.
  {
    rule: 'a search of punctuation alone is no search',
    listing: { category: 'product', title: 'Sofa' },
    filter: { q: '%' },
    found: true,
  },
  {
    rule: 'search has no wildcards: _ separates words',
    listing: { category: 'product', title: 'Sofa' },
    filter: { q: 'S_fa' },
    found: false,
  },
  // Bedrooms: 4 means 4 or more; no count matches only 1.
  {
    rule: 'bedrooms 2 matches exactly 2',
    listing: { category: 'property', bedrooms: 2 },
    filter: { bedrooms: '2' },
    found: true,
  },
  {
    rule: 'bedrooms 2 does not match 3',
    listing: { category: 'property', bedrooms: 3 },
    filter: { bedrooms: '2' },
    found: false,
  },
  {
    rule: 'bedrooms 4 matches 4',
    listing: { category: 'property', bedrooms: 4 },
    filter: { bedrooms: '4' },
    found: true,
  },
  {
    rule: 'bedrooms 4 matches 7',
    listing: { category: 'property', bedrooms: 7 },
    filter: { bedrooms: '4' },
    found: true,
  },
  {
    rule: 'bedrooms 4 does not match 3',
    listing: { category: 'property', bedrooms: 3 },
    filter: { bedrooms: '4' },
    found: false,
  },
  {
    rule: 'no bedroom count matches 1',
    listing: { category: 'property', bedrooms: null },
    filter: { bedrooms: '1' },
    found: true,
  },
  {
    rule: 'no bedroom count does not match 2',
    listing: { category: 'property', bedrooms: null },
    filter: { bedrooms: '2' },
    found: false,
  },
  {
    rule: 'no bedroom count does not match 4',
    listing: { category: 'property', bedrooms: null },
    filter: { bedrooms: '4' },
    found: false,
  },
  // Bathrooms: 3 means 3 or more; no count matches only 1.
  {
    rule: 'bathrooms 3 matches 5',
    listing: { category: 'property', bathrooms: 5 },
    filter: { bathrooms: '3' },
    found: true,
  },
  {
    rule: 'bathrooms 3 does not match 2',
    listing: { category: 'property', bathrooms: 2 },
    filter: { bathrooms: '3' },
    found: false,
  },
  {
    rule: 'bathrooms 1 matches 1',
    listing: { category: 'property', bathrooms: 1 },
    filter: { bathrooms: '1' },
    found: true,
  },
  {
    rule: 'no bathroom count matches 1',
    listing: { category: 'property', bathrooms: null },
    filter: { bathrooms: '1' },
    found: true,
  },
  {
    rule: 'no bathroom count does not match 3',
    listing: { category: 'property', bathrooms: null },
    filter: { bathrooms: '3' },
    found: false,
  },
  // Price and revenue ranges are inclusive.
  {
    rule: 'price equal to the minimum is in',
    listing: { category: 'product', price: 5000 },
    filter: { minPrice: '5000', maxPrice: '20000' },
    found: true,
  },
  {
    rule: 'price equal to the maximum is in',
    listing: { category: 'product', price: 20000 },
    filter: { minPrice: '5000', maxPrice: '20000' },
    found: true,
  },
  {
    rule: 'price just under the minimum is out',
    listing: { category: 'product', price: 4999 },
    filter: { minPrice: '5000', maxPrice: '20000' },
    found: false,
  },
  {
    rule: 'price just over the maximum is out',
    listing: { category: 'product', price: 20001 },
    filter: { minPrice: '5000', maxPrice: '20000' },
    found: false,
  },
  {
    rule: 'an open-ended range has no maximum',
    listing: { category: 'property', price: 90_000_000 },
    filter: { minPrice: '5000000' },
    found: true,
  },
  {
    rule: 'revenue at the edge is in',
    listing: { category: 'business', monthly_revenue: 200000 },
    filter: { minRevenue: '50000', maxRevenue: '200000' },
    found: true,
  },
  {
    rule: 'revenue outside is out',
    listing: { category: 'business', monthly_revenue: 200001 },
    filter: { minRevenue: '50000', maxRevenue: '200000' },
    found: false,
  },
  {
    rule: 'the revenue filter excludes listings without revenue',
    listing: { category: 'business', monthly_revenue: null },
    filter: { minRevenue: '0', maxRevenue: '50000' },
    found: false,
  },
  {
    rule: 'years 5+ matches 5',
    listing: { category: 'business', years_established: 5 },
    filter: { minYears: '5' },
    found: true,
  },
  {
    rule: 'years 5+ does not match 4',
    listing: { category: 'business', years_established: 4 },
    filter: { minYears: '5' },
    found: false,
  },
  {
    rule: 'the years filter excludes listings without years',
    listing: { category: 'business', years_established: null },
    filter: { minYears: '1' },
    found: false,
  },
  // Visa processing time, on the lowercased text.
  {
    rule: "express: contains '1'",
    listing: { category: 'visa', processing_time: '1 week' },
    filter: { processingTime: 'express' },
    found: true,
  },
  {
    rule: "express: contains '2'",
    listing: { category: 'visa', processing_time: '2 months' },
    filter: { processingTime: 'express' },
    found: true,
  },
  {
    rule: "express: '3' and 'day'",
    listing: { category: 'visa', processing_time: '3 Days' },
    filter: { processingTime: 'express' },
    found: true,
  },
  {
    rule: "express: '3' without 'day' is out",
    listing: { category: 'visa', processing_time: '3 weeks' },
    filter: { processingTime: 'express' },
    found: false,
  },
  {
    rule: "fast: 'week' and '1'",
    listing: { category: 'visa', processing_time: '1-2 Weeks' },
    filter: { processingTime: 'fast' },
    found: true,
  },
  {
    rule: "fast: 'week' without 1 or 2 is out",
    listing: { category: 'visa', processing_time: '3 weeks' },
    filter: { processingTime: 'fast' },
    found: false,
  },
  {
    rule: "fast: '2' without 'week' is out",
    listing: { category: 'visa', processing_time: '2 days' },
    filter: { processingTime: 'fast' },
    found: false,
  },
  {
    rule: "standard: 'week' and '4'",
    listing: { category: 'visa', processing_time: '4 weeks' },
    filter: { processingTime: 'standard' },
    found: true,
  },
  {
    rule: "standard: 'week' and '3'",
    listing: { category: 'visa', processing_time: '3 weeks' },
    filter: { processingTime: 'standard' },
    found: true,
  },
  {
    rule: 'standard: 1 week is out',
    listing: { category: 'visa', processing_time: '1 week' },
    filter: { processingTime: 'standard' },
    found: false,
  },
  {
    rule: "slow: contains 'month'",
    listing: { category: 'visa', processing_time: '1-2 MONTHS' },
    filter: { processingTime: 'slow' },
    found: true,
  },
  {
    rule: 'slow: weeks are out',
    listing: { category: 'visa', processing_time: '6 weeks' },
    filter: { processingTime: 'slow' },
    found: false,
  },
  {
    rule: 'no processing time matches no rule',
    listing: { category: 'visa', processing_time: null },
    filter: { processingTime: 'express' },
    found: false,
  },
  // Visa fee: min (default 0) to max (default unbounded), inclusive; Over 100,000 open-ended.
  {
    rule: 'fee at the maximum is in',
    listing: { category: 'visa', price: 10000 },
    filter: { minPrice: '0', maxPrice: '10000' },
    found: true,
  },
  {
    rule: 'fee above the maximum is out',
    listing: { category: 'visa', price: 10001 },
    filter: { minPrice: '0', maxPrice: '10000' },
    found: false,
  },
  {
    rule: 'Over 100,000 includes 100,000',
    listing: { category: 'visa', price: 100000 },
    filter: { minPrice: '100000' },
    found: true,
  },
  {
    rule: 'Over 100,000 has no maximum',
    listing: { category: 'visa', price: 2500000 },
    filter: { minPrice: '100000' },
    found: true,
  },
  {
    rule: 'a maximum alone starts at 0',
    listing: { category: 'visa', price: 1 },
    filter: { maxPrice: '25000' },
    found: true,
  },
  // Visa country: code or name.
  { rule: 'USA matches USA', listing: { category: 'visa', country: 'USA' }, filter: { country: 'USA' }, found: true },
  {
    rule: 'USA matches United States',
    listing: { category: 'visa', country: 'United States' },
    filter: { country: 'USA' },
    found: true,
  },
  {
    rule: 'UK matches United Kingdom',
    listing: { category: 'visa', country: 'united kingdom' },
    filter: { country: 'UK' },
    found: true,
  },
  {
    rule: 'Dubai matches UAE',
    listing: { category: 'visa', country: 'UAE' },
    filter: { country: 'Dubai' },
    found: true,
  },
  {
    rule: 'UK does not match USA',
    listing: { category: 'visa', country: 'USA' },
    filter: { country: 'UK' },
    found: false,
  },
  // Visa type: the visa_type text, else the subcategory.
  {
    rule: 'visa type matches any case',
    listing: { category: 'visa', visa_type: 'Work' },
    filter: { visaType: 'work' },
    found: true,
  },
  {
    rule: 'visa type falls back to the subcategory',
    listing: { category: 'visa', subcategory: 'student', visa_type: null },
    filter: { visaType: 'student' },
    found: true,
  },
  {
    rule: 'another visa type is out',
    listing: { category: 'visa', visa_type: 'tourist' },
    filter: { visaType: 'work' },
    found: false,
  },
  // Selects and location.
  {
    rule: 'marketplace category is the subcategory',
    listing: { category: 'product', subcategory: 'phones' },
    filter: { subcategory: 'phones' },
    found: true,
  },
  {
    rule: 'another marketplace category is out',
    listing: { category: 'product', subcategory: 'cases' },
    filter: { subcategory: 'phones' },
    found: false,
  },
  {
    rule: 'condition matches',
    listing: { category: 'product', product_condition: 'used' },
    filter: { condition: 'used' },
    found: true,
  },
  {
    rule: 'another condition is out',
    listing: { category: 'product', product_condition: 'new' },
    filter: { condition: 'used' },
    found: false,
  },
  {
    rule: 'property type matches',
    listing: { category: 'property', subcategory: 'commercial', property_type: 'office' },
    filter: { propertyType: 'office' },
    found: true,
  },
  {
    rule: 'property type falls back to the subcategory',
    listing: { category: 'property', subcategory: 'land', property_type: null },
    filter: { propertyType: 'land' },
    found: true,
  },
  {
    rule: 'for sale matches a sale',
    listing: { category: 'property', listing_type: 'sale' },
    filter: { listingType: 'sale' },
    found: true,
  },
  {
    rule: 'for sale leaves out a rent',
    listing: { category: 'property', listing_type: 'rent', rent_period: 'month' },
    filter: { listingType: 'sale' },
    found: false,
  },
  {
    rule: 'for rent matches a monthly rent',
    listing: { category: 'property', listing_type: 'rent', rent_period: 'month' },
    filter: { listingType: 'rent' },
    found: true,
  },
  {
    rule: 'for rent matches a yearly rent',
    listing: { category: 'property', listing_type: 'rent', rent_period: 'year' },
    filter: { listingType: 'rent' },
    found: true,
  },
  {
    rule: 'for rent leaves out a sale',
    listing: { category: 'property', listing_type: 'sale' },
    filter: { listingType: 'rent' },
    found: false,
  },
  {
    rule: 'location contains, any case',
    listing: { category: 'property', location: 'Westlands, Nairobi' },
    filter: { location: 'westlands' },
    found: true,
  },
  {
    rule: 'another location is out',
    listing: { category: 'property', location: 'Karen' },
    filter: { location: 'Westlands' },
    found: false,
  },
  {
    rule: 'business type is the subcategory',
    listing: { category: 'business', subcategory: 'restaurant' },
    filter: { subcategory: 'restaurant' },
    found: true,
  },
  {
    rule: 'square feet inside the range, ends included',
    listing: { category: 'property', square_feet: 1000 },
    filter: { minSquareFeet: '500', maxSquareFeet: '1000' },
    found: true,
  },
  {
    rule: 'square feet above the range is out',
    listing: { category: 'property', square_feet: 1001 },
    filter: { minSquareFeet: '500', maxSquareFeet: '1000' },
    found: false,
  },
  {
    rule: 'a listing without square feet never matches a size',
    listing: { category: 'property', square_feet: null },
    filter: { maxSquareFeet: '500' },
    found: false,
  },
  // Visibility.
  {
    rule: 'inactive listings are never found',
    listing: { category: 'product', is_active: false },
    filter: {},
    found: false,
  },
  // Availability: sold and expired listings leave the results; "Include sold" brings sold ones back.
  {
    rule: 'an active listing is found',
    listing: { category: 'product', availability: 'active' },
    filter: {},
    found: true,
  },
  {
    rule: 'a sold listing leaves the results',
    listing: { category: 'product', availability: 'sold' },
    filter: {},
    found: false,
  },
  {
    rule: 'include sold finds a sold listing',
    listing: { category: 'property', availability: 'sold' },
    filter: { show: 'sold' },
    found: true,
  },
  {
    rule: 'include sold still finds active ones',
    listing: { category: 'business', availability: 'active' },
    filter: { show: 'sold' },
    found: true,
  },
  {
    rule: 'an expired listing is never in the results',
    listing: { category: 'visa', availability: 'expired' },
    filter: { show: 'sold' },
    found: false,
  },
  {
    rule: 'a hidden sold listing stays hidden',
    listing: { category: 'product', availability: 'sold', is_active: false },
    filter: { show: 'sold' },
    found: false,
  },
];

/** Whether the reference rules find a stored listing with a case's filter: the filters, the search words, active. */
export function referenceFinds(row: FilterableListing & { is_active: boolean }, c: FilterCase): boolean {
  const query = listingQuerySchema.parse({ category: c.listing.category, ...c.filter });
  const plan = query.q === undefined ? undefined : planSearch(query.q, query.category);
  const searched = plan === undefined || searchMatchClass(plan, row as never) !== undefined;
  return matchesListingFilters(row, query) && searched && row.is_active;
}

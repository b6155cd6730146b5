import { describe, expect, it } from 'vitest';
import { FILTER_CASES, referenceFinds } from '../../tests/support/listing-filter-cases';
import { seedColumns } from '../../tests/support/listings';

/** A listing as the database would store a case's seed: every other column empty, active. */
const EMPTY_COLUMNS = Object.fromEntries(
  [
    'location',
    'product_condition',
    'bedrooms',
    'bathrooms',
    'square_feet',
    'property_type',
    'listing_type',
    'rent_period',
    'monthly_revenue',
    'years_established',
    'business_type',
    'country',
    'visa_type',
    'processing_time',
    'requirements',
  ].map((column) => [column, null]),
);

describe('the reference predicate agrees with the filter rules table', () => {
  it.each(FILTER_CASES)('$rule', (c) => {
    const row = { ...EMPTY_COLUMNS, is_active: true, ...seedColumns(c.listing) };
    expect(referenceFinds(row as never, c)).toBe(c.found);
  });
});

import { describe, expect, it } from 'vitest';
import { FILTER_CASES, referenceFinds } from '../../tests/support/listing-filter-cases';
import { seedColumns } from '../../tests/support/listings';
import { NO_CATEGORY_FIELDS } from './listing';

describe('the reference predicate agrees with the filter rules table', () => {
  it.each(FILTER_CASES)('$rule', (c) => {
    // As the database stores the case's listing: every other field empty, active.
    const row = { ...NO_CATEGORY_FIELDS, location: null, is_active: true, ...seedColumns(c.listing) };
    expect(referenceFinds(row as never, c)).toBe(c.found);
  });
});

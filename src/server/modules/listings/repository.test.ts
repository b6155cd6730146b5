import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '#shared/listing-query';
import { planSearch } from '#shared/listing-search';
import { searchSql } from './repository';

const sqlOf = (query: Record<string, string>) => {
  const f = listingQuerySchema.parse({ category: 'product', ...query });
  return searchSql(f, planSearch(f.q ?? '', f.category) as NonNullable<ReturnType<typeof planSearch>>);
};

describe('search statements', () => {
  it('prepares a search without filters only, whatever its words', () => {
    expect(sqlOf({ q: 'samsung' }).prepared).toBe(true);
    expect(sqlOf({ q: 'samsung galaxy charger', sort: 'newest', page: '3' }).prepared).toBe(true);
    expect(sqlOf({ q: 'samsung', minPrice: '0' }).prepared).toBe(false);
    expect(sqlOf({ q: 'samsung', condition: 'new' }).prepared).toBe(false);
  });

  it('keeps the words, the category and the page out of the text: searches of one shape share it', () => {
    const one = sqlOf({ q: 'samsung galaxy' });
    const other = listingQuerySchema.parse({ category: 'visa', q: 'nokia phone', page: '3', pageSize: '24' });
    const sql = searchSql(other, planSearch('nokia phone', 'visa') as NonNullable<ReturnType<typeof planSearch>>);
    expect(one.read.text).toBe(sql.read.text);
    expect(one.read.text).not.toMatch(/samsung|nokia|'product'|'visa'|\b24\b/);
  });

  it("shows the planner a filtered search's category and page, which runs unnamed, planned for its values", () => {
    // The indexes kept for one category (rooms, types, countries) serve only a category it can see.
    const f = listingQuerySchema.parse({ category: 'property', q: 'nairobi', bedrooms: '3', pageSize: '24' });
    const { prepared, read } = searchSql(
      f,
      planSearch('nairobi', 'property') as NonNullable<ReturnType<typeof planSearch>>,
    );
    expect(prepared).toBe(false);
    const param = (value: unknown) => `$${read.values.indexOf(value) + 1}`;
    expect(read.text).toContain(`category = ${param('property')} AND`);
    expect(read.text).toContain(`LIMIT ${param(24)} OFFSET`);
    expect(read.text).not.toMatch(/\(SELECT \$\d+::(text|int)\)/);
    // The words of the read from the word index stay hidden, filters or not.
    expect(read.text).toMatch(/search_vector @@ \(SELECT \$\d+::tsquery\)/);
  });
});

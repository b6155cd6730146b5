import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '../../../shared/listing-query';
import { planSearch } from '../../../shared/listing-search';
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

  it('gives the two ways of reading texts of their own, so each keeps the plan made for it', () => {
    const queries: Record<string, string>[] = [
      { q: 'samsung' },
      { q: 'samsung', sort: 'price_asc' },
      { q: 'samsung', page: '60' },
    ];
    for (const query of queries) {
      const sql = sqlOf(query);
      expect(sql.read(true).text).not.toBe(sql.read(false).text);
    }
  });

  it('keeps the words out of the text: two searches of the same shape share it', () => {
    const [one, other] = [sqlOf({ q: 'samsung galaxy' }), sqlOf({ q: 'nokia phone' })];
    expect(one.probe.text).toBe(other.probe.text);
    expect(one.read(true).text).toBe(other.read(true).text);
    expect(one.read(false).text).toBe(other.read(false).text);
  });
});

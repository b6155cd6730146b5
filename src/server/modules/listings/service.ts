import type { PublicListing } from '../../../shared/listing-api';
import type { ListingQuery } from '../../../shared/listing-query';
import type { ListingsRepository } from './repository';

/** Same as the API's Cache-Control max-age: a total is never staler than the page around it. */
export const COUNT_TTL_MS = 30_000;
const MAX_CACHED_COUNTS = 2_000;

/**
 * Counting every match costs a scan of the whole result set, the page itself only a short
 * index walk. Totals are therefore kept per filter set for COUNT_TTL_MS in this instance
 * (a cache, not state: another instance simply counts again), and concurrent requests for
 * the same filters share one count.
 */
export function createListingsService(repository: ListingsRepository, now: () => number = Date.now) {
  const counts = new Map<string, { expires: number; total: Promise<number> }>();

  function countOf(f: ListingQuery): Promise<number> {
    const { page: _page, pageSize: _pageSize, sort: _sort, lang: _lang, ...filters } = f;
    const key = JSON.stringify(filters, Object.keys(filters).sort());
    const hit = counts.get(key);
    if (hit && hit.expires > now()) return hit.total;
    const total = repository.count(f);
    counts.delete(key);
    counts.set(key, { expires: now() + COUNT_TTL_MS, total });
    // A failed count must not be served from the cache.
    total.catch(() => counts.delete(key));
    if (counts.size > MAX_CACHED_COUNTS) counts.delete(counts.keys().next().value as string);
    return total;
  }

  return {
    async search(f: ListingQuery): Promise<{ items: PublicListing[]; total: number }> {
      const [items, total] = await Promise.all([repository.page(f), countOf(f)]);
      return { items, total };
    },
  };
}

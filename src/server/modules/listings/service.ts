import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { PublicListing } from '../../../shared/listing-api';
import type { ListingQuery } from '../../../shared/listing-query';
import type { CacheLookup } from '../../plugins/metrics';
import { createListingsRepository, type ListingsRepository } from './repository';
import { createSearchMemory } from './search';

export interface ListingsService {
  /** A page and its total, and how much longer they are kept (0 when not kept). */
  search(f: ListingQuery): Promise<{ items: PublicListing[]; total: number; keptForMs: number }>;
  /** Forgets every kept page and total, here and on every other instance: listings were changed. */
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    listingsService: ListingsService;
  }
}

/** Query key of the filters alone (a total is the same on every page and in every order). */
function filtersKey(f: ListingQuery): string {
  const { page: _page, pageSize: _pageSize, sort: _sort, lang: _lang, ...filters } = f;
  return JSON.stringify(filters, Object.keys(filters).sort());
}

/** About 32 MB of kept pages at most (their JSON length, in characters). */
const MAX_CACHED_PAGE_CHARS = 16 * 1024 * 1024;

const pageKey = (f: ListingQuery) => `${filtersKey(f)}|${f.sort}|${f.page}|${f.pageSize}`;

/**
 * Public search is read far more than listings change. Pages and totals are kept per query
 * for `ttlMs` (SEARCH_CACHE_SECONDS, also the API's Cache-Control max-age) in this
 * instance (a cache, not state: another instance simply asks the database), concurrent requests for the same query share one database read, a failed
 * read is never kept, and invalidate() clears everything at once.
 */
export function createListingsService(
  repository: ListingsRepository,
  {
    ttlMs,
    clock = performance,
    onLookup,
  }: {
    ttlMs: number;
    clock?: { now(): number };
    /** Told how each lookup went, for the metrics. */
    onLookup?: (cache: 'pages' | 'totals', result: CacheLookup) => void;
  },
): ListingsService {
  if (ttlMs === 0) {
    return {
      async search(f) {
        const [items, total] = await Promise.all([repository.page(f), repository.count(f)]);
        return { items, total, keptForMs: 0 };
      },
      invalidate() {},
    };
  }
  // A read pushed out while in flight (more searches at once than a cache holds) still answers.
  const options = { ttl: ttlMs, perf: clock, ttlResolution: 0, ignoreFetchAbort: true };
  const newCaches = () => ({
    counts: new LRUCache<string, number, ListingQuery>({
      ...options,
      max: 2_000,
      fetchMethod: (_key, _stale, { context }) => repository.count(context),
    }),
    pages: new LRUCache<string, PublicListing[], ListingQuery>({
      ...options,
      max: 1_000,
      // Bounded by size too: a crawler asking for many 50-listing pages cannot fill the memory.
      maxSize: MAX_CACHED_PAGE_CHARS,
      sizeCalculation: (items) => Math.max(1, JSON.stringify(items).length),
      fetchMethod: (_key, _stale, { context }) => repository.page(context),
    }),
  });
  let caches = newCaches();
  const report = (cache: 'pages' | 'totals', status: { fetch?: string }) => {
    if (!onLookup) return;
    onLookup(cache, status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'shared' : 'miss');
  };

  return {
    async search(f) {
      const { pages, counts } = caches;
      const pageStatus: LRUCache.Status<string, PublicListing[], ListingQuery> = {};
      const countStatus: LRUCache.Status<string, number, ListingQuery> = {};
      const keys = { page: pageKey(f), total: filtersKey(f) };
      const [items, total] = await Promise.all([
        pages.fetch(keys.page, { context: f, status: pageStatus }),
        counts.fetch(keys.total, { context: f, status: countStatus }),
      ]);
      report('pages', pageStatus);
      report('totals', countStatus);
      const keptForMs = Math.min(pages.getRemainingTTL(keys.page), counts.getRemainingTTL(keys.total));
      return { items: items ?? [], total: total ?? 0, keptForMs };
    },
    invalidate() {
      // Fresh caches rather than clear(): clear() aborts the reads in flight ("Error: deleted"),
      // failing searches that began before the change. Those finish into the old caches,
      // which nothing reads again.
      caches = newCaches();
    },
  };
}

/**
 * One search service for the app: the public API reads through it; a staff change clears
 * it, here and on every other instance, through the public-content plugin (decision 0029).
 */
export const listingsServicePlugin = fp(
  async (app: FastifyInstance) => {
    const ttlMs = app.config.searchCacheSeconds * 1000;
    const lookups = app.metrics.searchCacheLookups;
    const memory = createSearchMemory({ onLookup: (name, result) => lookups.inc({ cache: name, result }) });
    const cache = createListingsService(createListingsRepository(app.db, memory), {
      ttlMs,
      onLookup: (name, result) => lookups.inc({ cache: name, result }),
    });
    app.publicContent.onChange(() => {
      memory.forget();
      cache.invalidate();
    });
    app.decorate('listingsService', {
      search: (f: ListingQuery) => cache.search(f),
      invalidate: () => app.publicContent.changed(),
    });
  },
  { name: 'listings-service', dependencies: ['app-context', 'metrics', 'public-content'] },
);

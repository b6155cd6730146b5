import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { type CachedBody, cachedBody } from '#server/lib/compression';
import { HttpError } from '#server/lib/http-error';
import type { CacheLookup } from '#server/plugins/metrics';
import type { PublicListing } from '#shared/listing';
import { isListingId, type ListingPage, type ListingsByIds, MAX_FEATURED, MAX_SIMILAR } from '#shared/listing-api';
import type { ListingQuery } from '#shared/listing-query';
import { isSearch } from '#shared/listing-search';
import { createListingsRepository, type ListingsRepository } from './repository';
import { createSearchMemory, nearbySearchQuery, searchTotal } from './search';

/** A page of search results as the API sends it: the data, and its JSON (compressed once per encoding). */
export interface SearchResults {
  page: ListingPage;
  body: CachedBody;
}

export interface ListingsService {
  /** One page of results for a query: the listings, their total, what is near when nothing is, the featured ones. */
  search(query: ListingQuery): Promise<SearchResults>;
  /** A listing visitors may see (sold and expired ones too: their page says so); 404 otherwise. */
  listing(id: string): Promise<PublicListing>;
  /** A few listings like this one (decision 0076); 404 when it is not shown. */
  similar(id: string): Promise<ListingsByIds>;
  /** Forgets every cached result, here and on every other instance: listings were changed. */
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    listingsService: ListingsService;
  }
}

/** About 32 MB of cached results at most (their JSON length, in characters). */
const MAX_CACHED_CHARS = 16 * 1024 * 1024;

/**
 * Public search is read far more than listings change, so each query's results are cached
 * for `ttlMs` (SEARCH_CACHE_SECONDS, also the API's Cache-Control max-age) in this instance:
 * concurrent requests for the same query share one database read, a failed read is not
 * cached, and invalidate() starts afresh. `ttlMs` 0 turns the cache off.
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
    onLookup?: (result: CacheLookup) => void;
  },
): ListingsService {
  async function build(query: ListingQuery): Promise<SearchResults> {
    const [items, total] = await Promise.all([repository.page(query), repository.count(query)]);
    // Nothing found with the filters: offer the same words without them (never a dead end).
    const wider = total === 0 ? nearbySearchQuery(query) : undefined;
    const nearby = wider && {
      ...searchTotal(wider, await repository.count(wider)),
      query: new URLSearchParams({ q: wider.q ?? '' }).toString(),
    };
    // Featured listings come first on the category page itself, not on later pages or other orders.
    const featured =
      query.page === 1 && query.sort === 'newest' && !isSearch(query.q)
        ? await repository.featured(query, MAX_FEATURED)
        : undefined;
    // The repository's listings are already in their public shape (publicListingFromRow).
    const page: ListingPage = {
      items,
      ...searchTotal(query, total),
      page: query.page,
      pageSize: query.pageSize,
      nearby,
      featured,
    };
    return { page, body: cachedBody(JSON.stringify(page)) };
  }

  const newCache = () =>
    new LRUCache<string, SearchResults, ListingQuery>({
      max: 1_000,
      // Bounded by size too: a crawler asking for many 50-listing pages cannot fill the memory.
      maxSize: MAX_CACHED_CHARS,
      sizeCalculation: (results) => Math.max(1, results.body.text.length),
      ttl: ttlMs,
      perf: clock,
      ttlResolution: 0,
      // A read pushed out while in flight (more searches at once than the cache holds) still answers.
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context }) => build(context),
    });
  let cache = ttlMs > 0 ? newCache() : undefined;

  return {
    async search(query) {
      if (!cache) return build(query);
      const status: LRUCache.Status<string, SearchResults, ListingQuery> = {};
      const results = await cache.fetch(JSON.stringify(query), { context: query, status });
      onLookup?.(status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'shared' : 'miss');
      return results as SearchResults;
    },
    async similar(id) {
      const items = isListingId(id) ? await repository.similar(id, MAX_SIMILAR) : null;
      if (!items) throw new HttpError(404, 'listings.errors.notFound');
      return { items };
    },
    async listing(id) {
      const listing = isListingId(id) ? await repository.findShown(id) : null;
      if (!listing) throw new HttpError(404, 'listings.errors.notFound');
      return listing;
    },
    invalidate() {
      // A fresh cache rather than clear(): clear() aborts the reads in flight ("Error: deleted"),
      // failing searches that began before the change. Those finish into the old cache, which
      // nothing reads again.
      if (cache) cache = newCache();
    },
  };
}

/**
 * One listings service for the app: the public API and the server's pages read through it; a
 * staff change clears it, here and on every other instance, through the public-content plugin
 * (decision 0029).
 */
export const listingsServicePlugin = fp(
  async (app: FastifyInstance) => {
    const lookups = app.metrics.searchCacheLookups;
    const memory = createSearchMemory({ onLookup: (name, result) => lookups.inc({ cache: name, result }) });
    const service = createListingsService(createListingsRepository(app.db, memory), {
      ttlMs: app.config.searchCacheSeconds * 1000,
      onLookup: (result) => lookups.inc({ cache: 'results', result }),
    });
    app.publicContent.onChange(() => {
      memory.forget();
      service.invalidate();
    });
    app.decorate('listingsService', {
      search: (query: ListingQuery) => service.search(query),
      listing: (id: string) => service.listing(id),
      similar: (id: string) => service.similar(id),
      invalidate: () => app.publicContent.changed(),
    });
  },
  { name: 'listings-service', dependencies: ['app-context', 'metrics', 'public-content'] },
);

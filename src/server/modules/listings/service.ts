import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { type CachedBody, cachedBody, cachedBodySize } from '#server/lib/compression';
import { HttpError } from '#server/lib/http-error';
import type { CacheLookup } from '#server/plugins/metrics';
import { CATEGORIES } from '#shared/categories';
import type { PublicListing } from '#shared/listing';
import { isListingId, type ListingPage, type ListingsByIds, MAX_FEATURED, MAX_SIMILAR } from '#shared/listing-api';
import { type ListingQuery, listingQuerySchema } from '#shared/listing-query';
import { isSearch } from '#shared/listing-search';
import { createListingsRepository, type ListingsRepository } from './repository';
import { createSearchPlanCache, nearbySearchQuery, searchTotal } from './search';
import { rankSimilar, type SimilarCandidate } from './similar';

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

/**
 * A first page with fewer results than this also says how many the same words find in each
 * other category: one count per other category, only then.
 */
export const FEW_RESULTS = 3;

/** About 32 MB of cached reads at most (their JSON length, in characters). */
const MAX_CACHED_CHARS = 16 * 1024 * 1024;

/** What the cache holds for a key: a read's result, and its size in JSON characters. */
interface CachedRead {
  value: SearchResults | PublicListing | PublicListing[] | SimilarCandidate[] | number | null;
  chars: number;
}
/**
 * What the cache holds: search results, a listing and its similar ones by id, a category's
 * newest to choose those from, and how many listings the words of a search find in another
 * category.
 */
export type ListingsRead = 'results' | 'listing' | 'similar' | 'similar-pool' | 'count';

/**
 * Public listings are read far more than they change, so each read (a query's results, a
 * listing, its similar ones) is cached for `ttlMs` (SEARCH_CACHE_SECONDS, also the API's
 * Cache-Control max-age) in this instance, in one cache: concurrent requests for the same
 * read share one database read, a failed read is not cached, and invalidate() starts afresh.
 * A listing page reads its listing for its head and again for its body, and each language
 * and currency renders it apart: they share one read. `ttlMs` 0 turns the cache off.
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
    onLookup?: (read: ListingsRead, result: CacheLookup) => void;
  },
): ListingsService {
  async function build(query: ListingQuery): Promise<SearchResults> {
    const [items, total, searchedFor] = await Promise.all([
      repository.page(query),
      repository.count(query),
      repository.searchedFor(query),
    ]);
    // Nothing found with the filters: offer the same words without them (never a dead end).
    const wider = total === 0 ? nearbySearchQuery(query) : undefined;
    const nearby = wider && {
      ...searchTotal(wider, await repository.count(wider)),
      query: new URLSearchParams({ q: wider.q ?? '' }).toString(),
    };
    const elsewhere = total < FEW_RESULTS && query.page === 1 ? await otherCategories(query) : undefined;
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
      searchedFor,
      elsewhere: elsewhere?.length ? elsewhere : undefined,
      featured,
    };
    return { page, body: cachedBody(JSON.stringify(page)) };
  }

  /** The other categories where the same words find listings: one count each. */
  async function otherCategories(query: ListingQuery) {
    if (!isSearch(query.q)) return undefined;
    const q = query.q;
    const counted = await Promise.all(
      CATEGORIES.filter((category) => category !== query.category).map(async (category) => {
        const other = listingQuerySchema.parse({ category, q });
        // The same count for every search of these words here, whatever its filters: kept.
        return {
          category,
          total: await cached(
            'count',
            JSON.stringify(other),
            () => repository.count(other),
            () => 8,
          ),
        };
      }),
    );
    return counted
      .filter(({ total }) => total > 0)
      .map(({ category, total }) => ({
        category,
        ...searchTotal({ q } as ListingQuery, total),
        query: new URLSearchParams({ q }).toString(),
      }));
  }

  const newCache = () =>
    new LRUCache<string, CachedRead, () => Promise<CachedRead>>({
      max: 2_000,
      // Bounded by size too: a crawler asking for many 50-listing pages cannot fill the memory.
      maxSize: MAX_CACHED_CHARS,
      sizeCalculation: (read) => Math.max(1, read.chars),
      ttl: ttlMs,
      perf: clock,
      ttlResolution: 0,
      // A read pushed out while in flight (more reads at once than the cache holds) still answers.
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  let cache = ttlMs > 0 ? newCache() : undefined;

  /** A read through the cache: `load` runs once per key until it expires or listings change. */
  async function cached<V extends CachedRead['value']>(
    read: ListingsRead,
    key: string,
    load: () => Promise<V>,
    chars: (value: V) => number,
  ): Promise<V> {
    if (!cache) return load();
    const status: LRUCache.Status<string, CachedRead, () => Promise<CachedRead>> = {};
    const entry = await cache.fetch(`${read}:${key}`, {
      context: async () => {
        const value = await load();
        return { value, chars: chars(value) };
      },
      status,
    });
    onLookup?.(read, status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'shared' : 'miss');
    return (entry as CachedRead).value as V;
  }
  const jsonChars = (value: unknown) => (value === null ? 1 : JSON.stringify(value).length);
  const shownListing = (id: string) => cached('listing', id, () => repository.findPublic(id), jsonChars);

  /**
   * A listing's similar ones, chosen from its category's newest (decision 0076), which every
   * listing of the category shares: read once, not once per listing (decision 0100). Null
   * when the listing is not shown.
   */
  async function similar(id: string): Promise<PublicListing[] | null> {
    const listing = await shownListing(id);
    if (!listing) return null;
    const pool = await cached(
      'similar-pool',
      listing.category,
      () => repository.similarPool(listing.category),
      jsonChars,
    );
    const inPool = pool.find((candidate) => candidate.listing.id === id);
    const source = inPool
      ? { id, price: listing.price, titleWords: inPool.titleWords }
      : await repository.similarSource(id);
    return source ? rankSimilar(source, pool, MAX_SIMILAR) : null;
  }

  return {
    search: (query) =>
      cached(
        'results',
        JSON.stringify(query),
        () => build(query),
        (r) => cachedBodySize(r.body),
      ),
    async similar(id) {
      const items = isListingId(id) ? await cached('similar', id, () => similar(id), jsonChars) : null;
      if (!items) throw new HttpError(404, 'listings.errors.notFound');
      return { items };
    },
    async listing(id) {
      const listing = isListingId(id) ? await shownListing(id) : null;
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
    const planCache = createSearchPlanCache({ onLookup: (name, result) => lookups.inc({ cache: name, result }) });
    const service = createListingsService(createListingsRepository(app.db, planCache), {
      ttlMs: app.config.searchCacheSeconds * 1000,
      onLookup: (read, result) => lookups.inc({ cache: read, result }),
    });
    app.publicContent.onChange(() => {
      planCache.forget();
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

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { PublicListing } from '../../../shared/listing-api';
import type { ListingQuery } from '../../../shared/listing-query';
import { createListingsRepository, type ListingsRepository } from './repository';

export interface ListingsService {
  search(f: ListingQuery): Promise<{ items: PublicListing[]; total: number }>;
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
  { ttlMs, clock = performance }: { ttlMs: number; clock?: { now(): number } },
): ListingsService {
  if (ttlMs === 0) {
    return {
      async search(f) {
        const [items, total] = await Promise.all([repository.page(f), repository.count(f)]);
        return { items, total };
      },
      invalidate() {},
    };
  }
  const options = { ttl: ttlMs, perf: clock, ttlResolution: 0 };
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

  return {
    async search(f) {
      const { pages, counts } = caches;
      const [items, total] = await Promise.all([
        pages.fetch(pageKey(f), { context: f }),
        counts.fetch(filtersKey(f), { context: f }),
      ]);
      return { items: items ?? [], total: total ?? 0 };
    },
    invalidate() {
      // Fresh caches rather than clear(): clear() aborts the reads in flight ("Error: deleted"),
      // failing searches that began before the change. Those finish into the old caches,
      // which nothing reads again.
      caches = newCaches();
    },
  };
}

/** Staff changes are announced here, so every instance on the database clears its search cache. */
export const LISTINGS_CHANGED_CHANNEL = 'sdh_listings_changed';

/**
 * One search service for the app: the public API reads through it; a staff change clears
 * it at once here and, through a database notice, on every other instance (decision 0029).
 */
export const listingsServicePlugin = fp(
  async (app: FastifyInstance) => {
    const ttlMs = app.config.searchCacheSeconds * 1000;
    const cache = createListingsService(createListingsRepository(app.db), { ttlMs });
    const instance = randomUUID();
    app.decorate('listingsService', {
      search: (f: ListingQuery) => cache.search(f),
      invalidate() {
        cache.invalidate();
        app.db.notify(LISTINGS_CHANGED_CHANNEL, instance).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not tell the other instances to clear their search cache');
        });
      },
    });
    let stopListening: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopListening = await app.db.listen(LISTINGS_CHANGED_CHANNEL, {
        onNotice: (from) => {
          if (from !== instance) cache.invalidate();
        },
        // Notices sent while the connection was down are lost: forget everything instead.
        onGap: () => cache.invalidate(),
      });
    });
    app.addHook('onClose', async () => {
      await stopListening?.();
    });
  },
  { name: 'listings-service', dependencies: ['app-context'] },
);

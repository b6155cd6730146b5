import type { FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { publicListingSchema } from '../../../shared/listing';
import {
  isListingId,
  listingIdParamsSchema,
  listingPageSchema,
  listingsByIdsQuerySchema,
  listingsByIdsSchema,
  MAX_FEATURED,
  MAX_SIMILAR,
} from '../../../shared/listing-api';
import { type ListingQuery, listingQuerySchema } from '../../../shared/listing-query';
import { isSearch } from '../../../shared/listing-search';
import { type KeptBody, keptBody, keptBodyFor } from '../../lib/compression';
import { HttpError } from '../../lib/http-error';
import { createListingsRepository } from './repository';
import { nearbySearchQuery, searchTotal } from './search';

const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Public, read-only listing API (searched on the server: docs/decisions/0004-server-side-search.md). */
export async function listingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const listings = createListingsRepository(app.db);

  /**
   * A page of the listing API (the listings, their total, what is near when nothing is, the
   * featured ones), and how much longer the search service keeps what it was made from.
   */
  const answerOf = async (query: ListingQuery) => {
    const { items, total, keptForMs } = await app.listingsService.search(query);
    // Nothing found with the filters: offer the same words without them (never a dead end).
    const wider = total === 0 ? nearbySearchQuery(query) : undefined;
    const widerFound = wider && (await app.listingsService.search(wider));
    const nearby = wider &&
      widerFound && {
        ...searchTotal(wider, widerFound.total),
        query: new URLSearchParams({ q: wider.q ?? '' }).toString(),
      };
    // Featured listings come first on the category page itself, not on later pages or other orders.
    const featured =
      query.page === 1 && query.sort === 'newest' && !isSearch(query.q)
        ? await listings.featured(query, MAX_FEATURED)
        : undefined;
    const answer = {
      items,
      ...searchTotal(query, total),
      page: query.page,
      pageSize: query.pageSize,
      nearby,
      featured,
    };
    return { answer, keptForMs: Math.min(keptForMs, widerFound?.keptForMs ?? keptForMs) };
  };
  const cacheSeconds = app.config.searchCacheSeconds;
  const answers = cacheSeconds > 0 ? keptAnswers(app, cacheSeconds * 1000, answerOf) : undefined;

  api.get(
    '/listings',
    {
      config: { rateLimit: app.publicReadLimit },
      schema: {
        querystring: listingQuerySchema,
        response: { 200: listingPageSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      // Shared caches may keep a page as long as the service does.
      reply.header('cache-control', cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-cache');
      if (!answers) return (await answerOf(request.query)).answer;
      const { body, encoding } = keptBodyFor(await answers(request.query), request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      // Already JSON, made by the route's serializer: fastify sends text as it is.
      const json = body as unknown as z.input<typeof listingPageSchema>;
      return reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(json);
    },
  );

  api.get(
    '/listings/by-ids',
    {
      config: { rateLimit: app.publicReadLimit },
      schema: {
        querystring: listingsByIdsQuerySchema,
        response: { 200: listingsByIdsSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      // Fresh on every visit: the Saved page shows what is sold or gone now.
      reply.header('cache-control', 'no-store');
      return { items: await listings.findShownMany(request.query.ids) };
    },
  );

  api.get(
    '/listings/:id',
    {
      config: { rateLimit: app.publicReadLimit },
      schema: {
        params: listingIdParamsSchema,
        response: { 200: publicListingSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const listing = isListingId(request.params.id) ? await listings.findShown(request.params.id) : null;
      if (!listing) throw new HttpError(404, 'listings.errors.notFound');
      return listing;
    },
  );

  api.get(
    '/listings/:id/similar',
    {
      config: { rateLimit: app.publicReadLimit },
      schema: {
        params: listingIdParamsSchema,
        response: { 200: listingsByIdsSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const items = isListingId(request.params.id) ? await listings.similar(request.params.id, MAX_SIMILAR) : null;
      if (!items) throw new HttpError(404, 'listings.errors.notFound');
      return { items };
    },
  );
}

/** The largest total of answer text kept, in characters. */
const MAX_KEPT_ANSWER_CHARS = 16 * 1024 * 1024;

/**
 * The listing API's answers kept as sent (JSON, compressed once per encoding) for the search
 * cache's time: the search service already keeps the listings and totals, but checking,
 * writing and compressing the same answer again for each visitor cost more than finding it
 * (visitors bench). Each is kept as long as the listings and total it shows are, no longer.
 * A staff change on any instance starts afresh, as the service does;
 * answers made before it finish into the old cache, which nothing reads again.
 */
function keptAnswers(
  app: FastifyInstance,
  ttlMs: number,
  answerOf: (query: ListingQuery) => Promise<{ answer: z.input<typeof listingPageSchema>; keptForMs: number }>,
) {
  // The route's own serializer: the same checks and the same JSON as an answer not kept.
  const serialize = serializerCompiler({ schema: listingPageSchema, method: 'GET', url: '/api/listings' });
  const lookups = app.metrics.searchCacheLookups;
  const newCache = () =>
    new LRUCache<string, KeptBody, ListingQuery>({
      max: 1_000,
      maxSize: MAX_KEPT_ANSWER_CHARS,
      sizeCalculation: (kept) => Math.max(1, kept.text.length),
      ttl: ttlMs,
      // A search pushed out while still being made (more searches at once than the cache holds)
      // still answers its visitors; only its answer is not kept.
      ignoreFetchAbort: true,
      // Kept no longer than what it was made from: a page is never older than the search cache's time.
      fetchMethod: async (_key, _stale, { context, options }) => {
        const { answer, keptForMs } = await answerOf(context);
        options.ttl = Math.max(1, Math.min(ttlMs, keptForMs));
        return keptBody(serialize(answer));
      },
    });
  let cache = newCache();
  app.publicContent.onChange(() => {
    cache = newCache();
  });
  return async (query: ListingQuery) => {
    const status: LRUCache.Status<string, KeptBody, ListingQuery> = {};
    const kept = await cache.fetch(JSON.stringify(query), { context: query, status });
    lookups.inc({
      cache: 'answers',
      result: status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'shared' : 'miss',
    });
    return kept as KeptBody;
  };
}

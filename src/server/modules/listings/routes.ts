import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicListingSchema } from '../../../shared/listing';
import {
  isListingId,
  listingIdParamsSchema,
  listingPageSchema,
  listingsByIdsQuerySchema,
  listingsByIdsSchema,
  MAX_FEATURED,
} from '../../../shared/listing-api';
import { listingQuerySchema } from '../../../shared/listing-query';
import { isSearch } from '../../../shared/listing-search';
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
      const query = request.query;
      const { items, total } = await app.listingsService.search(query);
      // Nothing found with the filters: offer the same words without them (never a dead end).
      const wider = total === 0 ? nearbySearchQuery(query) : undefined;
      const nearby = wider && {
        ...searchTotal(wider, (await app.listingsService.search(wider)).total),
        query: new URLSearchParams({ q: wider.q ?? '' }).toString(),
      };
      // Shared caches may keep a page as long as the service does.
      const seconds = app.config.searchCacheSeconds;
      reply.header('cache-control', seconds > 0 ? `public, max-age=${seconds}` : 'no-cache');
      // Featured listings come first on the category page itself, not on later pages or other orders.
      const featured =
        query.page === 1 && query.sort === 'newest' && !isSearch(query.q)
          ? await listings.featured(query, MAX_FEATURED)
          : undefined;
      return { items, ...searchTotal(query, total), page: query.page, pageSize: query.pageSize, nearby, featured };
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
}

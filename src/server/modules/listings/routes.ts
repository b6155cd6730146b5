import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encodedBody } from '#server/lib/compression';
import { publicListingSchema } from '#shared/listing';
import {
  listingIdParamsSchema,
  listingPageSchema,
  listingsByIdsQuerySchema,
  listingsByIdsSchema,
} from '#shared/listing-api';
import { listingQuerySchema } from '#shared/listing-query';
import { createListingsRepository } from './repository';

const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Public, read-only listing API (searched on the server: docs/decisions/0004-server-side-search.md). */
export async function listingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const listings = createListingsRepository(app.db);

  const cacheSeconds = app.config.searchCacheSeconds;

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
      const results = await app.listingsService.search(request.query);
      const { body, encoding } = encodedBody(results.body, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      // Already JSON, made by the service: fastify sends text as it is.
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
      return { items: await listings.findPublicMany(request.query.ids) };
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
    async (request) => app.listingsService.listing(request.params.id),
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
    async (request) => app.listingsService.similar(request.params.id),
  );
}

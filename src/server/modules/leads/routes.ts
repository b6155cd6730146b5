import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress } from '#server/lib/client-address';
import { isCrossSite } from '#server/lib/cross-site';
import { HttpError } from '#server/lib/http-error';
import { analyticsQuerySchema, rangeBounds } from '#shared/analytics';
import {
  LEAD_INGEST_PATH,
  leadAnalyticsSchema,
  leadEventSchema,
  listingLeadsQuerySchema,
  listingLeadsSchema,
} from '#shared/leads';
import { leadAnalytics } from './analytics';
import { leadsRepository } from './repository';

/**
 * Per client (an IPv6 one by its /64), in this instance's memory (a database write per event
 * would cost more than the event): far above what a person taps, low enough that one client
 * cannot flood the counts.
 */
export const LEAD_RATE_LIMIT = {
  max: 120,
  timeWindow: 60_000,
  inMemory: true,
  keyGenerator: (request: FastifyRequest) => `leads|${clientAddress(request)}`,
};

/** A beacon sends its JSON as text/plain (the one type it may send without asking first). */
const beaconBody = z.preprocess((body) => {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}, leadEventSchema);

/** The ingest route of the beacon and the staff figures (docs/product.md#leads). */
export async function leadRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = leadsRepository(app.db);

  api.post(
    LEAD_INGEST_PATH.replace(/^\/api/, ''),
    {
      bodyLimit: 1024,
      config: { rateLimit: LEAD_RATE_LIMIT },
      schema: { body: beaconBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      // Only this site's pages send events: another site's page could make each of its
      // visitors' browsers tap a listing.
      if (isCrossSite(request)) {
        request.log.warn(
          { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
          'cross-site lead event refused',
        );
        throw new HttpError(403, 'common.errors.crossSite');
      }
      let outcome: Awaited<ReturnType<typeof app.leads.record>>;
      try {
        outcome = await app.leads.record(request, request.body.listingId, request.body.kind);
      } catch (error) {
        // Counting is best effort: a database that cannot answer costs a count, never a 5xx.
        request.log.warn({ err: error }, 'lead event dropped');
        outcome = 'ignored';
      }
      if (outcome === 'unknown-listing') throw new HttpError(404, 'listings.detail.notFoundTitle');
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/admin/leads/listings',
    {
      onRequest: app.requirePermission('read'),
      schema: { querystring: listingLeadsQuerySchema, response: { 200: listingLeadsSchema } },
    },
    async (request) => repo.totalsOf(request.query.ids),
  );

  api.get(
    '/admin/analytics/leads',
    {
      onRequest: app.requirePermission('manage'),
      schema: { querystring: analyticsQuerySchema, response: { 200: leadAnalyticsSchema } },
    },
    async (request) => leadAnalytics(repo, rangeBounds(request.query.range)),
  );
}

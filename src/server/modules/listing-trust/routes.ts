import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { adminListingsRepository, listingIdParams } from '#server/modules/admin-listings/service';
import { type AuditEvent, changedFields } from '#server/modules/audit/plugin';
import type { AuditAction } from '#shared/audit';
import { type Listing, staffListingSchema } from '#shared/listing';
import { EXPIRING_WITHIN_DAYS, listingTrustBodySchema } from '#shared/listing-trust';
import { listingTrustRepository } from './repository';

/** Each mark is its own kind of entry in the audit log, with the fields it changed. */
const AUDITED: { action: AuditAction; fields: (keyof Listing & string)[] }[] = [
  { action: 'listing.availability', fields: ['availability'] },
  { action: 'listing.expiry', fields: ['expires_on'] },
  { action: 'listing.featured', fields: ['featured'] },
  { action: 'listing.verify', fields: ['verified_at', 'verified_by', 'verification_note'] },
];

function trustEvents(before: Listing, after: Listing): AuditEvent[] {
  return AUDITED.flatMap(({ action, fields }) => {
    const changes = changedFields<Listing>(before, after, fields);
    return changes ? [{ action, entity: { type: 'listing', id: after.id, title: after.title }, changes }] : [];
  });
}

/** Staff set a listing's trust marks, and see which listings expire soon or have expired. */
export async function listingTrustRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.patch(
    '/admin/listings/:id/trust',
    {
      onRequest: app.requirePermission('write'),
      schema: { params: listingIdParams, body: listingTrustBodySchema, response: { 200: staffListingSchema } },
    },
    async (request) => {
      const by = request.staffSession?.user.username ?? 'unknown';
      const listing = await app.db.transaction(async (tx) => {
        const [locked] = await adminListingsRepository(tx).summaries([request.params.id]);
        const before = locked && (await adminListingsRepository(tx).findById(locked.id));
        if (!before) return null;
        const after = await listingTrustRepository(tx).set(before.id, request.body, by, before);
        if (after) await request.audit(trustEvents(before, after), tx);
        return after;
      });
      if (!listing) throw new HttpError(404, 'admin.listingForm.errors.notFound');
      // The public search shows the change at once, on every instance.
      app.listingsService.invalidate();
      return listing;
    },
  );

  api.get(
    '/admin/listings/expiring',
    {
      onRequest: app.requirePermission('read'),
      schema: { response: { 200: z.object({ items: z.array(staffListingSchema), withinDays: z.number() }) } },
    },
    async () => ({
      items: await listingTrustRepository(app.db).expiring(EXPIRING_WITHIN_DAYS),
      withinDays: EXPIRING_WITHIN_DAYS,
    }),
  );
}

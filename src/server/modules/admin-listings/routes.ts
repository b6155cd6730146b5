import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LISTING_FIELD_COLUMNS } from '#server/db/listing-columns';
import { HttpError } from '#server/lib/http-error';
import { siteOrigin } from '#server/lib/site-origin';
import { recordListingPublished } from '#server/modules/alerts/service';
import { type AuditEvent, recordEvent } from '#server/modules/audit/plugin';
import { type MultipartFormMessages, readMultipartForm, saveWithImages } from '#server/modules/uploads/multipart-form';
import { type IncomingImage, imageFolderOf, keysOf, removeImages } from '#server/modules/uploads/service';
import { adminListingQuerySchema, bulkDeleteBodySchema, bulkStatusBodySchema } from '#shared/admin-listing-query';
import type { Listing } from '#shared/listing';
import { staffListingSchema } from '#shared/listing';
import { staffListingPageSchema } from '#shared/listing-api';
import {
  type ListingPayload,
  listingPayloadSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_LISTING,
} from '#shared/listing-form-schema';
import { adminListingsRepository } from './repository';
import { listingIdParams, listingStatusBody } from './schemas';

const NOT_FOUND = 'admin.listingForm.errors.notFound';

/** The staff form's key for one form (a UUID), sent with each submit of it. */
const FORM_KEY_HEADER = 'idempotency-key';
const formKeySchema = z.uuid();
const isFormKeyTaken = (error: unknown) =>
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'listings_form_key_key';

/** The form key a create names, or null; a malformed one is refused. */
function formKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[FORM_KEY_HEADER];
  if (header === undefined) return null;
  const parsed = formKeySchema.safeParse(header);
  if (!parsed.success) throw new HttpError(400, 'admin.listingForm.errors.badFormKey');
  return parsed.data.toLowerCase();
}

/** What the audit log compares of a listing: every field staff can change. */
const AUDITED_FIELDS = [...LISTING_FIELD_COLUMNS, 'image_urls', 'is_active'] as const;

/** An audit entry about a listing; a new one's fields come "from" nothing. */
function listingEvent(
  action: AuditEvent['action'],
  listing: Pick<Listing, 'id' | 'title'>,
  before: Partial<Listing> | null,
  after: Partial<Listing> | null,
  fields: readonly (keyof Listing & string)[] = AUDITED_FIELDS,
): AuditEvent {
  return recordEvent<Listing>(action, { type: 'listing', id: listing.id, title: listing.title }, before, after, fields);
}
const E = 'admin.listingForm.errors';

/** How a listing form's refusals read. */
const LISTING_FORM_MESSAGES: MultipartFormMessages = {
  multipartRequired: `${E}.multipartRequired`,
  badForm: `${E}.badForm`,
  badData: `${E}.badData`,
  dataTooLarge: `${E}.dataTooLarge`,
  tooManyParts: `${E}.tooManyParts`,
  tooManyImages: `${E}.tooManyImages`,
  invalid: `${E}.invalid`,
};

/** A create or edit: the listing as JSON in `data` and its new `images`, in one request. */
const readListingRequest = (request: FastifyRequest) =>
  readMultipartForm(request, { schema: listingPayloadSchema, fileField: 'images', messages: LISTING_FORM_MESSAGES });

const imagesOf = (payload: ListingPayload, images: IncomingImage[]) => ({
  folder: imageFolderOf(payload.category),
  images,
  field: 'images',
});

/** Listing management for staff (docs/product.md#dashboard, #listing-form-and-its-validation, #images). */
export async function adminListingsRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES_PER_LISTING, fields: 5, fieldSize: 64 * 1024, parts: 20 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = adminListingsRepository(app.db);
  /** Deletes the files of these URLs unless another listing still shows them. */
  const removeUnusedImages = async (urls: string[]) => {
    const inUse = await repo.urlsInUse(urls);
    await removeImages(
      app.storage,
      keysOf(
        app.storage,
        urls.filter((url) => !inUse.has(url)),
      ),
    );
  };

  api.get(
    '/admin/listings',
    {
      onRequest: app.requirePermission('read'),
      schema: {
        querystring: adminListingQuerySchema,
        response: {
          200: staffListingPageSchema,
        },
      },
    },
    async (request) => repo.list(request.query),
  );

  api.get(
    '/admin/listings/:id',
    {
      onRequest: app.requirePermission('read'),
      schema: { params: listingIdParams, response: { 200: staffListingSchema } },
    },
    async (request) => {
      const listing = await repo.findById(request.params.id);
      if (!listing) throw new HttpError(404, NOT_FOUND);
      return listing;
    },
  );

  api.post(
    '/admin/listings',
    {
      onRequest: app.requirePermission('write'),
      schema: { response: { 200: staffListingSchema, 201: staffListingSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const formKey = formKeyOf(request);
      const { payload, images } = await readListingRequest(request);
      if (images.length > MAX_IMAGES_PER_LISTING) throw new HttpError(413, 'admin.listingForm.errors.tooManyImages');
      // A form sent again (a retry after a timeout, a double click) gets the listing it made.
      const made = formKey ? await repo.findByFormKey(formKey) : null;
      if (made) return reply.status(200).send(made);
      let listing: Listing;
      try {
        listing = await saveWithImages(request, imagesOf(payload, images), (urls) =>
          app.db.transaction(async (tx) => {
            const created = await adminListingsRepository(tx).insert(
              { ...payload, is_active: payload.is_active ?? true, image_urls: urls },
              formKey,
            );
            await request.audit(listingEvent('listing.create', created, null, created), tx);
            if (created.is_active) await recordListingPublished(tx, created.id, siteOrigin(request));
            return created;
          }),
        );
      } catch (error) {
        // The same form sent twice at once: the other request made it (this one's photos are removed).
        const other = formKey && isFormKeyTaken(error) ? await repo.findByFormKey(formKey) : null;
        if (!other) throw error;
        return reply.status(200).send(other);
      }
      request.log.info({ listingId: listing.id, by: request.staffSession?.user.username }, 'listing created');
      return reply.status(201).send(listing);
    },
  );

  api.put(
    '/admin/listings/:id',
    {
      onRequest: app.requirePermission('write'),
      schema: { params: listingIdParams, response: { 200: staffListingSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const current = await repo.findById(request.params.id);
      if (!current) throw new HttpError(404, NOT_FOUND);
      const { payload, images } = await readListingRequest(request);
      const kept = payload.image_urls ?? current.image_urls;
      if (kept.some((url) => !current.image_urls.includes(url))) {
        throw new HttpError(400, 'admin.listingForm.errors.unknownImage', {
          image_urls: 'admin.listingForm.errors.unknownImage',
        });
      }
      if (kept.length + images.length > MAX_IMAGES_PER_LISTING) {
        throw new HttpError(413, 'admin.listingForm.errors.tooManyImages');
      }
      const updated = await saveWithImages(request, imagesOf(payload, images), async (urls) => {
        const saved = await app.db.transaction(async (tx) => {
          const after = await adminListingsRepository(tx).update(current.id, {
            ...payload,
            is_active: payload.is_active ?? current.is_active,
            image_urls: [...kept, ...urls],
          });
          if (after) await request.audit(listingEvent('listing.update', after, current, after), tx);
          // Made public by this change: the alerts it matches hear of it.
          if (after?.is_active && !current.is_active) await recordListingPublished(tx, after.id, siteOrigin(request));
          return after;
        });
        if (!saved) throw new HttpError(404, NOT_FOUND);
        return saved;
      });
      // Only after the row no longer points at them.
      await removeUnusedImages(current.image_urls.filter((url) => !kept.includes(url)));
      request.log.info({ listingId: current.id, by: request.staffSession?.user.username }, 'listing updated');
      return updated;
    },
  );

  api.patch(
    '/admin/listings/:id/status',
    {
      onRequest: app.requirePermission('write'),
      schema: { params: listingIdParams, body: listingStatusBody, response: { 200: staffListingSchema } },
    },
    async (request) => {
      const listing = await app.db.transaction(async (tx) => {
        const listings = adminListingsRepository(tx);
        const [before] = await listings.summaries([request.params.id]);
        const after = await listings.setActive(request.params.id, request.body.is_active);
        if (before && after)
          await request.audit(listingEvent('listing.status', after, before, after, ['is_active']), tx);
        if (before && after?.is_active && !before.is_active)
          await recordListingPublished(tx, after.id, siteOrigin(request));
        return after;
      });
      if (!listing) throw new HttpError(404, NOT_FOUND);
      return listing;
    },
  );

  // Bulk changes: one request, one transaction, one log line naming every listing.
  api.post(
    '/admin/listings/bulk-status',
    {
      onRequest: app.requirePermission('write'),
      schema: { body: bulkStatusBodySchema, response: { 200: z.object({ updated: z.number() }) } },
    },
    async (request) => {
      const { ids, is_active } = request.body;
      const updated = await app.db.transaction(async (tx) => {
        const listings = adminListingsRepository(tx);
        const before = await listings.summaries(ids);
        const changed = await listings.setActiveMany(ids, is_active);
        if (is_active) {
          const wasHidden = new Set(before.filter((listing) => !listing.is_active).map((listing) => listing.id));
          for (const id of changed) if (wasHidden.has(id)) await recordListingPublished(tx, id, siteOrigin(request));
        }
        await request.audit(
          before.map((listing) => listingEvent('listing.status', listing, listing, { is_active }, ['is_active'])),
          tx,
        );
        return changed;
      });
      request.log.info(
        { listingIds: updated, isActive: is_active, by: request.staffSession?.user.username },
        is_active ? 'listings activated' : 'listings deactivated',
      );
      return { updated: updated.length };
    },
  );

  api.post(
    '/admin/listings/bulk-delete',
    {
      onRequest: app.requirePermission('delete'),
      schema: { body: bulkDeleteBodySchema, response: { 200: z.object({ deleted: z.number() }) } },
    },
    async (request) => {
      const deleted = await app.db.transaction(async (tx) => {
        const gone = await adminListingsRepository(tx).deleteMany(request.body.ids);
        await request.audit(
          gone.map((listing) => listingEvent('listing.delete', listing, null, null)),
          tx,
        );
        return gone;
      });
      // Only after the rows no longer point at them.
      await removeUnusedImages(deleted.flatMap((l) => l.image_urls));
      request.log.info(
        { listingIds: deleted.map((l) => l.id), by: request.staffSession?.user.username },
        'listings deleted',
      );
      return { deleted: deleted.length };
    },
  );

  api.delete(
    '/admin/listings/:id',
    {
      onRequest: app.requirePermission('delete'),
      schema: { params: listingIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const deleted = await app.db.transaction(async (tx) => {
        const gone = await adminListingsRepository(tx).delete(request.params.id);
        if (gone) await request.audit(listingEvent('listing.delete', gone, null, null), tx);
        return gone;
      });
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      await removeUnusedImages(deleted.image_urls);
      request.log.info({ listingId: deleted.id, by: request.staffSession?.user.username }, 'listing deleted');
      return reply.status(204).send(null);
    },
  );
}

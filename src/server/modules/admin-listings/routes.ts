import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminListingQuerySchema,
  bulkDeleteBodySchema,
  bulkStatusBodySchema,
} from '../../../shared/admin-listing-query';
import type { Category } from '../../../shared/categories';
import type { MessageKey } from '../../../shared/i18n';
import type { Listing } from '../../../shared/listing';
import { staffListingSchema } from '../../../shared/listing';
import { staffListingPageSchema } from '../../../shared/listing-api';
import {
  type ListingPayload,
  listingPayloadSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_LISTING,
} from '../../../shared/listing-form-schema';
import { LISTING_FIELD_COLUMNS } from '../../db/listing-columns';
import { type AuditEvent, changedFields } from '../../plugins/audit';
import { HttpError } from '../../plugins/error-handler';
import { refuseNul } from '../../plugins/input-guard';
import { ImageRejectedError } from '../uploads/image-processing';
import { type IncomingImage, keysOf, removeImages, storeImages } from '../uploads/service';
import { adminListingsRepository } from './repository';
import { listingIdParams, listingStatusBody } from './schemas';

const NOT_FOUND = 'admin.listingForm.errors.notFound';

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
  return {
    action,
    entity: { type: 'listing', id: listing.id, title: listing.title },
    changes: after ? changedFields<Partial<Listing>>(before ?? {}, after, fields) : null,
  };
}
const E = 'admin.listingForm.errors';

/** @fastify/multipart's limit errors, each with its own answer. */
const MULTIPART_LIMITS: Record<string, HttpError> = {
  FST_REQ_FILE_TOO_LARGE: new HttpError(413, `${E}.imageTooLarge`),
  FST_FILES_LIMIT: new HttpError(413, `${E}.tooManyImages`),
  FST_PARTS_LIMIT: new HttpError(413, `${E}.tooManyParts`),
  FST_FIELDS_LIMIT: new HttpError(413, `${E}.tooManyParts`),
};

/** A refused image is named in the answer: "notes.jpg: Only JPG, PNG, and WebP images are allowed". */
function namedImageError(request: FastifyRequest, error: unknown): unknown {
  if (!(error instanceof ImageRejectedError)) return error;
  const text = request.t('admin.listingForm.errors.imageFile', {
    name: error.filename || '?',
    reason: request.t(error.message as MessageKey),
  });
  return new HttpError(error.statusCode, text, { images: text });
}

/** Checks, re-encodes and stores a request's images, naming the file that is refused. */
async function storeRequestImages(request: FastifyRequest, category: Category, images: IncomingImage[]) {
  try {
    return await storeImages(request.server.storage, category, images);
  } catch (error) {
    throw namedImageError(request, error);
  }
}

/**
 * A create or edit arrives as one multipart request: a `data` field with the listing as
 * JSON (checked by the shared schema) and zero or more `images` files. One request means
 * the listing and its images are saved together or not at all.
 */
async function readListingRequest(
  request: FastifyRequest,
): Promise<{ payload: ListingPayload; images: IncomingImage[] }> {
  if (!request.isMultipart()) throw new HttpError(415, `${E}.multipartRequired`);
  let data: string | undefined;
  let dataTruncated = false;
  const images: IncomingImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
          throw namedImageError(
            request,
            new ImageRejectedError(413, 'admin.listingForm.errors.imageTooLarge', part.filename),
          );
        });
        // An empty file input still sends an empty part.
        if (part.fieldname === 'images' && (buffer.length > 0 || part.filename)) {
          images.push({ filename: part.filename, data: buffer });
        }
      } else if (part.fieldname === 'data') {
        data = String(part.value);
        dataTruncated = part.valueTruncated;
      }
    }
  } catch (error) {
    // Everything read here is the client's body: a cut-off or malformed form (no boundary,
    // "Unexpected end of form", a broken part header) is the client's mistake. Nothing has
    // been stored yet, so there is nothing to undo.
    if (error instanceof HttpError) throw error;
    const limit = MULTIPART_LIMITS[(error as { code?: string }).code ?? ''];
    if (limit) throw limit;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new HttpError(400, `${E}.badForm`);
  }
  if (dataTruncated) throw new HttpError(413, `${E}.dataTooLarge`);
  let json: unknown;
  try {
    json = JSON.parse(data ?? '');
  } catch {
    throw new HttpError(400, `${E}.badData`);
  }
  // JSON escapes can spell a NUL the request guard never saw (it reads no multipart body).
  refuseNul(request, json, 'data');
  const parsed = listingPayloadSchema.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'data'] ??= issue.message;
    throw new HttpError(400, parsed.error.issues[0]?.message ?? 'admin.listingForm.errors.invalid', fields);
  }
  return { payload: parsed.data, images };
}

/** Listing management for staff (spec §2 dashboard, §4, §7; D6 for images). */
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

  // Whatever a staff change did, the public search shows it at once, on every instance.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) app.listingsService.invalidate();
  });

  api.post(
    '/admin/listings',
    {
      onRequest: app.requirePermission('write'),
      schema: { response: { 201: staffListingSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { payload, images } = await readListingRequest(request);
      if (images.length > MAX_IMAGES_PER_LISTING) throw new HttpError(413, 'admin.listingForm.errors.tooManyImages');
      const stored = await storeRequestImages(request, payload.category, images);
      try {
        const listing = await app.db.transaction(async (tx) => {
          const created = await adminListingsRepository(tx).insert({
            ...payload,
            is_active: payload.is_active ?? true,
            image_urls: stored.urls,
          });
          await request.audit(listingEvent('listing.create', created, null, created), tx);
          return created;
        });
        request.log.info({ listingId: listing.id, by: request.staffSession?.user.username }, 'listing created');
        return reply.status(201).send(listing);
      } catch (error) {
        await removeImages(app.storage, stored.keys);
        throw error;
      }
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
      const stored = await storeRequestImages(request, payload.category, images);
      let updated: Awaited<ReturnType<typeof repo.update>>;
      try {
        updated = await app.db.transaction(async (tx) => {
          const after = await adminListingsRepository(tx).update(current.id, {
            ...payload,
            is_active: payload.is_active ?? current.is_active,
            image_urls: [...kept, ...stored.urls],
          });
          if (after) await request.audit(listingEvent('listing.update', after, current, after), tx);
          return after;
        });
        if (!updated) throw new HttpError(404, NOT_FOUND);
      } catch (error) {
        await removeImages(app.storage, stored.keys);
        throw error;
      }
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

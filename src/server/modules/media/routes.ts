import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '#server/lib/http-error';
import { sharp } from '#server/lib/image-library';
import { sendStoredObject } from '#server/plugins/uploads';
import { isSafeKey, ObjectExistsError } from '#server/storage/object-storage';
import { isMediaWidth, LINK_PREVIEW_SIZE, MEDIA_QUALITY } from '#shared/media';
import { cacheKey, previewCacheKey } from './service';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/** Link previews must stay under this size (WhatsApp shows no picture above it). */
export const MAX_PREVIEW_BYTES = 300 * 1024;
const PREVIEW_QUALITIES = [82, 70, 55, 40];

/** An original's key: display sizes are made from originals only, never from other sizes. */
const isOriginalKey = (key: string) => isSafeKey(key) && !key.startsWith('cache/');

/**
 * WebP display sizes of stored images (docs/product.md#images): GET /media/<width>/<key> for one of
 * the fixed widths, quality 80, made once with sharp and kept in storage. Stored keys never
 * change content (uploads are never overwritten), so the answer can be cached for a year.
 */
export async function mediaRoutes(app: FastifyInstance) {
  /** A stored image made once into a derived file, kept in storage and served for a year. */
  async function sendDerived(
    request: FastifyRequest,
    reply: FastifyReply,
    {
      key,
      cached,
      type,
      make,
    }: { key: string; cached: string; type: string; make: (original: Buffer) => Promise<Buffer> },
  ) {
    if (await sendStoredObject(request, reply, cached, ONE_YEAR)) return reply;
    const original = await app.storage.get(key);
    if (!original) return reply.status(404).send(errorBody(404, 'Not found.'));
    let made: Buffer;
    try {
      made = await make(original);
    } catch {
      return reply.status(404).send(errorBody(404, 'Not found.'));
    }
    // Two requests may race to make the same file; either copy is right.
    await app.storage.put(cached, made).catch((error) => {
      if (!(error instanceof ObjectExistsError)) request.log.warn({ err: error }, 'could not cache a derived image');
    });
    return reply.header('cache-control', ONE_YEAR).header('x-content-type-options', 'nosniff').type(type).send(made);
  }

  /**
   * Link previews of stored images (docs/product.md#link-previews): GET /media/og/<key>, the
   * photo cropped to 1200 × 630 as a JPEG under 300 KB, made once like the display sizes.
   */
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/og/*',
    handler: async (request, reply) => {
      const key = request.params['*'];
      if (!isOriginalKey(key)) return reply.status(404).send(errorBody(404, 'Not found.'));
      return sendDerived(request, reply, {
        key,
        cached: previewCacheKey(key),
        type: 'image/jpeg',
        make: async (original) => {
          const cropped = await sharp(original, { limitInputPixels: 50_000_000 })
            .rotate()
            .resize({ ...LINK_PREVIEW_SIZE, fit: 'cover', position: 'attention' })
            .flatten({ background: '#ffffff' })
            .toBuffer();
          let jpeg = Buffer.alloc(0);
          // A busy photo at the first quality may be too heavy: step down until it fits.
          for (const quality of PREVIEW_QUALITIES) {
            jpeg = await sharp(cropped).jpeg({ quality, mozjpeg: true }).toBuffer();
            if (jpeg.length <= MAX_PREVIEW_BYTES) break;
          }
          return jpeg;
        },
      });
    },
  });

  app.route<{ Params: { width: string; '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:width/*',
    handler: async (request, reply) => {
      const width = Number(request.params.width);
      const key = request.params['*'];
      if (!/^\d+$/.test(request.params.width) || !isMediaWidth(width) || !isOriginalKey(key)) {
        return reply.status(404).send(errorBody(404, 'Not found.'));
      }
      return sendDerived(request, reply, {
        key,
        cached: cacheKey(width, key),
        type: 'image/webp',
        make: (original) =>
          sharp(original, { limitInputPixels: 50_000_000 })
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: MEDIA_QUALITY })
            .toBuffer(),
      });
    },
  });
}

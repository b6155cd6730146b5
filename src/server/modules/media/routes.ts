import type { FastifyInstance } from 'fastify';
import { isMediaWidth, MEDIA_QUALITY } from '../../../shared/media';
import { sharp } from '../../lib/image-library';
import { errorBody } from '../../plugins/error-handler';
import { sendStoredObject } from '../../plugins/uploads';
import { isSafeKey, ObjectExistsError } from '../../storage/object-storage';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/** Where the WebP of a stored image at one width is cached in storage. */
export function cacheKey(width: number, key: string): string {
  return `cache/w${width}/${key}.webp`;
}

/** The stored image a cached display size was made from, or null when the key is not one. */
export function originalOfCacheKey(key: string): string | null {
  return key.match(/^cache\/w\d+\/(.+)\.webp$/)?.[1] ?? null;
}

/** An original's key: display sizes are made from originals only, never from other sizes. */
const isOriginalKey = (key: string) => isSafeKey(key) && !key.startsWith('cache/');

/**
 * WebP display sizes of stored images (docs/product.md#images): GET /media/<width>/<key> for one of
 * the fixed widths, quality 80, made once with sharp and kept in storage. Stored keys never
 * change content (uploads are never overwritten), so the answer can be cached for a year.
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.route<{ Params: { width: string; '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:width/*',
    handler: async (request, reply) => {
      const width = Number(request.params.width);
      const key = request.params['*'];
      if (!/^\d+$/.test(request.params.width) || !isMediaWidth(width) || !isOriginalKey(key)) {
        return reply.status(404).send(errorBody(404, 'Not found.'));
      }
      const cached = cacheKey(width, key);
      if (await sendStoredObject(request, reply, cached, ONE_YEAR)) return reply;
      const original = await app.storage.get(key);
      if (!original) return reply.status(404).send(errorBody(404, 'Not found.'));
      let webp: Buffer;
      try {
        webp = await sharp(original, { limitInputPixels: 50_000_000 })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: MEDIA_QUALITY })
          .toBuffer();
      } catch {
        return reply.status(404).send(errorBody(404, 'Not found.'));
      }
      // Two requests may race to make the same size; either copy is right.
      await app.storage.put(cached, webp).catch((error) => {
        if (!(error instanceof ObjectExistsError)) request.log.warn({ err: error }, 'could not cache display size');
      });
      return reply
        .header('cache-control', ONE_YEAR)
        .header('x-content-type-options', 'nosniff')
        .type('image/webp')
        .send(webp);
    },
  });
}

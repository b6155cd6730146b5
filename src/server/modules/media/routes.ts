import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { isMediaWidth, MEDIA_QUALITY } from '../../../shared/media';
import { errorBody } from '../../plugins/error-handler';
import { assertSafeKey } from '../../storage/local-disk-storage';
import { ObjectExistsError } from '../../storage/object-storage';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/** Where the WebP of a stored image at one width is cached in storage. */
export function cacheKey(width: number, key: string): string {
  return `cache/w${width}/${key}.webp`;
}

/** The stored image a cached display size was made from, or null when the key is not one. */
export function originalOfCacheKey(key: string): string | null {
  return key.match(/^cache\/w\d+\/(.+)\.webp$/)?.[1] ?? null;
}

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return !key.startsWith('cache/');
  } catch {
    return false;
  }
}

/**
 * WebP display sizes of stored images (decision D6): GET /media/<width>/<key> for one of
 * the fixed widths, quality 80, made once with sharp and kept in storage. Stored keys never
 * change content (uploads are never overwritten), so the answer can be cached for a year.
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { width: string; '*': string } }>('/media/:width/*', async (request, reply) => {
    const width = Number(request.params.width);
    const key = request.params['*'];
    if (!/^\d+$/.test(request.params.width) || !isMediaWidth(width) || !isSafeKey(key)) {
      return reply.status(404).send(errorBody(404, 'Not found.'));
    }
    const cached = cacheKey(width, key);
    let webp = await app.storage.get(cached);
    if (!webp) {
      const original = await app.storage.get(key);
      if (!original) return reply.status(404).send(errorBody(404, 'Not found.'));
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
    }
    return reply
      .header('cache-control', ONE_YEAR)
      .header('x-content-type-options', 'nosniff')
      .type('image/webp')
      .send(webp);
  });
}

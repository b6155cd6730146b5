import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentTypeOf, isSafeKey } from '#server/storage/object-storage';

/** Stored originals are cached for a day (docs/product.md#images). */
const ONE_DAY = 'public, max-age=86400';

/**
 * Streams a stored object from whichever store holds it, with its type (from the key),
 * ETag and Last-Modified; answers 304 to a client whose copy is current. Resolves to false
 * when there is no such object (nothing sent).
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  cacheControl: string,
): Promise<boolean> {
  if (!isSafeKey(key)) return false;
  const ifNoneMatch = request.headers['if-none-match'];
  const opened = await request.server.storage.open(key, { ifNoneMatch });
  if (!opened) return false;
  reply.header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  if (opened.etag) reply.header('etag', opened.etag);
  if (opened.status === 'not-modified') {
    await reply.code(304).send();
    return true;
  }
  // If-Modified-Since counts only without If-None-Match; dates have whole seconds.
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  const unchanged = ifNoneMatch === undefined && Math.floor(opened.modifiedAt.getTime() / 1000) * 1000 <= since;
  if (unchanged || request.method === 'HEAD') opened.body.destroy();
  if (unchanged) {
    await reply.code(304).send();
    return true;
  }
  reply
    .header('last-modified', opened.modifiedAt.toUTCString())
    .header('content-length', String(opened.size))
    .type(contentTypeOf(key));
  await reply.send(request.method === 'HEAD' ? undefined : opened.body);
  return true;
}

/** Serves stored originals at /uploads/<key> from the configured store (disk or bucket). */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/uploads/*',
      handler: async (request, reply) => {
        const sent = await sendStoredObject(request, reply, request.params['*'], ONE_DAY);
        if (!sent) return reply.callNotFound();
        return reply;
      },
    });
  },
  { name: 'uploads', dependencies: ['app-context'] },
);

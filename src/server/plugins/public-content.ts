import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface PublicContent {
  /**
   * Staff changed something visitors see (a listing, a post, a site setting): every cache of
   * public answers forgets what it kept, here at once and on every other instance through a
   * database notice.
   */
  changed(): void;
  /** `forget` runs on every change, from this instance or another, and after notices may have been lost. */
  onChange(forget: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicContent: PublicContent;
  }
}

/**
 * The notice channel. Its name predates the page cache (listings were the only public
 * content then) and stays, so instances of both releases hear each other during a rolling
 * update.
 */
export const PUBLIC_CONTENT_CHANGED_CHANNEL = 'sdh_listings_changed';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A staff request that may have changed something: any write under /api/admin. */
export function isStaffChange(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  return !READS.has(request.method) && route.startsWith('/api/admin/');
}

/**
 * One path for clearing what instances keep of public answers (the search cache, the page
 * cache): a cache subscribes with onChange, a staff change calls changed() (decision 0029).
 * Each instance listens on a connection of its own; the embedded database is one process
 * and needs no notice.
 */
export const publicContentPlugin = fp(
  async (app: FastifyInstance) => {
    const forgetters: (() => void)[] = [];
    const forgetAll = () => {
      for (const forget of forgetters) forget();
    };
    const instance = randomUUID();
    app.decorate<PublicContent>('publicContent', {
      changed() {
        forgetAll();
        app.db.notify(PUBLIC_CONTENT_CHANGED_CHANNEL, instance).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not tell the other instances to clear their caches');
        });
      },
      onChange(forget) {
        forgetters.push(forget);
      },
    });
    // Whatever a staff change did (a listing, a post, the settings), visitors see it at once.
    app.addHook('onResponse', async (request, reply) => {
      if (isStaffChange(request) && reply.statusCode < 400) app.publicContent.changed();
    });
    let stopListening: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopListening = await app.db.listen(PUBLIC_CONTENT_CHANGED_CHANNEL, {
        onNotice: (from) => {
          if (from !== instance) forgetAll();
        },
        // Notices sent while the connection was down are lost: forget everything instead.
        onGap: forgetAll,
      });
    });
    app.addHook('onClose', async () => {
      await stopListening?.();
    });
  },
  { name: 'public-content', dependencies: ['app-context'] },
);

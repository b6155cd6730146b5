import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { isApiPath } from '#server/lib/api-path';
import { type CachedBody, cachedBodySize, compactBody, encodedBody } from '#server/lib/compression';
import { siteOrigin } from '#server/lib/site-origin';
import { CURRENCY_COOKIE } from '#shared/currency';
import { LOCALE_COOKIE, LOCALE_PARAM } from '#shared/i18n';

/**
 * A rendered page as sendApp sends it, with its compressed forms (it is compressed once, as it
 * is first sent, and the cache keeps that form): cached whole, sent again as it was.
 */
export interface StoredPage {
  body: CachedBody;
  headers: Record<string, string>;
}

/** A cached page as this request should get it (see encodedBody). */
export function cachedPageResponse(
  page: StoredPage,
  acceptEncoding: string | undefined,
): { body: string | Buffer; headers: Record<string, string> } {
  const { body, encoding } = encodedBody(page.body, acceptEncoding);
  const vary = page.headers.vary ? `${page.headers.vary}, accept-encoding` : 'accept-encoding';
  return { body, headers: { ...page.headers, vary, ...(encoding ? { 'content-encoding': encoding } : {}) } };
}

/** What a page request may be reused for, decided before it is rendered. */
interface PageCacheTicket {
  key: string;
  /** The cache's generation when the rendering began: a staff change since makes the page stale. */
  generation: number;
  page?: StoredPage;
  /** Tells requests waiting for this page that it is answered (cached or not). */
  done(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Offers a rendered page for reuse; cached only if the answer turns out reusable (see pageCachePlugin). */
    offerPage(reply: FastifyReply, page: StoredPage): void;
  }
  interface FastifyRequest {
    pageCacheTicket: PageCacheTicket | null;
  }
}

/** Cookies a reusable page may be asked with: the language and currency choices, both part of the key. */
const ANONYMOUS_COOKIES = new Set([LOCALE_COOKIE, CURRENCY_COOKIE]);
/** Bounds on what is cached, whatever URLs clients make up. */
const MAX_PAGES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * Each page is cached for a time drawn between this share of PAGE_CACHE_SECONDS and all of it:
 * pages rendered together (a burst of visitors, a start) would otherwise run out together and
 * be rendered again in one stretch of the event loop, every PAGE_CACHE_SECONDS.
 */
const SHORTEST_KEEP = 0.75;
export const keepFor = (ttl: number) => Math.round(ttl * (SHORTEST_KEEP + (1 - SHORTEST_KEEP) * Math.random()));

/** The cached pages, bounded by their number and by the bytes they hold. */
export function createPageStore(ttl: number): LRUCache<string, StoredPage> {
  return new LRUCache<string, StoredPage>({
    max: MAX_PAGES,
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => Math.max(1, cachedBodySize(page.body)),
    ttl,
    // A page past its time stays until renewed: served while one request renders it again.
    noDeleteOnStaleGet: true,
  });
}

/**
 * Keeps a page as sent: compressed only (its HTML is five to eight times its brotli form), so
 * the store holds every page of a busy site's visitors rather than re-rendering some of them.
 */
export function keepPage(pages: LRUCache<string, StoredPage>, key: string, page: StoredPage, ttl: number): void {
  compactBody(page.body);
  pages.set(key, page, { ttl: keepFor(ttl) });
}

/**
 * A kept page as this request should get it. A form made now for this client (another
 * encoding) stays with the page, so the store counts it against its bound; a page dropped
 * while the request waited (a staff change cleared the store) is answered, not kept again.
 */
export function keptPageResponse(
  pages: LRUCache<string, StoredPage>,
  key: string,
  page: StoredPage,
  acceptEncoding: string | undefined,
): ReturnType<typeof cachedPageResponse> {
  const held = cachedBodySize(page.body);
  const answer = cachedPageResponse(page, acceptEncoding);
  if (cachedBodySize(page.body) !== held && pages.peek(key, { allowStale: true }) === page) {
    // A new entry object: the store sizes a value again only when it is replaced.
    pages.set(key, { ...page }, { noUpdateTTL: true });
  }
  return answer;
}

/**
 * What besides the URL and the language a page depends on for an anonymous visitor: the
 * currency its prices are converted to (from the cookie, else the browser's language), so a
 * visitor in London never gets the page made for one in Stockholm.
 */
export function pageVariant(request: FastifyRequest): string {
  return request.currency;
}

/**
 * Whether a request's page may come from or go into the cache: an anonymous GET for one of
 * the public pages (never /admin, never the API), carrying no cookie but the language and currency.
 */
export function isReusablePageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  // Matching a path against the page table costs about as much as a cached API answer: the
  // API, asked far more often than pages, never needs it.
  if (isApiPath(pathname)) return false;
  if (!request.server.pagePattern?.(pathname)) return false;
  const params = new URLSearchParams(request.url.slice(pathname.length));
  // A shared ?lang= link also sets the visitor's language cookie: that answer is theirs alone;
  // so is a page a private link opens (?token=, a seller's own listing).
  if (params.has(LOCALE_PARAM) || params.has('token')) return false;
  if (request.headers.authorization !== undefined) return false;
  return Object.keys(request.cookies ?? {}).every((name) => ANONYMOUS_COOKIES.has(name));
}

function pageKey(request: FastifyRequest): string {
  return [siteOrigin(request), request.url, request.locale, pageVariant(request)].join('\n');
}

/**
 * Anonymous visitors' pages reused for PAGE_CACHE_SECONDS (decision 0038): rendering a page
 * costs ten times what sending it does. Keyed by origin, full URL, language (and variant);
 * only 200 answers that set no cookie are cached; a staff change on any instance clears it
 * (the public-content notices), and a page whose rendering began before that change is
 * not cached. One request renders a page at a time: others asking for it meanwhile get the
 * page it renews while that is at most PAGE_CACHE_SECONDS past its time, else wait for it
 * (a burst, or every cached page running out together, would otherwise render it once each).
 */
export const pageCachePlugin = fp(
  async (app: FastifyInstance) => {
    const ttl = app.config.pageCacheSeconds * 1000;
    app.decorateRequest('pageCacheTicket', null);
    if (ttl === 0) {
      app.decorate('offerPage', () => {});
      return;
    }
    const pages = createPageStore(ttl);
    /** The pages being rendered, each settled once its request is answered or gone. */
    const rendering = new Map<string, Promise<void>>();
    let generation = 0;
    app.publicContent.onChange(() => {
      generation += 1;
      pages.clear();
    });
    const lookups = app.metrics.pageCacheLookups;

    const render = (request: FastifyRequest, key: string) => {
      let done = () => {};
      const rendered = new Promise<void>((resolve) => {
        done = () => {
          if (rendering.get(key) === rendered) rendering.delete(key);
          resolve();
        };
      });
      rendering.set(key, rendered);
      request.pageCacheTicket = { key, generation, done };
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!isReusablePageRequest(request)) return;
      const key = pageKey(request);
      const status: LRUCache.Status<string, StoredPage> = {};
      let cached = pages.get(key, { allowStale: true, status });
      let result: 'hit' | 'stale' | 'shared' = 'hit';
      if (cached && status.get === 'stale') {
        const renewal = rendering.get(key);
        const overdue = -(status.remainingTTL ?? 0);
        // Too busy to render it again (overload plugin): the page past its time beats a refusal.
        if (!request.tooBusyToRender && (!renewal || overdue > ttl)) {
          cached = undefined;
        } else {
          result = 'stale';
        }
      }
      if (!cached) {
        const renewal = rendering.get(key);
        if (renewal) {
          await renewal;
          cached = pages.get(key);
          result = 'shared';
        }
      }
      if (!cached) {
        lookups.inc({ result: 'miss' });
        render(request, key);
        return;
      }
      lookups.inc({ result });
      // A cached page still counts against the visitor's budget of page views.
      if (!(await app.allowPublicPage(request, reply))) return reply;
      const answer = keptPageResponse(pages, key, cached, request.headers['accept-encoding']);
      return reply.status(200).headers(answer.headers).send(answer.body);
    });

    app.decorate('offerPage', (reply: FastifyReply, page: StoredPage) => {
      const ticket = reply.request.pageCacheTicket;
      if (ticket) ticket.page = page;
    });

    // Judged on the answer as sent: a status or a cookie added after sendApp counts too.
    app.addHook('onResponse', async (request, reply) => {
      const ticket = request.pageCacheTicket;
      if (!ticket) return;
      if (
        ticket.page &&
        reply.statusCode === 200 &&
        !reply.hasHeader('set-cookie') &&
        ticket.generation === generation
      ) {
        keepPage(pages, ticket.key, ticket.page, ttl);
      }
      ticket.done();
    });
    // A request gone before its answer lets those waiting for its page render it themselves.
    app.addHook('onRequestAbort', async (request) => {
      request.pageCacheTicket?.done();
    });
  },
  {
    name: 'page-cache',
    dependencies: ['app-context', 'locale', 'rate-limit', 'metrics', 'public-content', 'overload'],
  },
);

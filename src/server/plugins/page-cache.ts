import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { CURRENCY_COOKIE } from '../../shared/currency';
import { LOCALE_COOKIE, LOCALE_PARAM } from '../../shared/i18n';
import { isApiPath } from '../lib/api-path';
import { siteOrigin } from '../lib/site-origin';

/** A rendered page as sendApp sent it: kept whole, sent again as it was. */
export interface KeptPage {
  html: string;
  headers: Record<string, string>;
}

/** What a page request may be reused for, decided before it is rendered. */
interface PageCacheTicket {
  key: string;
  /** The cache's generation when the rendering began: a staff change since makes the page stale. */
  generation: number;
  page?: KeptPage;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Offers a rendered page for reuse; kept only if the answer turns out reusable (see pageCachePlugin). */
    offerPage(reply: FastifyReply, page: KeptPage): void;
  }
  interface FastifyRequest {
    pageCacheTicket: PageCacheTicket | null;
  }
}

/** Cookies a reusable page may be asked with: the language and currency choices, both part of the key. */
const ANONYMOUS_COOKIES = new Set([LOCALE_COOKIE, CURRENCY_COOKIE]);
/** Bounds on what is kept, whatever URLs clients make up. */
const MAX_PAGES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;

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
  // A shared ?lang= link also sets the visitor's language cookie: that answer is theirs alone.
  if (new URLSearchParams(request.url.slice(pathname.length)).has(LOCALE_PARAM)) return false;
  if (request.headers.authorization !== undefined) return false;
  return Object.keys(request.cookies ?? {}).every((name) => ANONYMOUS_COOKIES.has(name));
}

function pageKey(request: FastifyRequest): string {
  return [siteOrigin(request), request.url, request.locale, pageVariant(request)].join('\n');
}

/**
 * Anonymous visitors' pages reused for PAGE_CACHE_SECONDS (decision 0038): rendering a page
 * costs ten times what sending it does. Keyed by origin, full URL, language (and variant);
 * only 200 answers that set no cookie are kept; a staff change on any instance clears it
 * (the public-content notices), and a page whose rendering began before that change is
 * not kept.
 */
export const pageCachePlugin = fp(
  async (app: FastifyInstance) => {
    const ttl = app.config.pageCacheSeconds * 1000;
    app.decorateRequest('pageCacheTicket', null);
    if (ttl === 0) {
      app.decorate('offerPage', () => {});
      return;
    }
    const pages = new LRUCache<string, KeptPage>({
      max: MAX_PAGES,
      maxSize: MAX_BYTES,
      sizeCalculation: (page) => Math.max(1, page.html.length),
      ttl,
    });
    let generation = 0;
    app.publicContent.onChange(() => {
      generation += 1;
      pages.clear();
    });
    const lookups = app.metrics.pageCacheLookups;

    app.addHook('onRequest', async (request, reply) => {
      if (!isReusablePageRequest(request)) return;
      const key = pageKey(request);
      const kept = pages.get(key);
      if (!kept) {
        lookups.inc({ result: 'miss' });
        request.pageCacheTicket = { key, generation };
        return;
      }
      lookups.inc({ result: 'hit' });
      // A kept page still counts against the visitor's budget of page views.
      if (!(await app.allowPublicPage(request, reply))) return reply;
      return reply.status(200).headers(kept.headers).send(kept.html);
    });

    app.decorate('offerPage', (reply: FastifyReply, page: KeptPage) => {
      const ticket = reply.request.pageCacheTicket;
      if (ticket) ticket.page = page;
    });

    // Judged on the answer as sent: a status or a cookie added after sendApp counts too.
    app.addHook('onResponse', async (request, reply) => {
      const ticket = request.pageCacheTicket;
      if (!ticket?.page || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return;
      if (ticket.generation !== generation) return;
      pages.set(ticket.key, ticket.page);
    });
  },
  { name: 'page-cache', dependencies: ['app-context', 'locale', 'rate-limit', 'metrics', 'public-content'] },
);

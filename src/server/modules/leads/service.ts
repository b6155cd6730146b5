import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { clientAddress } from '#server/lib/client-address';
import { HttpError } from '#server/lib/http-error';
import { CATEGORY_ROUTES } from '#shared/categories';
import type { LeadKind } from '#shared/leads';
import { type BufferedLead, leadsRepository } from './repository';
import { isCountedVisitor, newSalt, utcDay, visitorHash } from './visitor';

/** What became of one event: kept for the next flush, left out (a bot), or refused (no such listing). */
export type LeadOutcome = 'buffered' | 'ignored' | 'unknown-listing';

export interface LeadsService {
  /**
   * Counts `kind` on a listing for the visitor making `request` (decision 0050). `isShown`
   * answers whether the listing is public when this instance does not know yet (else the
   * database is asked).
   */
  record(
    request: FastifyRequest,
    listingId: string,
    kind: LeadKind,
    isShown?: () => Promise<boolean>,
  ): Promise<LeadOutcome>;
  /** Writes every buffered event now; resolves to how many were new. */
  flush(): Promise<number>;
  /** The visitor making `request` today: the day's hash of its address (reports use it too). */
  visitorOf(request: FastifyRequest): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    leads: LeadsService;
  }
}

/** A listing's own page: the view of it counts however the page is answered. */
const LISTING_PAGE = new RegExp(
  `^/(?:${Object.values(CATEGORY_ROUTES).join('|')})/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/?(?:\\?|$)`,
  'i',
);

/** Buffered events are written this often, or at once when this many wait (decision 0051). */
export const LEAD_FLUSH_INTERVAL_MS = 1_000;
export const LEAD_FLUSH_BATCH = 1_000;
/** Past this many waiting (the database is down), new events are dropped rather than filling memory. */
const MAX_BUFFERED = 50_000;
/** Whether a listing is public is remembered this long per instance: ingest seldom reads the database. */
const LISTING_CHECK_TTL_MS = 60_000;

/**
 * Leads (docs/product.md#leads): events are checked, hashed into one visitor (address) per
 * day and buffered; a flush writes a batch with one statement, which also updates the daily roll-ups.
 * A crash loses at most the last second of counts, never anything a visitor sent to keep.
 */
export const leadsPlugin = fp(
  async (app: FastifyInstance) => {
    const repo = leadsRepository(app.db);
    let buffer: BufferedLead[] = [];
    let salt: { day: string; value: Promise<string> } | null = null;
    const publicListings = new LRUCache<string, boolean, (() => Promise<boolean>) | undefined>({
      max: 100_000,
      ttl: LISTING_CHECK_TTL_MS,
      // A check pushed out while in flight still answers its event.
      ignoreFetchAbort: true,
      fetchMethod: (id, _stale, { context }) => (context ? context() : repo.isPublicListing(id)),
    });

    const saltOf = (day: string) => {
      if (salt?.day !== day) {
        const value = repo.saltOf(day, newSalt());
        salt = { day, value };
        // A failed read is not kept: the next event asks again.
        value.catch(() => {
          if (salt?.value === value) salt = null;
        });
      }
      return salt.value;
    };

    // Views being counted after their page was answered: a flush waits for them, so what a
    // flush stores (and what closing keeps) includes every page already served.
    const viewsCounting = new Set<Promise<unknown>>();
    let writing: Promise<number> = Promise.resolve(0);
    const flush = (): Promise<number> => {
      writing = writing.then(async () => {
        await Promise.all(viewsCounting);
        let stored = 0;
        while (buffer.length > 0) {
          const batch = buffer.slice(0, LEAD_FLUSH_BATCH);
          buffer = buffer.slice(batch.length);
          try {
            stored += await repo.store(batch);
          } catch (error) {
            app.log.warn({ err: error, events: batch.length }, 'lead events could not be stored; dropped');
          }
        }
        return stored;
      });
      return writing;
    };

    const visitorOf = async (request: FastifyRequest) =>
      visitorHash(await saltOf(utcDay(new Date())), clientAddress(request));

    app.decorate('leads', {
      async record(request, listingId, kind, isShown) {
        // Nearly always remembered: no promise to wait for then.
        if (!(publicListings.get(listingId) ?? (await publicListings.fetch(listingId, { context: isShown }))))
          return 'unknown-listing';
        if (!isCountedVisitor(request.headers)) return 'ignored';
        if (buffer.length >= MAX_BUFFERED) return 'ignored';
        const day = utcDay(new Date());
        const visitor = visitorHash(await saltOf(day), clientAddress(request));
        buffer.push({ day, listingId, kind, visitor });
        if (buffer.length >= LEAD_FLUSH_BATCH) void flush();
        return 'buffered';
      },
      flush,
      visitorOf,
    } satisfies LeadsService);

    // The view of a listing page counts here, before the page cache may answer it (the page
    // tells the browser not to send it again): script or not, rendered or kept.
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET') return;
      const id = LISTING_PAGE.exec(request.url)?.[1];
      if (!id) return;
      const listingId = id.toLowerCase();
      // The page reads its listing through the listings service: the check shares that read.
      const isShown = () =>
        app.listingsService.listing(listingId).then(
          () => true,
          (error: unknown) => {
            if (error instanceof HttpError && error.statusCode === 404) return false;
            throw error;
          },
        );
      const counting = app.leads
        .record(request, listingId, 'view', isShown)
        .catch((error) => request.log.warn({ err: error }, 'view not counted'))
        .finally(() => viewsCounting.delete(counting));
      viewsCounting.add(counting);
    });

    const timer = setInterval(() => void flush(), LEAD_FLUSH_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
  },
  { name: 'leads', dependencies: ['app-context'] },
);

// What the dashboard reads of the leads.
export { wholeDays } from './analytics';
export { leadsRepository } from './repository';

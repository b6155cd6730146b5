import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { CURRENCY_COOKIE } from '#shared/currency';
import { LOCALE_COOKIE } from '#shared/i18n';
import { ServerOverloadedError } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered however busy the server is (the probes and the metrics). */
    exemptFromOverload?: boolean;
  }
  interface FastifyInstance {
    overload: OverloadControl;
  }
  interface FastifyRequest {
    /**
     * A page the server is too busy to render: refused unless the page cache holds it (a kept
     * page, even one past its time, costs no more to send than the refusal).
     */
    tooBusyToRender: boolean;
  }
}

/** What the sampler last measured. */
export interface LoadReading {
  /** Mean event-loop delay over the last sample interval. */
  eventLoopDelayMs: number;
  heapUsedBytes: number;
}

export interface OverloadControl {
  /** The reading requests are judged by now. */
  reading(): LoadReading;
  /**
   * Replaces the sampler's readings with this one until called with null: tests and drills
   * put the server in a known state without depending on how busy the machine is.
   */
  holdReading(reading: LoadReading | null): void;
}

/** What a refused client is told to wait: overload passes in seconds, unlike an outage. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** Share of V8's heap limit past which visitors are refused, before the process runs out. */
const HEAP_LIMIT_SHARE = 0.9;
/** How often the event-loop delay (its mean over the interval) and the heap are read. */
const SAMPLE_INTERVAL_MS = 500;
/** The event-loop delay histogram's resolution; its mean overstates the delay by about this much. */
const SAMPLE_RESOLUTION_MS = 10;
/**
 * Staff requests and sign-ins answered at once however busy the server is, so staff can work
 * (and sign in) through a rush of visitors. Bounded, as anyone can send a cookie or ask for a
 * staff path: past this many in progress, one is judged like a visitor's request of its kind.
 */
export const STAFF_RESERVED_REQUESTS = 8;

/**
 * Who is asking, in the order refusals reach them: a page (a visit beginning, the most costly
 * to answer), then a file (an image, a script, for a page already shown), then the API (a
 * visit under way: a search, a form). Staff and sign-ins have a reserved share.
 */
export type RequestKind = 'page' | 'file' | 'api' | 'staff';

/** Cookies a visitor's request may carry; any other (a session) marks a staff request. */
const VISITOR_COOKIES = new Set([LOCALE_COOKIE, CURRENCY_COOKIE]);

export function requestKind(request: FastifyRequest): RequestKind {
  const pathname = request.url.split('?')[0] ?? '/';
  if (/^\/(admin|api\/auth)(\/|$)/.test(pathname)) return 'staff';
  if (Object.keys(request.cookies ?? {}).some((name) => !VISITOR_COOKIES.has(name))) return 'staff';
  if (/^\/api(\/|$)/.test(pathname)) return 'api';
  if (/^\/(media|uploads|assets)\//.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)) return 'file';
  if (request.method === 'GET' || request.method === 'HEAD') return 'page';
  // A plain HTML form sent (contact, newsletter): a visit under way, like the API.
  return 'api';
}

/**
 * How far the server is past its limit, 0 (not) to 3: the event-loop delay past the limit, twice
 * it, four times it; the heap near its limit counts as the most.
 */
export function overloadLevel(reading: LoadReading, limitMs: number, heapLimitBytes: number): number {
  if (reading.heapUsedBytes > heapLimitBytes) return 3;
  if (limitMs <= 0) return 0;
  const delay = reading.eventLoopDelayMs;
  if (delay > 4 * limitMs) return 3;
  if (delay > 2 * limitMs) return 2;
  if (delay > limitMs) return 1;
  return 0;
}

/** The level from which each kind of visitor request is refused. */
const REFUSED_FROM: Record<Exclude<RequestKind, 'staff'>, number> = { page: 1, file: 2, api: 3 };

/**
 * Refuses requests at once with 503 and Retry-After while the server is overloaded
 * (decisions 0039 and 0074), by priority: past OVERLOAD_EVENT_LOOP_DELAY_MS (the mean
 * event-loop delay over the last half second) new pages are refused, except those the page
 * cache holds; past twice it files too; past four times it, or with the heap near its limit,
 * the API too. Requests under way are never dropped. Staff requests and sign-ins have
 * STAFF_RESERVED_REQUESTS places that visitors never take. Routes marked `exemptFromOverload`
 * (health, readiness, metrics) are always answered.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance) => {
    const limitMs = app.config.overloadEventLoopDelayMs;
    const heapLimitBytes = Math.floor(getHeapStatistics().heap_size_limit * HEAP_LIMIT_SHARE);

    const histogram = monitorEventLoopDelay({ resolution: SAMPLE_RESOLUTION_MS });
    histogram.enable();
    let measured: LoadReading = { eventLoopDelayMs: 0, heapUsedBytes: 0 };
    let held: LoadReading | null = null;
    const sample = () => {
      const mean = Number.isNaN(histogram.mean) ? 0 : histogram.mean / 1e6;
      measured = {
        eventLoopDelayMs: Math.max(0, mean - SAMPLE_RESOLUTION_MS),
        heapUsedBytes: process.memoryUsage().heapUsed,
      };
      histogram.reset();
    };
    const sampler = setInterval(sample, SAMPLE_INTERVAL_MS);
    sampler.unref();
    app.addHook('onClose', async () => {
      clearInterval(sampler);
      histogram.disable();
    });
    const reading = () => held ?? measured;
    app.decorate('overload', {
      reading,
      holdReading(next: LoadReading | null) {
        held = next;
      },
    } satisfies OverloadControl);

    let staffInProgress = 0;
    const countedAsStaff = new WeakSet<FastifyRequest>();
    const release = async (request: FastifyRequest) => {
      if (countedAsStaff.delete(request)) staffInProgress -= 1;
    };
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);

    let lastWarning = 0;
    const refusal = (request: FastifyRequest, kind: RequestKind, level: number) => {
      const now = reading();
      const cause = now.heapUsedBytes > heapLimitBytes ? 'heap' : 'event_loop_delay';
      app.metrics.overloadRefusals.inc({ cause, kind });
      if (Date.now() - lastWarning > 1_000) {
        lastWarning = Date.now();
        request.log.warn(
          {
            cause,
            overloadLevel: level,
            eventLoopDelayMs: Math.round(now.eventLoopDelayMs),
            heapUsedBytes: now.heapUsedBytes,
          },
          'refusing requests: the server is overloaded',
        );
      }
      return new ServerOverloadedError(cause, OVERLOAD_RETRY_AFTER_SECONDS);
    };

    app.decorateRequest('tooBusyToRender', false);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.exemptFromOverload) return;
      let kind = requestKind(request);
      if (kind === 'staff') {
        if (staffInProgress < STAFF_RESERVED_REQUESTS) {
          staffInProgress += 1;
          countedAsStaff.add(request);
          return;
        }
        kind = request.url.startsWith('/api/') ? 'api' : 'page';
      }
      const level = overloadLevel(reading(), limitMs, heapLimitBytes);
      if (level < REFUSED_FROM[kind]) return;
      if (kind === 'page') {
        // Refused once the page cache has looked for the page.
        request.tooBusyToRender = true;
        return;
      }
      throw refusal(request, kind, level);
    });
    // After every onRequest hook, the page cache's included: a page it did not answer is refused.
    app.addHook('preParsing', async (request) => {
      if (request.tooBusyToRender) throw refusal(request, 'page', overloadLevel(reading(), limitMs, heapLimitBytes));
    });

    new Gauge({
      name: 'sdh_event_loop_delay_seconds',
      help: 'Mean event-loop delay over the last half second, as compared with OVERLOAD_EVENT_LOOP_DELAY_MS',
      registers: [app.metrics.registry],
      collect() {
        this.set(reading().eventLoopDelayMs / 1000);
      },
    });
  },
  { name: 'overload', dependencies: ['app-context', 'error-handler', 'metrics', 'locale', 'rate-limit'] },
);

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { createWorkLine } from '#server/lib/work-line';
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
  /** Visitors' requests received and not yet answered (read at each request, not sampled). */
  requestsInProgress?: number;
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

/** What the server refuses past: set from OVERLOAD_* (0 turns a limit off). */
export interface OverloadLimits {
  eventLoopDelayMs: number;
  requestsInProgress: number;
  heapBytes: number;
}

/** Why a request was refused, as counted in sdh_overload_refusals_total. */
type RefusalCause = 'heap' | 'event_loop_delay' | 'requests_in_progress' | 'queue_timeout';

/** 0 below `limit`, then 1, 2 and 3 past it, twice it and four times it (0 when the limit is off). */
function levelPast(value: number, limit: number): number {
  if (limit <= 0 || value <= limit) return 0;
  if (value > 4 * limit) return 3;
  return value > 2 * limit ? 2 : 1;
}

/**
 * How far the server is past its limits, 0 (not) to 3. The event-loop delay shows work already
 * queued on this thread, but only after a sample; the requests in progress show a burst the
 * moment it arrives (hundreds of visitors at once, each waiting for the database) and bound how
 * long an accepted request queues. The heap near its limit counts as the most.
 */
export function overloadLevel(reading: LoadReading, limits: OverloadLimits): number {
  if (reading.heapUsedBytes > limits.heapBytes) return 3;
  return Math.max(
    levelPast(reading.eventLoopDelayMs, limits.eventLoopDelayMs),
    levelPast(reading.requestsInProgress ?? 0, limits.requestsInProgress),
  );
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
 *
 * Visitors' reads the page cache did not answer (a page to render, an API read) are worked on
 * OVERLOAD_CONCURRENCY at a time, the others waiting in line first come first served, and
 * refused once they waited OVERLOAD_QUEUE_TIMEOUT_MS (decision 0108): a burst on a cold
 * server is answered in turn or refused quickly, instead of every request sharing the CPU and
 * the database with all the others and all answering seconds late. Forms sent (a listing, an
 * inquiry, an upload that may take seconds) do not wait in this line.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance) => {
    const limits: OverloadLimits = {
      eventLoopDelayMs: app.config.overloadEventLoopDelayMs,
      requestsInProgress: app.config.overloadRequestsInProgress,
      heapBytes: Math.floor(getHeapStatistics().heap_size_limit * HEAP_LIMIT_SHARE),
    };

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
    let visitorsInProgress = 0;
    const reading = () => held ?? { ...measured, requestsInProgress: visitorsInProgress };
    app.decorate('overload', {
      reading,
      holdReading(next: LoadReading | null) {
        held = next;
      },
    } satisfies OverloadControl);

    let staffInProgress = 0;
    const countedAsStaff = new WeakSet<FastifyRequest>();
    const countedAsVisitor = new WeakSet<FastifyRequest>();
    const { overloadConcurrency, overloadQueueTimeoutMs } = app.config;
    const line =
      overloadConcurrency > 0
        ? createWorkLine({ concurrency: overloadConcurrency, maxWaitMs: overloadQueueTimeoutMs })
        : undefined;
    const release = async (request: FastifyRequest) => {
      if (countedAsStaff.delete(request)) staffInProgress -= 1;
      if (countedAsVisitor.delete(request)) {
        visitorsInProgress -= 1;
        line?.leave(request);
      }
    };
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
    // A read's place in the line is given back once its answer is made, not once delivered:
    // a client that reads slowly (or never) would otherwise hold a place as long as it likes.
    app.addHook('onSend', async (request) => {
      line?.leave(request);
    });

    let lastWarning = 0;
    const refusal = (request: FastifyRequest, kind: RequestKind, level: number, timedOut = false) => {
      const now = reading();
      const cause: RefusalCause = timedOut
        ? 'queue_timeout'
        : now.heapUsedBytes > limits.heapBytes
          ? 'heap'
          : levelPast(now.eventLoopDelayMs, limits.eventLoopDelayMs) >= level
            ? 'event_loop_delay'
            : 'requests_in_progress';
      app.metrics.overloadRefusals.inc({ cause, kind });
      if (Date.now() - lastWarning > 1_000) {
        lastWarning = Date.now();
        request.log.warn(
          {
            cause,
            overloadLevel: level,
            eventLoopDelayMs: Math.round(now.eventLoopDelayMs),
            requestsInProgress: now.requestsInProgress,
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
      const level = overloadLevel(reading(), limits);
      if (level < REFUSED_FROM[kind]) {
        visitorsInProgress += 1;
        countedAsVisitor.add(request);
        return;
      }
      if (kind === 'page') {
        // Refused once the page cache has looked for the page.
        request.tooBusyToRender = true;
        return;
      }
      throw refusal(request, kind, level);
    });
    // After every onRequest hook, the page cache's included: a page it did not answer is
    // refused, or waits its turn with the other reads.
    app.addHook('preParsing', async (request) => {
      if (request.tooBusyToRender) throw refusal(request, 'page', overloadLevel(reading(), limits));
      if (!line || !countedAsVisitor.has(request)) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const kind = requestKind(request);
      if (kind === 'file') return;
      if (!(await line.enter(request))) throw refusal(request, kind, 0, true);
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

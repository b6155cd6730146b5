import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { ServerOverloadedError } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered however busy the server is (the probes and the metrics). */
    exemptFromOverload?: boolean;
  }
}

/** What a refused client is told to wait: overload passes in seconds, unlike an outage. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** Share of V8's heap limit past which requests are refused, before the process runs out. */
const HEAP_LIMIT_SHARE = 0.9;
/** How often the event-loop delay (its mean over the interval) and the heap are read. */
const SAMPLE_INTERVAL_MS = 1_000;

/**
 * Refuses requests at once with 503 and Retry-After while the server is overloaded
 * (decision 0039): the mean event-loop delay over the last second above
 * OVERLOAD_EVENT_LOOP_DELAY_MS, or the heap near its limit. Without it, work queues without
 * bound and every visitor waits, then times out. Routes marked `exemptFromOverload` (health,
 * readiness, metrics) are always answered.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance) => {
    const internal = Object.entries(app.internalRequestHeaders);
    const isInternalRequest = (request: FastifyRequest) =>
      internal.every(([name, value]) => request.headers[name] === value);
    let lastWarning = 0;
    await app.register(underPressure, {
      maxEventLoopDelay: app.config.overloadEventLoopDelayMs,
      maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * HEAP_LIMIT_SHARE),
      sampleInterval: SAMPLE_INTERVAL_MS,
      pressureHandler: async (request: FastifyRequest, _reply, type, value) => {
        if (request.routeOptions.config.exemptFromOverload) return;
        // A page already admitted reads its data in-process: refusing those reads would waste
        // the work begun and misreport the refusal as a database outage.
        if (isInternalRequest(request)) return;
        const cause = type === 'heapUsedBytes' ? 'heap' : 'event_loop_delay';
        app.metrics.overloadRefusals.inc({ cause });
        if (Date.now() - lastWarning > SAMPLE_INTERVAL_MS) {
          lastWarning = Date.now();
          app.log.warn({ cause, value }, 'refusing requests: the server is overloaded');
        }
        throw new ServerOverloadedError(cause, OVERLOAD_RETRY_AFTER_SECONDS);
      },
    });
    new Gauge({
      name: 'sdh_event_loop_delay_seconds',
      help: 'Mean event-loop delay over the last second, as compared with OVERLOAD_EVENT_LOOP_DELAY_MS',
      registers: [app.metrics.registry],
      collect() {
        this.set(app.memoryUsage().eventLoopDelay / 1000);
      },
    });
  },
  { name: 'overload', dependencies: ['app-context', 'error-handler', 'metrics', 'locale', 'rate-limit'] },
);

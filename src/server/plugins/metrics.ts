import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Public events counted as they are taken in (the ingest endpoints come with analytics). */
export const INGEST_EVENTS = ['listing_view', 'whatsapp_tap'] as const;
export type IngestEvent = (typeof INGEST_EVENTS)[number];

/** How a cache lookup went: kept, asked of the database, or joined a read already under way. */
export type CacheLookup = 'hit' | 'miss' | 'shared';

export interface Metrics {
  /** This app's registry: a module adds its own metrics with `registers: [app.metrics.registry]`. */
  registry: Registry;
  /** Counts one public event taken in. */
  countIngested(event: IngestEvent): void;
  searchCacheLookups: Counter<'cache' | 'result'>;
  pageCacheLookups: Counter<'result'>;
  rateLimitRefusals: Counter<'limit'>;
  overloadRefusals: Counter<'cause' | 'kind'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Sign-in routes whose refusals count as failed sign-ins, and what each status means. */
const SIGN_IN_ROUTES = new Set(['/api/auth/sign-in']);
const SIGN_IN_FAILURES: Record<number, string> = { 400: 'invalid', 401: 'rejected', 429: 'throttled' };

/** Seconds; pages take milliseconds when kept, tens of them when rendered, seconds when overloaded. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route a request took, as its pattern ('/api/listings/:id'), so the label has a
 * bounded number of values whatever URLs clients send: pages the app renders for any path
 * are named by their page pattern, anything else no route took is 'unmatched'.
 */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route && route !== '/*') {
    // A route per built file: one label for them all.
    return !route.startsWith('/api/') && /\.[a-z0-9]+$/i.test(route) ? 'static file' : route;
  }
  const page =
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.server.pagePattern?.(request.url.split('?')[0] ?? '/');
  return page || 'unmatched';
}

/** The socket's peer is this machine (not an address a client may write in a header). */
function fromLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  return peer === '::1' || /^(::ffff:)?127\./.test(peer);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Headers a proxy adds when it passes a request on (standard, de facto and vendors' own). */
const FORWARDING_HEADER =
  /^(?:forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|true-client-ip|cf-connecting-ip|x-cluster-client-ip|fastly-client-ip|x-original-forwarded-for)$/;

/**
 * Whether a request may read /metrics: straight from loopback, or with the bearer token.
 * A request from loopback that carries any forwarding header (X-Forwarded-For, Forwarded,
 * X-Real-IP, Via, ...) is not local: a reverse proxy on the same machine would otherwise make
 * every visitor local.
 */
function mayRead(request: FastifyRequest, token: string | undefined): 'yes' | 'unknown' | 'wrong-token' {
  const forwarded = Object.keys(request.headers).some((name) => FORWARDING_HEADER.test(name));
  if (fromLoopback(request) && !forwarded) return 'yes';
  if (!token) return 'unknown';
  const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  // Compared as digests: equal lengths, and a constant-time comparison.
  return given !== undefined && timingSafeEqual(digest(given), digest(token)) ? 'yes' : 'wrong-token';
}

/**
 * Prometheus metrics at /metrics (decision 0038): request durations by route pattern and
 * status class, the database pool, Node's own figures (event-loop lag, memory, GC), and the
 * counters other modules feed through `app.metrics`. Read from loopback, or from elsewhere
 * with `Authorization: Bearer $METRICS_TOKEN`; without a token, others get a 404.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const requestDuration = new Histogram({
      name: 'sdh_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    const pool = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    pool('sdh_db_pool_max', 'Connections the database pool may open', () => app.db.poolStats().max);
    pool('sdh_db_pool_open', 'Database connections open now', () => app.db.poolStats().open);
    pool('sdh_db_pool_idle', 'Open database connections not in use', () => app.db.poolStats().idle);
    pool('sdh_db_pool_waiting', 'Queries waiting for a database connection', () => app.db.poolStats().waiting);
    const ingested = new Counter({
      name: 'sdh_ingested_events_total',
      help: 'Public events taken in, by kind',
      labelNames: ['event'] as const,
      registers,
    });
    for (const event of INGEST_EVENTS) ingested.inc({ event }, 0);
    const signInFailures = new Counter({
      name: 'sdh_sign_in_failures_total',
      help: 'Staff sign-ins refused: invalid input, wrong credentials, or throttled',
      labelNames: ['reason'] as const,
      registers,
    });
    const metrics: Metrics = {
      registry,
      countIngested: (event) => ingested.inc({ event }),
      searchCacheLookups: new Counter({
        name: 'sdh_search_cache_lookups_total',
        help: "Public listing reads by cache (results: search pages; listing, similar: by id; similar-pool: a category's newest; count: the same words in another category; words near typed ones, strategies searches read) and result (hit, miss, shared)",
        labelNames: ['cache', 'result'] as const,
        registers,
      }),
      pageCacheLookups: new Counter({
        name: 'sdh_page_cache_lookups_total',
        help: 'Anonymous page lookups by result: hit, stale (past its time, served while renewed), shared (waited for its rendering), miss',
        labelNames: ['result'] as const,
        registers,
      }),
      rateLimitRefusals: new Counter({
        name: 'sdh_rate_limit_refusals_total',
        help: 'Requests refused with 429 by a rate limit: public (page views and searches per client) or route',
        labelNames: ['limit'] as const,
        registers,
      }),
      overloadRefusals: new Counter({
        name: 'sdh_overload_refusals_total',
        help: 'Requests refused with 503 because the server was overloaded, by cause and kind (page, file, api)',
        labelNames: ['cause', 'kind'] as const,
        registers,
      }),
    };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = routeLabel(request);
      requestDuration.observe(
        { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
      const failure = SIGN_IN_ROUTES.has(route) ? SIGN_IN_FAILURES[reply.statusCode] : undefined;
      if (failure) signInFailures.inc({ reason: failure });
    });

    app.get('/metrics', { config: { exemptFromOverload: true } }, async (request, reply) => {
      const access = mayRead(request, app.config.metricsToken);
      reply.header('cache-control', 'no-store');
      if (access === 'unknown') return reply.status(404).type('text/plain').send('Not found');
      if (access === 'wrong-token') {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain')
          .send('A valid bearer token is required.');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['app-context'] },
);

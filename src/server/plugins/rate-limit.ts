import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { errorBody } from './error-handler';
import { translateMessage } from './locale';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Rate-limit counters in the database, so every app instance sees the same counts
 * (an in-memory store would let a client multiply its allowance by the instance count).
 */
export function createDatabaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The key prefix keeps each route's counters apart.
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      db.query<{ hits: number; ttl: number }>(
        `INSERT INTO rate_limit_hits (key, hits, reset_at)
         VALUES ($1, 1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
           reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN excluded.reset_at
                           ELSE rate_limit_hits.reset_at END
         RETURNING hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
        [this.prefix + key, timeWindow],
      )
        .then(({ rows }) => {
          const row = rows[0] as { hits: number; ttl: number };
          callback(null, { current: row.hits, ttl: row.ttl });
          // Expired counters are swept now and then rather than by a timer.
          if (Math.random() < 0.01) db.query('DELETE FROM rate_limit_hits WHERE reset_at < now()').catch(() => {});
        })
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback) {
      db.query<{ hits: number; ttl: number }>(
        `SELECT hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl
         FROM rate_limit_hits WHERE key = $1 AND reset_at > now()`,
        [this.prefix + key],
      )
        .then(({ rows }) =>
          callback(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 }),
        )
        .catch((error: Error) => callback(error));
    }

    // @fastify/rate-limit passes the merged limit options with the route under `routeInfo`;
    // without it every limited route would share one counter per client.
    child(options: {
      method?: string | string[];
      url?: string;
      routeInfo?: { method?: string | string[]; url?: string };
    }) {
      const route = options.routeInfo ?? options;
      return new DatabaseRateLimitStore(options, `${String(route.method)} ${route.url}|`);
    }
  };
}

/**
 * Registers @fastify/rate-limit with no global limit: each route that needs one declares
 * `config: { rateLimit: { max, timeWindow } }`.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      store: createDatabaseRateLimitStore(app.db),
      skipOnError: false,
      errorResponseBuilder: (request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        const key = seconds === 1 ? 'common.errors.tooManyRequestsOne' : 'common.errors.tooManyRequests';
        const message = translateMessage(request, key, { n: seconds });
        return { statusCode: 429, ...errorBody(429, message) };
      },
    });
  },
  { name: 'rate-limit', dependencies: ['app-context'] },
);

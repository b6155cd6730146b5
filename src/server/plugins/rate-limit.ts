import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Database, Queryable } from '#server/db/database';
import { errorBody, HttpError } from '#server/lib/http-error';
import { tokenHash } from '#server/lib/token-hash';
import { translateMessage } from './locale';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Route rate-limit options whose counters stay in this instance's memory (see MemoryRateLimitStore). */
type InMemoryLimit = RateLimitOptions & { inMemory: true };

/**
 * Counters in this instance's memory, shared by every route that asks for them, so a client
 * has one budget for pages and search together. Only for the generous flood limit of
 * public reads: a database write per page view would halve what the site can serve, and
 * with several instances a client merely gets that many times the allowance.
 */
class MemoryRateLimitStore implements FastifyRateLimitStore {
  // Bounded: a flood from many addresses evicts the oldest counters instead of filling memory.
  private readonly windows = new LRUCache<string, { hits: number; resetAt: number }>({ max: 100_000 });

  incr(key: string, callback: Callback, timeWindow: number) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.hits++;
    callback(null, { current: window.hits, ttl: window.resetAt - now });
  }

  child() {
    return this;
  }
}

/**
 * Counts one hit under `key` in the database (a new window of `windowMs` when the last one
 * has closed). With `max`, only while fewer than `max` were counted: null when full. One
 * statement, so concurrent requests cannot all see room and all pass.
 */
export async function countHit(
  db: Queryable,
  key: string,
  windowMs: number,
  max: number | null = null,
): Promise<{ hits: number; ttl: number } | null> {
  const { rows } = await db.query<{ hits: number; ttl: number }>(
    `INSERT INTO rate_limit_hits (key, hits, reset_at)
     VALUES ($1, 1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
       reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN excluded.reset_at
                       ELSE rate_limit_hits.reset_at END
     WHERE $3::int IS NULL OR rate_limit_hits.reset_at <= now() OR rate_limit_hits.hits < $3::int
     RETURNING hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
    [key, windowMs, max],
  );
  return rows[0] ?? null;
}

/** The count under `key` in its open window and the milliseconds left (0 and 0 when none). */
export async function readHits(db: Queryable, key: string): Promise<{ hits: number; ttl: number }> {
  const { rows } = await db.query<{ hits: number; ttl: number }>(
    `SELECT hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl
     FROM rate_limit_hits WHERE key = $1 AND reset_at > now()`,
    [key],
  );
  return rows[0] ?? { hits: 0, ttl: 0 };
}

/**
 * Rate-limit counters in the database, so every app instance sees the same counts
 * (an in-memory store would let a client multiply its allowance by the instance count).
 */
export function createDatabaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const memory = new MemoryRateLimitStore();
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The key prefix keeps each route's counters apart.
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow)
        .then((row) => {
          callback(null, { current: row?.hits ?? 0, ttl: row?.ttl ?? 0 });
          // Expired counters are swept now and then rather than by a timer.
          if (Math.random() < 0.01) db.query('DELETE FROM rate_limit_hits WHERE reset_at < now()').catch(() => {});
        })
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: Callback) {
      readHits(db, this.prefix + key)
        .then((row) => callback(null, { current: row.hits, ttl: row.ttl }))
        .catch((error: Error) => callback(error));
    }

    // @fastify/rate-limit passes the merged limit options with the route under `routeInfo`;
    // without it every limited route would share one counter per client.
    // Routes that name a `groupId` share one counter (a form's scripted and plain-HTML routes).
    child(options: {
      method?: string | string[];
      url?: string;
      routeInfo?: { method?: string | string[]; url?: string };
      inMemory?: boolean;
      groupId?: string;
    }): FastifyRateLimitStore {
      if (options.inMemory) return memory;
      const route = options.routeInfo ?? options;
      return new DatabaseRateLimitStore(options, `${options.groupId ?? `${String(route.method)} ${route.url}`}|`);
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The per-client flood limit of public reads (search and pages) as route rate-limit
     * config, or false when PUBLIC_RATE_LIMIT is 0.
     */
    publicReadLimit: RateLimitOptions | false;
    /** Counts a page against the client's public-read budget; false when it answered 429. */
    allowPublicPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

/**
 * Registers @fastify/rate-limit with no global limit: each route that needs one declares
 * `config: { rateLimit: { max, timeWindow } }`, counted in the database. Public reads share
 * one generous per-client budget in memory (`publicReadLimit`, `allowPublicPage`).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      store: createDatabaseRateLimitStore(app.db),
      skipOnError: false,
      errorResponseBuilder: (request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return { statusCode: 429, ...errorBody(429, tooManyRequests(request, seconds)) };
      },
    });

    const perMinute = app.config.publicRateLimit;
    const limit: InMemoryLimit | false = perMinute > 0 ? { max: perMinute, timeWindow: 60_000, inMemory: true } : false;
    app.decorate<RateLimitOptions | false>('publicReadLimit', limit);
    const check = limit ? app.createRateLimit(limit) : null;
    app.decorate('allowPublicPage', async (request: FastifyRequest, reply: FastifyReply) => {
      const result = check ? await check(request) : null;
      if (!result || result.isAllowed || !result.isExceeded) return true;
      const seconds = Math.max(1, result.ttlInSeconds);
      await reply
        .status(429)
        .header('retry-after', String(seconds))
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(tooManyRequests(request, seconds));
      return false;
    });
  },
  { name: 'rate-limit', dependencies: ['app-context'] },
);

/**
 * A public form's throttle for one sender: `perAddress` is the route's rate limit (counted by
 * @fastify/rate-limit under `groupId`, generous, as many people may share one address),
 * `perEmail` the posts one e-mail address may make from anywhere.
 */
export interface FormPostLimit {
  perAddress: { max: number; timeWindow: string; groupId: string };
  perEmail: { max: number; windowMs: number };
}

/**
 * Counts a post for an e-mail address (under its hash: the counters keep no address) and
 * gives the seconds to wait when it is over the limit, else null.
 */
export async function emailLimitWait(db: Queryable, limit: FormPostLimit, email: string): Promise<number | null> {
  const key = `${limit.perAddress.groupId}|email:${tokenHash(email.trim().toLowerCase())}`;
  const row = await countHit(db, key, limit.perEmail.windowMs);
  if (!row || row.hits <= limit.perEmail.max) return null;
  return Math.max(1, Math.ceil(row.ttl / 1000));
}

/** The 429 of a throttled form, in the visitor's language, with how long to wait. */
export function tooManyRequestsError(request: FastifyRequest, reply: FastifyReply, seconds: number): HttpError {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, tooManyRequests(request, seconds));
}

export function tooManyRequests(request: FastifyRequest, seconds: number): string {
  const key = seconds === 1 ? 'common.errors.tooManyRequestsOne' : 'common.errors.tooManyRequests';
  return translateMessage(request, key, { n: seconds });
}

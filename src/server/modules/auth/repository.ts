import type { Queryable } from '../../db/database';

/**
 * Failed sign-in counters, kept in the shared rate_limit_hits table so that every app
 * instance sees them. A counter's window starts at its first failure.
 */
export function signInThrottleRepository(db: Queryable) {
  return {
    /** The highest count among keys with an open window, and ms until that window closes. */
    async read(keys: string[]): Promise<{ hits: number; ttl: number }[]> {
      const { rows } = await db.query<{ key: string; hits: number; ttl: number }>(
        `SELECT key, hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl
         FROM rate_limit_hits WHERE key = ANY($1) AND reset_at > now()`,
        [keys],
      );
      return keys.map((key) => rows.find((r) => r.key === key) ?? { hits: 0, ttl: 0 });
    },

    async recordFailure(keys: string[], windowMs: number): Promise<void> {
      for (const key of keys) {
        await db.query(
          `INSERT INTO rate_limit_hits (key, hits, reset_at)
           VALUES ($1, 1, now() + $2 * interval '1 millisecond')
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
             reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN excluded.reset_at
                             ELSE rate_limit_hits.reset_at END`,
          [key, windowMs],
        );
      }
    },

    async clear(key: string): Promise<void> {
      await db.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
    },
  };
}

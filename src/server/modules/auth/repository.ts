import type { Queryable } from '../../db/database';

/**
 * Failed sign-in counters, kept in the shared rate_limit_hits table so that every app
 * instance sees them. A counter's window starts at its first attempt.
 */
export function signInThrottleRepository(db: Queryable) {
  return {
    /**
     * Takes one attempt under `key` unless `max` were already taken in the window. One
     * statement, so parallel attempts cannot all see room and all pass.
     */
    async reserve(key: string, max: number, windowMs: number): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO rate_limit_hits (key, hits, reset_at)
         VALUES ($1, 1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
           reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN excluded.reset_at
                           ELSE rate_limit_hits.reset_at END
         WHERE rate_limit_hits.reset_at <= now() OR rate_limit_hits.hits < $3
         RETURNING hits`,
        [key, windowMs, max],
      );
      return rows.length > 0;
    },

    /** Gives back an attempt that turned out not to be a failure. */
    async release(key: string): Promise<void> {
      await db.query('UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1', [key]);
    },

    async clear(key: string): Promise<void> {
      await db.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
    },

    /** Milliseconds until the window of `key` closes (0 when it has none). */
    async ttl(key: string): Promise<number> {
      const { rows } = await db.query<{ ttl: number }>(
        `SELECT greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl
         FROM rate_limit_hits WHERE key = $1 AND reset_at > now()`,
        [key],
      );
      return rows[0]?.ttl ?? 0;
    },
  };
}

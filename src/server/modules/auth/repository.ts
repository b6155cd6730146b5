import type { Queryable } from '#server/db/database';
import { countHit, readHits } from '#server/plugins/rate-limit';

/**
 * Failed sign-in counters, kept in the shared rate_limit_hits table so that every app
 * instance sees them. A counter's window starts at its first attempt.
 */
export function signInThrottleRepository(db: Queryable) {
  return {
    /** Takes one attempt under `key` unless `max` were already taken in the window (atomically). */
    async reserve(key: string, max: number, windowMs: number): Promise<boolean> {
      return (await countHit(db, key, windowMs, max)) !== null;
    },

    /** Gives back an attempt that turned out not to be a failure. */
    async release(key: string): Promise<void> {
      await db.query('UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1', [key]);
    },

    async clear(key: string): Promise<void> {
      await db.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
    },

    /** When the open window of `key` closes, if `max` attempts are in it (a lock); null otherwise. */
    async lockedUntil(key: string, max: number): Promise<Date | null> {
      const { rows } = await db.query<{ reset_at: Date | string }>(
        'SELECT reset_at FROM rate_limit_hits WHERE key = $1 AND reset_at > now() AND hits >= $2',
        [key, max],
      );
      return rows[0] ? new Date(rows[0].reset_at) : null;
    },

    /** Milliseconds until the window of `key` closes (0 when it has none). */
    async ttl(key: string): Promise<number> {
      return (await readHits(db, key)).ttl;
    },
  };
}

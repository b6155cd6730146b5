import type { Database, Queryable } from './database';

/**
 * The PostgreSQL advisory locks that let several instances start on one database at the
 * same moment: each start-up step that writes shared rows takes its lock, so a second
 * instance waits and then finds the work done. One list, so two steps never share a number.
 */
export const ADVISORY_LOCKS = {
  migrations: 7_245_311,
  demoContent: 727_001,
  staffAccounts: 727_002,
} as const;

/**
 * Runs fn in a transaction that holds the lock until it commits or rolls back. The
 * embedded database has one connection, so the lock only keeps the code the same there.
 */
export function withAdvisoryLock<T>(
  db: Database,
  lock: keyof typeof ADVISORY_LOCKS,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [ADVISORY_LOCKS[lock]]);
    return fn(tx);
  });
}

import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Database, DatabaseUnavailableError, type Queryable, type QueryResult } from './database';

// Same JS types as node-postgres is configured for (see postgres-database.ts).
const parsers = {
  [types.NUMERIC]: (v: string) => Number(v),
  [types.INT8]: (v: string) => Number(v),
  [types.DATE]: (v: string) => v,
};

/**
 * PostgreSQL's memory in the embedded database. Its default shared_buffers (128 MB) sits in
 * the process's WASM memory whether used or not; the embedded database serves small sites,
 * whose data the operating system's file cache holds anyway.
 */
export const EMBEDDED_SETTINGS = ['shared_buffers = 16MB', 'work_mem = 2MB', 'maintenance_work_mem = 16MB'];

/** Embedded PostgreSQL (WASM). `dataDir` undefined means in memory. */
export async function openPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm }, parsers, postgresqlconf: EMBEDDED_SETTINGS });
  // In-process, the embedded database is only ever unavailable once closed (or closing).
  const classify = (error: unknown) =>
    pg.closed || (error instanceof Error && /^PGlite is clos(ed|ing)$/.test(error.message))
      ? new DatabaseUnavailableError(error)
      : error;
  // PGlite runs one statement or transaction at a time and queues the rest.
  let running = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    running++;
    try {
      return await work();
    } finally {
      running--;
    }
  };
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      try {
        const result = await q.query<T>(sql, params);
        // PGlite reports affectedRows 0 for a SELECT; node-postgres counts the rows returned.
        return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
      } catch (error) {
        throw classify(error);
      }
    },
  });
  const direct = wrap(pg);
  return {
    kind: 'pglite',
    query: (sql, params) => counted(() => direct.query(sql, params)),
    transaction: (fn) =>
      counted(() =>
        pg
          .transaction((tx) => fn(wrap(tx)))
          .catch((error: unknown) => {
            throw error instanceof DatabaseUnavailableError ? error : classify(error);
          }),
      ),
    async ping() {
      await wrap(pg).query('SELECT 1');
    },
    // One process holds the embedded database: its own changes are all there is to hear of.
    async notify() {},
    async listen() {
      return async () => {};
    },
    poolStats: () => ({ max: 1, open: 1, idle: running === 0 ? 1 : 0, waiting: Math.max(0, running - 1) }),
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

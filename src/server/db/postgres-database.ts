import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStream } from 'pg-copy-streams';
import { isDiskFull } from '#server/lib/disk-full';
import { NETWORK_ERROR_CODES } from '#server/lib/network-errors';
import {
  type Database,
  DatabaseFullError,
  type DatabaseTimeouts,
  DatabaseUnavailableError,
  type Queryable,
  type QueryOptions,
  type QueryResult,
} from './database';
import { createNoticeListener } from './notice-listener';

// numeric and bigint arrive as strings by default; every value we store fits a JS number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// A calendar day stays the text YYYY-MM-DD: a Date would shift it by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** SQLSTATEs that say "not now" rather than "wrong query": shutdown, too many connections, statement timeout. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end/i;

export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code ?? '';
  return (
    NETWORK_ERROR_CODES.has(code) ||
    UNAVAILABLE_SQLSTATES.has(code) ||
    code.startsWith('08') || // connection exception class
    UNAVAILABLE_MESSAGES.test(error.message)
  );
}

/** What PostgreSQL says when a prepared text's columns changed type since it was prepared. */
const planResultChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(error));

/**
 * Settings of every connection the app opens. JIT off: PostgreSQL compiles a statement whose
 * estimated cost passes a threshold, which pays off for long analytical statements only;
 * this app's are short, and a search's generic plan, costed without its words, grows with
 * the table towards that threshold (docs/decisions/0080).
 */
export const SESSION_OPTIONS = '-c jit=off';

/** Prepared statements a database keeps at most, per connection. */
export const MAX_PREPARED_STATEMENTS = 200;

/** The write readiness makes to see whether the database's disk takes data (one round trip). */
const WRITE_CHECK = `BEGIN;
CREATE TEMPORARY TABLE readiness_write_check (filler text) ON COMMIT DROP;
INSERT INTO readiness_write_check VALUES (repeat('x', 1000));
COMMIT;`;

/** What pg-pool says when no connection came within connectionTimeoutMillis. */
const CONNECTION_WAIT_TIMEOUT = /timeout exceeded when trying to connect/i;

/** `poolFull`: every connection was open, so a wait that timed out waited for a busy one. */
const classify = (error: unknown, poolFull = false) => {
  if (error instanceof DatabaseUnavailableError || error instanceof DatabaseFullError) return error;
  if (isDiskFull(error)) return new DatabaseFullError(error);
  if (!isPostgresUnavailable(error)) return error;
  const busy = poolFull && error instanceof Error && CONNECTION_WAIT_TIMEOUT.test(error.message);
  return new DatabaseUnavailableError(error, { busy });
};

/**
 * Connections a pool opens unless told: two per core and one more, as Prisma does. PostgreSQL
 * runs a statement per connection; more statements at once than it has cores only share
 * them, and each takes longer (docs/decisions/0080).
 */
export const DEFAULT_POOL_SIZE = 2 * availableParallelism() + 1;

export interface PostgresOptions {
  poolSize?: number;
  /** Unset: no limits (migrations and command-line tools). */
  timeouts?: DatabaseTimeouts;
}

/** COPY … FROM STDIN on one connection, fed `data`; resolves once the server has taken every row. */
async function copyInto(client: pg.PoolClient, sql: string, data: Uint8Array): Promise<number> {
  const copy = client.query(copyFromStream(sql));
  await pipeline(Readable.from([data]), copy);
  return copy.rowCount;
}

/** A PostgreSQL server through a connection pool. */
export async function openPostgresDatabase(
  connectionString: string,
  { poolSize = DEFAULT_POOL_SIZE, timeouts }: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: timeouts?.connectMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    options: SESSION_OPTIONS,
    ...(timeouts
      ? {
          statement_timeout: timeouts.statementMs,
          // A frozen or unreachable server never cancels anything itself.
          query_timeout: timeouts.statementMs + 1_000,
        }
      : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const poolFull = () => pool.totalCount >= poolSize;
  // One name per prepared text, the same on every connection (node-postgres prepares it on
  // each at first use); past the cap a text runs unnamed, as every connection keeps its own.
  const statementNames = new Map<string, string>();
  let named = 0;
  const statement = (text: string, values: unknown[], { prepared = false }: QueryOptions = {}) => {
    let name = prepared ? statementNames.get(text) : undefined;
    if (prepared && name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
      name = `prepared_${named++}`;
      statementNames.set(text, name);
    }
    return { name, text, values };
  };
  /**
   * A migration that changed the type of a column a prepared text returns (another instance
   * may run it while this one serves) makes PostgreSQL refuse the text's kept plan: the text
   * gets a new name, so each connection prepares it afresh; outside a transaction it runs again
   * at once (inside, the transaction is lost: the caller's request fails once).
   */
  const wrap = (q: Pick<pg.Pool | pg.PoolClient, 'query'>, inTransaction: boolean): Queryable => ({
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      const run = async () => {
        const sent = statement(sql, params, options);
        try {
          return await q.query(sent);
        } catch (error) {
          if (!sent.name || !planResultChanged(error)) throw error;
          statementNames.delete(sql);
          if (inTransaction) throw error;
          return q.query(statement(sql, params, options));
        }
      };
      try {
        const result = await run();
        return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
      } catch (error) {
        throw classify(error, poolFull());
      }
    },
    async exec(sql: string) {
      try {
        // A text without values goes as a simple query, which may hold several statements.
        await q.query(sql);
      } catch (error) {
        throw classify(error, poolFull());
      }
    },
  });
  let closed = false;
  /**
   * The readiness check's own connection, opened on the first ping and again after a failure:
   * a probe never waits behind visitors for a pool connection, and a full pool is not an outage.
   */
  let pinger: Promise<pg.Client> | undefined;
  const dropPinger = () => {
    const dropped = pinger;
    pinger = undefined;
    void dropped?.then((client) => client.end()).catch(() => {});
  };
  const pingClient = () => {
    pinger ??= (async () => {
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: timeouts?.connectMs ?? 5_000,
        keepAlive: true,
        ...(timeouts ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + 1_000 } : {}),
      });
      client.on('error', () => {});
      await client.connect();
      return client;
    })();
    return pinger;
  };
  const listener = createNoticeListener(connectionString);
  return {
    kind: 'postgres',
    ...wrap(pool, false),
    async transaction(fn) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw classify(error, poolFull());
      }
      try {
        await client.query('BEGIN');
        const result = await fn({
          ...wrap(client, true),
          async copyFrom(sql, data) {
            try {
              return await copyInto(client, sql, data);
            } catch (error) {
              throw classify(error, poolFull());
            }
          },
        });
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        const failure = classify(error);
        if (failure instanceof DatabaseUnavailableError) {
          // A broken or frozen connection cannot roll back; dropping it makes the server do so.
          client.release(true);
        } else {
          await client.query('ROLLBACK').catch(() => {});
          client.release();
        }
        throw failure;
      }
    },
    async ping() {
      if (closed) throw new DatabaseUnavailableError(new Error('the database is closed'));
      try {
        await (await pingClient()).query('SELECT 1');
      } catch (error) {
        dropPinger();
        throw classify(error);
      }
    },
    async checkWritable() {
      if (closed) throw new DatabaseUnavailableError(new Error('the database is closed'));
      try {
        const client = await pingClient();
        try {
          // A new temporary table's first row makes the server extend a file on its disk.
          await client.query(WRITE_CHECK);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      } catch (error) {
        const failure = classify(error);
        if (failure instanceof DatabaseUnavailableError) dropPinger();
        throw failure;
      }
    },
    async notify(channel, payload) {
      await wrap(pool, false).query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, handlers) => listener.listen(channel, handlers),
    poolStats: () => ({ max: poolSize, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      dropPinger();
      await listener.close();
      await pool.end();
    },
  };
}

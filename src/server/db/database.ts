import { DATABASE_FULL_ERROR } from '#server/lib/disk-full';

/** The one database interface the app talks to; PGlite and node-postgres both implement it. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** How a statement is sent. */
export interface QueryOptions {
  /**
   * The text is one of a few shapes run again and again with other values (never a text that
   * varies without bound): PostgreSQL keeps it parsed on each connection, and reuses its plan
   * as plan_cache_mode says. The embedded database, in-process, ignores it.
   */
  prepared?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs a script of several statements, without parameters (PostgreSQL's simple query): a migration. */
  exec(sql: string): Promise<void>;
}

/** What a transaction runs statements on. */
export interface Transaction extends Queryable {
  /**
   * Runs `COPY table (columns) FROM STDIN` with `data` as its input (text format unless the
   * statement says otherwise); resolves to the rows copied. Bulk rows: a restore.
   */
  copyFrom(sql: string, data: Uint8Array<ArrayBuffer>): Promise<number>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Writes a little on disk, in a temporary table of its own that is dropped at once:
   * throws DatabaseFullError when the database's disk is full.
   */
  checkWritable(): Promise<void>;
  /**
   * Tells every instance on this database, this one included, of a change (PostgreSQL
   * NOTIFY). The embedded database has one instance by construction: there it does nothing.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onNotice` with the payload of each notice on the channel, from any instance, on a
   * connection of its own that reconnects by itself; `onGap` after a reconnection, when
   * notices may have been missed. Resolves to a function that stops listening.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
  /** What the connections are doing now (read by the metrics; cheap). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

/**
 * The connection pool now. PostgreSQL: the pool's own counts. The embedded database is one
 * in-process connection that runs one statement at a time: busy while a query or transaction
 * runs, the others waiting their turn.
 */
export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Connections open now, and of those the idle ones. */
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface NoticeHandlers {
  onNotice(payload: string): void;
  onGap(): void;
}

/**
 * The database cannot answer now: down, unreachable, closed, or slower than the statement
 * timeout. Requests answer 503 with Retry-After; the cause goes to the log.
 */
export class DatabaseUnavailableError extends Error {
  /**
   * The database answers, but every pool connection stayed busy past the wait: this instance
   * is overloaded, the database is not down (readiness and liveness stay up).
   */
  readonly busy: boolean;
  constructor(cause: unknown, { busy = false }: { busy?: boolean } = {}) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
    this.busy = busy;
  }
}

/**
 * The database's disk is full: it answers, but cannot store what it was given. Requests answer
 * 507 and readiness says the database is `full` once its own write fails too.
 */
export class DatabaseFullError extends Error {
  constructor(cause: unknown) {
    super(`database disk full: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = DATABASE_FULL_ERROR;
  }
}

/** How long a request may wait on the database (PostgreSQL; the embedded database runs in-process). */
export interface DatabaseTimeouts {
  /** Longest a statement may run (server-side statement_timeout, with a client-side backstop). */
  statementMs: number;
  /** Longest wait for a pool connection, connecting included. */
  connectMs: number;
}

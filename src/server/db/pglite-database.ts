import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isDiskFull } from '#server/lib/disk-full';
import { startWorker } from '#server/lib/worker-threads';
import {
  type Database,
  DatabaseFullError,
  DatabaseUnavailableError,
  type Queryable,
  type QueryResult,
  type Transaction,
} from './database';
import {
  deserializeError,
  type PgliteCode,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
} from './pglite-protocol';

/** Set by scripts/build-server.mjs: where the built worker lies from the built file that starts it. */
declare const PGLITE_WORKER_FILE: string | undefined;

/** PGlite's WebAssembly compiled and its file bundle read, for a process that opens many databases. */
export async function loadPgliteCode(): Promise<PgliteCode> {
  const resolve = createRequire(import.meta.url).resolve;
  const [wasm, fsBundle] = await Promise.all([
    readFile(resolve('@electric-sql/pglite/pglite.wasm')),
    readFile(resolve('@electric-sql/pglite/pglite.data')),
  ]);
  return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Uint8Array(fsBundle) };
}

/** How long close() lets queries and transactions under way finish before it stops the worker. */
const CLOSE_DRAIN_MS = 10_000;

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface PgliteDatabase extends Database {
  /** A copy of the whole database folder, which `openPgliteDatabase(…, { loadDataDir })` starts from. */
  dumpDataDir(): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined means in memory. PGlite runs every
 * statement synchronously on the thread that owns it: here a worker thread of its own
 * (decision 0055), so the server's event loop stays free to answer while it works.
 */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  { loadDataDir, code }: Pick<WorkerOptions, 'loadDataDir' | 'code'> = {},
): Promise<PgliteDatabase> {
  const built = typeof PGLITE_WORKER_FILE === 'string' ? new URL(PGLITE_WORKER_FILE, import.meta.url) : undefined;
  const worker = startWorker(built, new URL('./pglite-worker.ts', import.meta.url), {
    dataDir,
    loadDataDir,
    code,
  } satisfies WorkerOptions);
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  /** Set once closing or gone: new work is refused as the database being unavailable. */
  let closed = false;
  let gone: Error | undefined;

  const settleAll = (error: Error) => {
    gone ??= error;
    closed = true;
    for (const { reject } of pending.values()) reject(new DatabaseUnavailableError(error));
    pending.clear();
  };
  worker.on('message', (reply: WorkerReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    // The worker holds the process open only while it owes an answer.
    if (pending.size === 0) worker.unref();
    if (reply.ok) call.resolve(reply.value);
    else {
      const error = deserializeError(reply.error);
      call.reject(
        reply.error.unavailable
          ? new DatabaseUnavailableError(error)
          : isDiskFull(error)
            ? new DatabaseFullError(error)
            : error,
      );
    }
  });
  worker.on('error', (error) => settleAll(error));
  worker.on('exit', (code) => settleAll(new Error(`the embedded database's worker exited (code ${code})`)));

  const call = (request: Request): Promise<unknown> => {
    if (gone) return Promise.reject(new DatabaseUnavailableError(gone));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  /** Refuses new work once closing (as a rejection); what is under way (a transaction's queries) goes on. */
  const admit = () => {
    if (closed) throw new DatabaseUnavailableError(new Error('PGlite is closed'));
  };

  try {
    await call({ op: 'open' });
  } catch (error) {
    await worker.terminate();
    throw error instanceof DatabaseUnavailableError && error.cause ? error.cause : error;
  }

  // PGlite runs one statement or transaction at a time and queues the rest.
  let running = 0;
  let drained: (() => void) | undefined;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    running++;
    try {
      return await work();
    } finally {
      running--;
      if (running === 0) drained?.();
    }
  };
  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params: unknown[] = []) =>
      call({ op: 'query', sql, params, tx }) as Promise<QueryResult<T>>,
    exec: async (sql: string) => {
      await call({ op: 'exec', sql, tx });
    },
  });
  const direct = queryable();
  const transaction = (tx: number): Transaction => ({
    ...queryable(tx),
    copyFrom: (sql, data) => call({ op: 'copyFrom', sql, data, tx }) as Promise<number>,
  });

  const database: PgliteDatabase = {
    kind: 'pglite',
    async query(sql, params) {
      admit();
      return counted(() => direct.query(sql, params));
    },
    async exec(sql) {
      admit();
      return counted(() => direct.exec(sql));
    },
    async transaction(fn) {
      admit();
      return counted(async () => {
        const tx = (await call({ op: 'begin' })) as number;
        let value: Awaited<ReturnType<typeof fn>>;
        try {
          value = await fn(transaction(tx));
        } catch (error) {
          await call({ op: 'end', tx, commit: false }).catch(() => {});
          throw gone && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
        }
        await call({ op: 'end', tx, commit: true });
        return value;
      });
    },
    async ping() {
      admit();
      await call({ op: 'ping' });
    },
    async checkWritable() {
      // A new temporary table's first row extends a file in the database's folder.
      await database.transaction(async (tx) => {
        await tx.query('CREATE TEMPORARY TABLE readiness_write_check (filler text) ON COMMIT DROP');
        await tx.query("INSERT INTO readiness_write_check VALUES (repeat('x', 1000))");
      });
    },
    // One process holds the embedded database: its own changes are all there is to hear of.
    async notify() {},
    async listen() {
      return async () => {};
    },
    async dumpDataDir() {
      admit();
      return (await call({ op: 'dumpDataDir' })) as Uint8Array<ArrayBuffer>;
    },
    poolStats: () => ({ max: 1, open: 1, idle: running === 0 ? 1 : 0, waiting: Math.max(0, running - 1) }),
    async close() {
      if (closed) return;
      closed = true;
      if (running > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, CLOSE_DRAIN_MS).unref();
        });
      }
      await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
  return database;
}

// The embedded database's own thread: owns the PGlite instance and runs what the server's
// thread sends it (pglite-database.ts), so a long query never blocks the server's event loop.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { collectGarbage } from '#server/lib/collect-garbage';
import { serializeError, type WorkerOptions, type WorkerReply, type WorkerRequest } from './pglite-protocol';

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
const EMBEDDED_SETTINGS = ['shared_buffers = 16MB', 'work_mem = 2MB', 'maintenance_work_mem = 16MB'];

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');
const { dataDir, loadDataDir, code } = workerData as WorkerOptions;

/** An open transaction: its queries, and how to end it. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  done: Promise<void>;
}
const ROLLBACK = Symbol('rollback');

let opening: Promise<PGlite> | undefined;
function database(): Promise<PGlite> {
  opening ??= (async () => {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const pg = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      parsers,
      postgresqlconf: EMBEDDED_SETTINGS,
      loadDataDir: loadDataDir && new Blob([loadDataDir]),
      pgliteWasmModule: code?.wasmModule,
      fsBundle: code && new Blob([code.fsBundle]),
    });
    // Creating a new database runs initdb in a WASM instance of its own (about 300 MB) that
    // only a full collection frees.
    collectGarbage();
    return pg;
  })();
  return opening;
}
const transactions = new Map<number, OpenTransaction>();

let queue: Promise<unknown> = Promise.resolve();
/**
 * Runs `work` after all work queued before it, one at a time as PGlite does, but with a turn
 * of this thread's event loop between two: PGlite's own queue chains statements in promise
 * callbacks, so messages (a ping) would wait until the whole queue ran dry.
 */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(() => new Promise((resolve) => setImmediate(resolve))).then(work);
  queue = result.catch(() => {});
  return result;
}

async function begin(pg: PGlite): Promise<OpenTransaction> {
  let started!: (tx: Transaction) => void;
  let end!: (commit: boolean) => void;
  const ready = new Promise<Transaction>((resolve) => {
    started = resolve;
  });
  const done = pg.transaction(async (tx) => {
    started(tx);
    await new Promise<void>((resolve, reject) => {
      end = (commit) => (commit ? resolve() : reject(ROLLBACK));
    });
  });
  // The transaction may fail before its callback runs (closed database): `done` says so.
  const tx = await Promise.race([ready, done.then(() => Promise.reject(new Error('transaction ended unbegun')))]);
  return { tx, end, done };
}

async function run(request: WorkerRequest, pg: PGlite): Promise<unknown> {
  switch (request.op) {
    case 'open':
      return undefined;
    case 'ping':
      // Not a statement: one would wait behind every query queued, and a busy database is not down.
      if (pg.closed) throw new Error('PGlite is closed');
      return undefined;
    case 'query': {
      // A transaction's queries run within its turn; others wait for theirs.
      const open = request.tx === undefined ? undefined : transactions.get(request.tx);
      if (request.tx !== undefined && !open) throw new Error('transaction is closed');
      const { sql, params } = request;
      const result = open ? await open.tx.query(sql, params) : await inTurn(() => pg.query(sql, params));
      // PGlite reports affectedRows 0 for a SELECT; node-postgres counts the rows returned.
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    }
    case 'exec': {
      const open = request.tx === undefined ? undefined : transactions.get(request.tx);
      if (request.tx !== undefined && !open) throw new Error('transaction is closed');
      await (open ? open.tx.exec(request.sql) : inTurn(() => pg.exec(request.sql)));
      return undefined;
    }
    case 'copyFrom': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('transaction is closed');
      // PGlite has no STDIN: its COPY reads the blob given with the query as the file /dev/blob.
      const sql = request.sql.replace(/\bFROM\s+STDIN\s*$/i, "FROM '/dev/blob'");
      const result = await open.tx.query(sql, [], { blob: new Blob([request.data]) });
      return result.affectedRows ?? 0;
    }
    case 'begin': {
      // The transaction holds its turn until it ends.
      const opened = new Promise<OpenTransaction>((resolve, reject) => {
        void inTurn(async () => {
          const open = await begin(pg).catch((error: unknown) => {
            reject(error);
          });
          if (!open) return;
          resolve(open);
          await open.done.catch(() => {});
        });
      });
      transactions.set(request.id, await opened);
      return request.id;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('transaction is closed');
      transactions.delete(request.tx);
      open.end(request.commit);
      await open.done.catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
      return undefined;
    }
    case 'dumpDataDir': {
      const folder = await inTurn(() => pg.dumpDataDir('none'));
      return new Uint8Array(await folder.arrayBuffer());
    }
    case 'close':
      await inTurn(async () => {
        if (!pg.closed) await pg.close();
      });
      return undefined;
  }
}

port.on('message', (request: WorkerRequest) => {
  let pg: PGlite | undefined;
  database()
    .then((opened) => {
      pg = opened;
      return run(request, opened);
    })
    .then(
      (value): WorkerReply => ({ id: request.id, ok: true, value }),
      (error: unknown): WorkerReply => {
        // In its own thread, the embedded database is only unavailable once closed (or closing).
        const closed = pg?.closed || (error instanceof Error && /^PGlite is clos(ed|ing)$/.test(error.message));
        return { id: request.id, ok: false, error: serializeError(error, Boolean(closed)) };
      },
    )
    .then((reply) => port.postMessage(reply));
});

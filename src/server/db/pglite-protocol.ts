/**
 * What the server's thread and the embedded database's worker (pglite-worker.ts) say to each
 * other. Each request carries an id its reply repeats.
 */
export type WorkerRequest =
  /** Resolves once the database is open (or rejects with why it cannot open). */
  | { id: number; op: 'open' }
  /** Answers at once, between statements: the database's thread turns over and PGlite is open. */
  | { id: number; op: 'ping' }
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  /** A script of several statements, without parameters. */
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** COPY … FROM STDIN in a transaction, `data` its input (PGlite reads it as the file /dev/blob); answers the rows copied. */
  | { id: number; op: 'copyFrom'; sql: string; data: Uint8Array<ArrayBuffer>; tx: number }
  /** Opens a transaction; answers its id (this request's). */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** Answers a copy of the whole database folder (PGlite's dumpDataDir, uncompressed tar). */
  | { id: number; op: 'dumpDataDir' }
  | { id: number; op: 'close' };

export type WorkerReply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: SerializedError };

/** What the worker is given when started. */
export interface WorkerOptions {
  /** The database's folder, or undefined for one in memory. */
  dataDir: string | undefined;
  /** A folder copy from dumpDataDir to start from (tests start each database from a migrated one). */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /**
   * PGlite's code and files, already compiled and read (see `loadPgliteCode`): a process that
   * opens many databases (the tests) compiles the 9 MB of WebAssembly once, not once each.
   */
  code?: PgliteCode;
}

/** PGlite's compiled WebAssembly and its file bundle, which workers can share. */
export interface PgliteCode {
  wasmModule: WebAssembly.Module;
  fsBundle: Uint8Array<ArrayBuffer>;
}

/**
 * An error as it crosses to the other thread: structured cloning keeps only the message, so
 * the fields the app reads (SQLSTATE `code`, `constraint`, `detail`...) travel beside it.
 * `unavailable`: the database was closed (or closing) when it was asked.
 */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
  unavailable: boolean;
}

/** The WASM file system's errno values (WASI numbering) that say the disk is full. */
const WASI_DISK_FULL_ERRNOS: Record<number, { code: string; message: string }> = {
  51: { code: 'ENOSPC', message: 'no space left on device' },
  19: { code: 'EDQUOT', message: 'disk quota exceeded' },
};

export function serializeError(error: unknown, unavailable: boolean): SerializedError {
  // The WASM file system throws a bare { name: 'ErrnoError', errno } (initdb, opening the folder).
  if (!(error instanceof Error) && typeof error === 'object' && error !== null && 'errno' in error) {
    const errno = Number(error.errno);
    const known = WASI_DISK_FULL_ERRNOS[errno];
    const message = known
      ? `${known.code}: ${known.message} (the embedded database's files)`
      : `file system error ${errno} (the embedded database's files)`;
    return { name: 'Error', message, fields: { errno, ...(known ? { code: known.code } : {}) }, unavailable };
  }
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {}, unavailable };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields, unavailable };
}

/** The error again, with its fields, on this side. */
export function deserializeError({ name, message, fields }: SerializedError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

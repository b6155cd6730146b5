import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a folder under DATA_DIR/uploads (local-disk-storage.ts) or an
 * S3-compatible bucket (s3-storage.ts). Keys are relative paths such as
 * "products/0b9f6c1e-5d0a-4c8e-9a51-2f7d3c4b8e10.jpg"; the app serves every object at
 * /uploads/<key> whichever store holds it.
 */
/** One stored object as a listing gives it. */
export interface StoredObject {
  key: string;
  /** When it was last written. */
  modifiedAt: Date;
}

/** What open() finds: the object to stream, or only that the client's copy is current. */
export type OpenedObject =
  | { status: 'found'; body: Readable; size: number; etag: string; modifiedAt: Date }
  | { status: 'not-modified'; etag: string };

export interface ObjectStorage {
  /** Which kind of store: reported by readiness. */
  readonly kind: 'disk' | 's3';
  /** Stores data under key; rejects with ObjectExistsError when the key is taken (no overwrite). */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /**
   * The object as a stream with its size and ETag, or null when there is none. With
   * `ifNoneMatch` (a client's If-None-Match) naming its current ETag, only that it is unchanged.
   */
  open(key: string, options?: { ifNoneMatch?: string }): Promise<OpenedObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored object, in no particular order (read lazily: there may be very many). */
  list(): AsyncIterable<StoredObject>;
  /** The URL path the app serves the object at, e.g. "/uploads/products/<uuid>.jpg". */
  publicUrl(key: string): string;
  /** The key of a public URL made by publicUrl, or null when it is not one of ours. */
  keyFromUrl(url: string): string | null;
  /** Resolves when a new object could be stored now; throws StorageUnavailableError otherwise. */
  checkWritable(): Promise<void>;
  /** Lets go of connections (a no-op on disk). */
  close(): Promise<void>;
}

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`Object already exists: ${key}`);
    this.name = 'ObjectExistsError';
  }
}

/**
 * Why nothing can be stored or read: no space left, the storage refuses writes (read-only,
 * permissions, a missing bucket), or it cannot be reached (network, its own outage).
 */
export type StorageProblem = 'full' | 'not-writable' | 'unreachable';

/** Storing failed for a reason of the storage itself, not of the file; the cause goes to the log. */
export class StorageUnavailableError extends Error {
  constructor(
    readonly problem: StorageProblem,
    cause: unknown,
  ) {
    super(`storage ${problem}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/**
 * Keys are relative paths of safe characters, each part starting with a letter or digit:
 * nothing can climb out of the store, and names the app writes for itself (write probes
 * starting with "." or "_") are never a key.
 */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)+$/.test(key) && !key.includes('..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const URL_PREFIX = '/uploads/';

/** The public URL of a key, the same for every store: the app serves them all at /uploads/. */
export function uploadUrl(key: string): string {
  return URL_PREFIX + key;
}

/** The key of one of our /uploads/ URLs, or null. */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const key = url.slice(URL_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

/** Whether an If-None-Match header (one ETag, a list, or *) names this ETag; weak comparison, as for GET. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The type a stored file is served with, from its extension (what the store holds is never trusted). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

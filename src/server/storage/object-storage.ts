/**
 * Where uploaded files live. The local-disk implementation keeps them under
 * DATA_DIR/uploads; an S3-compatible store can implement the same interface.
 * Keys are relative paths such as "products/0b9f6c1e-5d0a-4c8e-9a51-2f7d3c4b8e10.jpg".
 */
/** One stored object as a listing gives it. */
export interface StoredObject {
  key: string;
  /** When it was last written. */
  modifiedAt: Date;
}

export interface ObjectStorage {
  /** Stores data under key; rejects with ObjectExistsError when the key is taken (no overwrite). */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
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
}

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`Object already exists: ${key}`);
    this.name = 'ObjectExistsError';
  }
}

/** Why nothing can be stored: no space left, or the storage refuses writes (read-only, permissions). */
export type StorageProblem = 'full' | 'not-writable';

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

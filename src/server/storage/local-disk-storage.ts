import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, open, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertSafeKey,
  etagMatches,
  isSafeKey,
  keyOfUploadUrl,
  ObjectExistsError,
  type ObjectStorage,
  type StorageProblem,
  StorageUnavailableError,
  type StoredObject,
  uploadUrl,
} from './object-storage';

const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);
/** What a failed write says about the disk rather than the file. */
const STORAGE_PROBLEMS: Record<string, StorageProblem> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'not-writable',
  EACCES: 'not-writable',
  EPERM: 'not-writable',
  // The folder (or one above it) was replaced by a file.
  ENOTDIR: 'not-writable',
  EEXIST: 'not-writable',
};

/** Writes a new file (never over an old one); a failed write leaves no partial file behind. */
async function writeNewFile(file: string, data: Buffer): Promise<void> {
  const folder = path.dirname(file);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw storageError(error);
    // A recursive mkdir says ENOENT for a folder it could not create; a plain one says why (EROFS, ...).
    const reason = await mkdir(folder).then(
      () => null, // made meanwhile: carry on
      (plain: NodeJS.ErrnoException) => (plain.code === 'ENOENT' ? error : plain),
    );
    if (reason !== null) {
      throw STORAGE_PROBLEMS[(reason as NodeJS.ErrnoException).code ?? '']
        ? storageError(reason)
        : new StorageUnavailableError('not-writable', reason);
    }
  }
  try {
    await writeFile(file, data, { flag: 'wx' }); // wx: fail rather than overwrite
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    await rm(file, { force: true }).catch(() => {});
    throw storageError(error);
  }
}

function storageError(error: unknown): unknown {
  const problem = STORAGE_PROBLEMS[(error as NodeJS.ErrnoException).code ?? ''];
  return problem ? new StorageUnavailableError(problem, error) : error;
}

/** The weak ETag @fastify/static (send) gave these files: size and modification time. */
const etagOf = (size: number, mtime: Date) => `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

/** The files under a folder, depth first; files not named as keys can be (strays) are left out. */
async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
  const entries = await opendir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null; // removed while listing
    throw error;
  });
  if (!entries) return;
  for await (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file, key);
    else if (entry.isFile() && isSafeKey(key)) {
      const info = await stat(file).catch(() => null); // may be deleted meanwhile
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}

/** Files under DATA_DIR/uploads, served by the app at /uploads/<key>. */
export function createLocalDiskStorage(root: string): ObjectStorage & { kind: 'disk'; root: string } {
  mkdirSync(root, { recursive: true }); // the /uploads route needs the folder from the start
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    root,
    async put(key, data) {
      try {
        await writeNewFile(fileOf(key), data);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
        throw error;
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        // A key that runs through a file ('a/photo.jpg/x') or names a folder is missing too.
        if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
        throw error;
      }
    },
    async open(key, { ifNoneMatch } = {}) {
      if (!isSafeKey(key)) return null;
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
        throw error;
      }
      // Size and date from the open file, so they describe what is streamed.
      const info = await handle.stat().catch(async (error) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const etag = etagOf(info.size, info.mtime);
      if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) {
        await handle.close();
        return { status: 'not-modified', etag };
      }
      const body = handle.createReadStream();
      return { status: 'found', body, size: info.size, etag, modifiedAt: info.mtime };
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    list: () => walk(root, ''),
    async checkWritable() {
      // A dotfile: the /uploads route never serves one.
      const probe = path.join(root, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
      await writeNewFile(probe, Buffer.from('ok'));
      await rm(probe, { force: true });
    },
    publicUrl: uploadUrl,
    keyFromUrl: keyOfUploadUrl,
    async close() {},
  };
}

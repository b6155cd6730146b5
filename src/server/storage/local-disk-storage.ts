import { mkdirSync } from 'node:fs';
import { mkdir, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ObjectExistsError, type ObjectStorage, type StoredObject } from './object-storage';

const URL_PREFIX = '/uploads/';

/** Keys are relative paths of safe characters; anything else could escape the root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)+$/.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

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
export function createLocalDiskStorage(root: string): ObjectStorage & { root: string } {
  mkdirSync(root, { recursive: true }); // the /uploads route needs the folder from the start
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    root,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(file, data, { flag: 'wx' }); // wx: fail rather than overwrite
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(key) {
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
    publicUrl: (key) => URL_PREFIX + key,
    keyFromUrl(url) {
      if (!url.startsWith(URL_PREFIX)) return null;
      const key = url.slice(URL_PREFIX.length);
      try {
        assertSafeKey(key);
        return key;
      } catch {
        return null;
      }
    },
  };
}

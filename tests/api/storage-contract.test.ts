import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage';
import {
  ObjectExistsError,
  type ObjectStorage,
  StorageUnavailableError,
  type StoredObject,
} from '../../src/server/storage/object-storage';
import { createS3Storage } from '../../src/server/storage/s3-storage';
import { type S3TestServer, startS3Server } from '../support/s3-server';

/** Each store the app can run on, as the app opens it. */
interface StoreUnderTest {
  name: string;
  open(): Promise<{ storage: ObjectStorage; close(): Promise<void> }>;
  /** Whether two writers of one key at the same moment are kept apart (see decision 0028). */
  exclusiveUnderRace: boolean;
}

const servers: S3TestServer[] = [];
const s3Store = (name: string, conditionalWrites: boolean): StoreUnderTest => ({
  name,
  exclusiveUnderRace: conditionalWrites,
  async open() {
    const server = await startS3Server({ conditionalWrites });
    servers.push(server);
    const storage = createS3Storage(server.settings());
    return { storage, close: () => storage.close() };
  },
});

const STORES: StoreUnderTest[] = [
  {
    name: 'local disk',
    exclusiveUnderRace: true,
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'sdh-store-'));
      const storage = createLocalDiskStorage(path.join(dir, 'uploads'));
      return { storage, close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  s3Store('S3 that refuses a second write of a key (AWS, MinIO)', true),
  s3Store('S3 that ignores If-None-Match on writes (s3rver as it is)', false),
];

const key = (ext = 'jpg') => `products/${randomUUID()}.${ext}`;
const text = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};
async function listAll(storage: ObjectStorage): Promise<StoredObject[]> {
  const all: StoredObject[] = [];
  for await (const object of storage.list()) all.push(object);
  return all;
}

/** One row per rule every store keeps; each row runs on every store. */
const BEHAVIOURS: { rule: string; check(storage: ObjectStorage, store: StoreUnderTest): Promise<void> }[] = [
  {
    rule: 'stores a file and reads it back',
    async check(storage) {
      const k = key();
      await storage.put(k, Buffer.from('photo bytes'));
      expect((await storage.get(k))?.toString()).toBe('photo bytes');
      expect(await storage.exists(k)).toBe(true);
    },
  },
  {
    rule: 'never overwrites: a second put of a key is refused and the first content stays',
    async check(storage) {
      const k = key();
      await storage.put(k, Buffer.from('first'));
      await expect(storage.put(k, Buffer.from('second'))).rejects.toBeInstanceOf(ObjectExistsError);
      expect((await storage.get(k))?.toString()).toBe('first');
    },
  },
  {
    rule: 'two puts of one key at the same moment: one is stored and the other refused, where the store can tell',
    async check(storage, store) {
      const k = key();
      const results = await Promise.allSettled(['a', 'b'].map((v) => storage.put(k, Buffer.from(v))));
      const stored = results.filter((r) => r.status === 'fulfilled').length;
      if (store.exclusiveUnderRace) {
        expect(stored).toBe(1);
        const refused = results.find((r) => r.status === 'rejected');
        expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(ObjectExistsError);
      } else {
        expect(stored).toBeGreaterThanOrEqual(1);
      }
      expect(['a', 'b']).toContain((await storage.get(k))?.toString());
    },
  },
  {
    rule: 'a missing key reads as nothing, and deleting it is fine',
    async check(storage) {
      const k = key();
      expect(await storage.get(k)).toBeNull();
      expect(await storage.open(k)).toBeNull();
      expect(await storage.exists(k)).toBe(false);
      await storage.delete(k);
    },
  },
  {
    rule: 'deletes a file',
    async check(storage) {
      const k = key();
      await storage.put(k, Buffer.from('gone soon'));
      await storage.delete(k);
      expect(await storage.exists(k)).toBe(false);
      expect(await storage.get(k)).toBeNull();
      // The key is free again.
      await storage.put(k, Buffer.from('again'));
      expect((await storage.get(k))?.toString()).toBe('again');
    },
  },
  {
    rule: 'opens a stream with size, ETag and date; a current ETag gives "not modified", a stale one the file',
    async check(storage) {
      const k = key('webp');
      const before = Date.now();
      await storage.put(k, Buffer.from('twelve bytes'));
      const opened = await storage.open(k);
      if (opened?.status !== 'found') throw new Error(`expected the object, got ${JSON.stringify(opened)}`);
      expect(opened.size).toBe(12);
      expect(opened.etag).toMatch(/^(W\/)?".+"$/);
      expect(Math.abs(opened.modifiedAt.getTime() - before)).toBeLessThan(60_000);
      expect(await text(opened.body)).toBe('twelve bytes');
      expect(await storage.open(k, { ifNoneMatch: opened.etag })).toEqual({
        status: 'not-modified',
        etag: opened.etag,
      });
      const stale = await storage.open(k, { ifNoneMatch: '"not-the-etag"' });
      if (stale?.status !== 'found') throw new Error('a stale ETag must give the object');
      expect(await text(stale.body)).toBe('twelve bytes');
    },
  },
  {
    rule: 'lists every stored file with when it was written, and none of its own write checks',
    async check(storage) {
      const keys = [key(), key('png'), `cache/w480/${key()}.webp`];
      for (const k of keys) await storage.put(k, Buffer.from(k));
      await storage.checkWritable();
      const listed = await listAll(storage);
      const byKey = new Map(listed.map((o) => [o.key, o]));
      for (const k of keys) {
        expect(byKey.get(k)?.modifiedAt, k).toBeInstanceOf(Date);
        expect(Math.abs((byKey.get(k)?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      }
      expect(listed.filter((o) => /(^|\/)[._]/.test(o.key))).toEqual([]);
    },
  },
  {
    rule: 'refuses keys that could climb out or collide with its own names; reads of them find nothing',
    async check(storage) {
      for (const bad of [
        '../etc/passwd',
        'photo.jpg',
        '/products/x.jpg',
        'products/../x.jpg',
        '.hidden/x.jpg',
        '_probe/x',
      ]) {
        await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.delete(bad), bad).rejects.toThrow(/Unsafe storage key/);
        expect(await storage.get(bad), bad).toBeNull();
        expect(await storage.open(bad), bad).toBeNull();
        expect(await storage.exists(bad), bad).toBe(false);
      }
    },
  },
  {
    rule: 'names a file by the URL the app serves it at, and reads the key back from it',
    async check(storage) {
      const k = key();
      expect(storage.publicUrl(k)).toBe(`/uploads/${k}`);
      expect(storage.keyFromUrl(storage.publicUrl(k))).toBe(k);
      for (const foreign of ['https://example.com/x.jpg', '/media/480/products/x.jpg', '/uploads/../secret']) {
        expect(storage.keyFromUrl(foreign), foreign).toBeNull();
      }
    },
  },
  {
    rule: 'says it can take a write while it can',
    async check(storage) {
      await expect(storage.checkWritable()).resolves.toBeUndefined();
    },
  },
];

afterAll(async () => {
  for (const server of servers) await server.stop();
});

describe.each(STORES)('object storage contract: $name', (store) => {
  let opened: Awaited<ReturnType<StoreUnderTest['open']>>;
  beforeAll(async () => {
    opened = await store.open();
  });
  afterAll(() => opened.close());

  it.each(BEHAVIOURS)('$rule', ({ check }) => check(opened.storage, store));
});

describe('S3 store when the bucket cannot be used', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.stop());

  const problemOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    return error instanceof StorageUnavailableError ? error.problem : error;
  };

  it('reports an outage as "unreachable" for every call, and works again once it is back, with no restart', async () => {
    const storage = createS3Storage(server.settings());
    const k = key();
    await storage.put(k, Buffer.from('kept'));
    await server.halt();
    try {
      expect(await problemOf(storage.put(key(), Buffer.from('x')))).toBe('unreachable');
      expect(await problemOf(storage.get(k))).toBe('unreachable');
      expect(await problemOf(storage.open(k))).toBe('unreachable');
      expect(await problemOf(storage.exists(k))).toBe('unreachable');
      expect(await problemOf(storage.delete(k))).toBe('unreachable');
      expect(await problemOf(listAll(storage))).toBe('unreachable');
      expect(await problemOf(storage.checkWritable())).toBe('unreachable');
    } finally {
      await server.resume();
    }
    await storage.checkWritable();
    expect((await storage.get(k))?.toString()).toBe('kept');
    await storage.close();
  });

  it.each([
    ['a bucket that does not exist', { bucket: 'no-such-bucket' }],
    // s3rver does not check version 4 signatures, only that it knows the key.
    ['an unknown access key', { credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER' } }],
  ])('reports %s as "not-writable"', async (_name, change) => {
    const storage = createS3Storage({ ...server.settings(), ...change });
    expect(await problemOf(storage.checkWritable())).toBe('not-writable');
    expect(await problemOf(storage.put(key(), Buffer.from('x')))).toBe('not-writable');
    await storage.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { multipart, validProduct } from '../support/staff';
import { startLineProxy } from '../support/start-line-proxy';
import { emptyPostgresDatabase, testDatabaseKind } from '../support/test-database';

const STARTS = 3;
const ADMIN = { username: 'amina', password: 'a long passphrase' };

/**
 * Two server processes started at the same moment on one empty database and one bucket;
 * their first connections reach the database together.
 */
async function startTwo(databaseUrl: string, s3: S3TestServer, bucket: string) {
  const proxy = await startLineProxy(databaseUrl, 2);
  const folders: string[] = [];
  const env = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-instance-'));
    folders.push(dataDir);
    return {
      DATABASE_URL: proxy.url,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEARCH_CACHE_SECONDS: '3600',
      ...s3.env(bucket),
    };
  };
  const started = await Promise.allSettled([startServerProcess(env()), startServerProcess(env())]);
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(running.map((server) => server.stop()));
    await proxy.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed?.status === 'rejected') {
    await stop();
    throw failed.reason;
  }
  return { instances: running as [ServerProcess, ServerProcess], stop };
}

async function signIn(server: ServerProcess, password = ADMIN.password) {
  return fetch(`${server.base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({ username: ADMIN.username, password }),
  });
}

// Several instances behind a load balancer are one site: they start together on an empty
// database, and whatever one is told, the other knows at once.
describe.runIf(testDatabaseKind() === 'postgres')('two instances on one database and one bucket', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server({ buckets: Array.from({ length: STARTS }, (_, i) => `site-${i}`) });
  });
  afterAll(() => s3.stop());

  it(`start together on an empty database, ${STARTS} times over`, async () => {
    for (let round = 1; round < STARTS; round++) {
      const database = await emptyPostgresDatabase();
      try {
        const { instances, stop } = await startTwo(database.url, s3, `site-${round}`);
        try {
          for (const server of instances) {
            const ready = await (await fetch(`${server.base}/api/ready`)).json();
            expect(ready.checks.uploads).toEqual({ status: 'ok', store: 's3' });
          }
        } finally {
          await stop();
        }
      } finally {
        await database.drop();
      }
    }
  }, 300_000);

  describe('serving as one site', () => {
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    let first: ServerProcess;
    let second: ServerProcess;
    let stop: () => Promise<void>;
    let cookie: string;
    beforeAll(async () => {
      database = await emptyPostgresDatabase();
      ({
        instances: [first, second],
        stop,
      } = await startTwo(database.url, s3, 'site-0'));
    }, 180_000);
    afterAll(async () => {
      await stop?.();
      await database?.drop();
    });

    it('signs in on one and uses the session on the other; settings are shared', async () => {
      const signedIn = await signIn(first);
      expect(signedIn.status).toBe(200);
      cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
      const session = await fetch(`${second.base}/api/auth/session`, { headers: { cookie } });
      expect((await session.json()).user?.username).toBe(ADMIN.username);
      const saved = await fetch(`${first.base}/api/admin/settings`, {
        method: 'PUT',
        headers: { cookie, origin: first.base, 'content-type': 'application/json' },
        body: JSON.stringify({ theme: 'dark', notifications: false }),
      });
      expect(saved.status).toBe(200);
      const read = await fetch(`${second.base}/api/admin/settings`, { headers: { cookie } });
      expect(await read.json()).toEqual({ theme: 'dark', notifications: false });
    });

    it('counts failed sign-ins for an account across instances', async () => {
      for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? first : second, 'wrong password')).status).toBe(401);
      expect((await signIn(second, 'wrong password')).status).toBe(429);
      expect((await signIn(first, 'wrong password')).status).toBe(429);
    });

    it('saves a listing with a photo through one and the other serves it, photo included, and its search shows it', async () => {
      // The second instance keeps this (empty) answer for an hour unless told of a change.
      const before = await (await fetch(`${second.base}/api/listings?category=product`)).json();
      expect(before.total).toBe(0);
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0d9488' } })
        .jpeg()
        .toBuffer();
      const form = multipart({ ...validProduct, title: 'Phone seen by every instance' }, [
        { filename: 'phone.jpg', data: photo },
      ]);
      const created = await fetch(`${first.base}/api/admin/listings`, {
        method: 'POST',
        headers: { ...form.headers, cookie, origin: first.base },
        body: form.payload,
      });
      expect(created.status).toBe(201);
      const listing = await created.json();

      const found = await fetch(`${second.base}/api/listings/${listing.id}`);
      expect(found.status).toBe(200);
      const imageUrl = ((await found.json()).image_urls as string[])[0] as string;
      expect(imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.jpg$/);
      const original = await fetch(`${second.base}${imageUrl}`);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      expect(original.headers.get('cache-control')).toBe('public, max-age=86400');
      expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(640);
      const displaySize = await fetch(`${second.base}/media/480${imageUrl.replace('/uploads', '')}`);
      expect(displaySize.status).toBe(200);
      expect(displaySize.headers.get('content-type')).toBe('image/webp');
      // Made by the second instance, kept in the bucket: the first serves the same one.
      const fromFirst = await fetch(`${first.base}/media/480${imageUrl.replace('/uploads', '')}`);
      expect(fromFirst.headers.get('etag')).toBeTruthy();

      const start = performance.now();
      for (;;) {
        const search = await (await fetch(`${second.base}/api/listings?category=product`)).json();
        if (search.total === 1) break;
        expect(performance.now() - start, 'search cache cleared within a second').toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
  });
});

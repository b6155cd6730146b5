import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { postListingWithPhoto, signedInAs } from '../support/staff';
import { createS3TestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/**
 * A TCP proxy in front of the bucket that can freeze: connections stay open and nothing
 * passes either way, as with a hung server, until it thaws.
 */
async function freezableProxy(target: string) {
  const { hostname, port } = new URL(target);
  let frozen = false;
  const pairs: { client: net.Socket; upstream: net.Socket }[] = [];
  const connect = ({ client, upstream }: (typeof pairs)[number]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    const pair = { client, upstream };
    pairs.push(pair);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    if (!frozen) connect(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) if (!pair.client.destroyed) connect(pair);
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// A bucket that stops answering without closing its connections: every call gives up after
// the S3 timeout, an upload then saves nothing and says so, and a photo answers 503.
describe(`frozen bucket (${testDatabaseKind()})`, () => {
  let s3: S3TestServer;
  let proxy: Awaited<ReturnType<typeof freezableProxy>>;
  let t: TestApp<ObjectStorage>;
  let cookie: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    proxy = await freezableProxy(s3.endpoint);
    t = await createS3TestApp({ ...s3.settings(), endpoint: proxy.endpoint, timeoutMs: 1_000 });
    cookie = (await signedInAs(t, 'admin')).cookie;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await s3.stop();
  });

  const upload = (title: string) => postListingWithPhoto(t, cookie, title);
  const titles = async () =>
    (await t.db.query<{ title: string }>('SELECT title FROM listings ORDER BY title')).rows.map((row) => row.title);

  it('gives up on a frozen bucket, saves nothing, and saves nothing later when it thaws', async () => {
    const stored = await upload('Stored before');
    expect(stored.statusCode).toBe(201);
    const photo = stored.json().image_urls[0] as string;

    proxy.freeze();
    try {
      const refused = await upload('Sent while frozen');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        'The file storage cannot be reached right now. Nothing was saved; please try again in a minute.',
      );
      expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(503);
    } finally {
      proxy.thaw();
    }
    // What the frozen bucket held back arrives now: still no listing from the refused upload.
    expect((await upload('Stored after')).statusCode).toBe(201);
    expect(await titles()).toEqual(['Stored after', 'Stored before']);
  }, 60_000);
});

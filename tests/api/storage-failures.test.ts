import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { multipart, postListingWithPhoto, signedInAs, validProduct } from '../support/staff';
import { createS3TestApp, createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/**
 * Makes a folder tree refuse writes for real. Permissions do not stop root, so as root the
 * folders are made immutable (chattr +i: EPERM even for root); otherwise read-only (EACCES).
 */
const asRoot = process.getuid?.() === 0;
function refuseWrites(dir: string, refuse: boolean) {
  if (asRoot) execFileSync('chattr', ['-R', refuse ? '+i' : '-i', dir]);
  else execFileSync('chmod', ['-R', refuse ? 'a-w' : 'u+w', dir]);
}

// A read-only or broken upload folder: the upload says so (503, nothing saved), the log says
// why, readiness reports it, and all is well again once it is fixed, without a restart.
describe(`upload storage failures (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  let jpeg: Buffer;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { log: { write: (line) => logs.push(line) } });
    cookie = (await signedInAs(t, 'admin')).cookie;
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0d9488' } })
      .jpeg()
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    refuseWrites(t.storage.root, false);
    await t.close();
  });

  const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings')).rows[0]?.n;
  const upload = (withImage = true) => {
    const body = multipart(validProduct, withImage ? [{ filename: 'phone.jpg', data: jpeg }] : []);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

  async function expectRefusedUpload(codes: RegExp) {
    const before = await count();
    logs.length = 0;
    const response = await upload();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json().message).toBe(
      'Files cannot be stored right now (the storage refuses writes). Nothing was saved; please tell the site administrator.',
    );
    expect(await count()).toBe(before);
    const failure = logs.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(failure?.msg).toBe('request failed');
    expect(JSON.stringify(failure)).toMatch(codes);
    expect(failure?.reqId).toBe(response.json().requestId);

    const readiness = await ready();
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toMatchObject({
      failing: ['uploads'],
      checks: { database: { status: 'ok' }, uploads: { status: 'failing', problem: 'not-writable' } },
    });
  }

  it('is ready and stores an upload while the folder takes writes', async () => {
    expect((await ready()).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(201);
  });

  it('answers 503 on a read-only folder, logs the cause, reports it, and recovers once writable', async () => {
    refuseWrites(t.storage.root, true);
    try {
      await expectRefusedUpload(asRoot ? /EPERM/ : /EACCES/);
      // A listing without photos needs no storage.
      expect((await upload(false)).statusCode).toBe(201);
    } finally {
      refuseWrites(t.storage.root, false);
    }
    // Readiness answers with its own check's last finding: soon, not at once, on a busy machine.
    await expect.poll(async () => (await ready()).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await upload()).statusCode).toBe(201);
  });

  it('answers 503 when the folder was replaced by a file', async () => {
    const aside = `${t.storage.root}.aside`;
    renameSync(t.storage.root, aside);
    writeFileSync(t.storage.root, 'not a folder');
    try {
      await expectRefusedUpload(/ENOTDIR|EEXIST/);
    } finally {
      rmSync(t.storage.root, { force: true });
      renameSync(aside, t.storage.root);
    }
    await expect.poll(async () => (await ready()).statusCode, { timeout: 20_000 }).toBe(200);
  });

  it('answers 503 when a category folder cannot be created', async () => {
    rmSync(t.storage.root, { recursive: true, force: true });
    mkdirSync(t.storage.root);
    chmodSync(t.storage.root, 0o755);
    refuseWrites(t.storage.root, true);
    try {
      await expectRefusedUpload(asRoot ? /EPERM/ : /EACCES/);
    } finally {
      refuseWrites(t.storage.root, false);
    }
  });
});

// The bucket going away: uploads and photo reads answer 503 saying so, readiness reports
// it, and all is well again once it answers, without a restart.
describe(`bucket outage (${testDatabaseKind()})`, () => {
  let s3: S3TestServer;
  let t: TestApp<ObjectStorage>;
  let cookie: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createS3TestApp(s3.settings());
    cookie = (await signedInAs(t, 'admin')).cookie;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const upload = () => postListingWithPhoto(t, cookie);

  it('answers 503 while the bucket cannot be reached, and recovers once it answers', async () => {
    const stored = await upload();
    expect(stored.statusCode).toBe(201);
    const photo = stored.json().image_urls[0] as string;
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings')).rows[0]?.n;
    const before = await count();
    await s3.halt();
    try {
      const refused = await upload();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json().message).toBe(
        'The file storage cannot be reached right now. Nothing was saved; please try again in a minute.',
      );
      expect(await count()).toBe(before);
      expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(503);
      const readiness = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toMatchObject({
        failing: ['uploads'],
        checks: { database: { status: 'ok' }, uploads: { status: 'failing', problem: 'unreachable', store: 's3' } },
      });
    } finally {
      await s3.resume();
    }
    // A probe answers within a quarter second with the last state its own check found: on a
    // busy machine the check after the resume may take longer, so readiness comes back soon, not at once.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode, { timeout: 20_000 })
      .toBe(200);
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(200);
    expect((await upload()).statusCode).toBe(201);
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyStorage } from '../../src/server/storage/copy-storage';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage';
import { createS3Storage } from '../../src/server/storage/s3-storage';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { builtEntry } from '../support/server-process';
import { testDatabaseKind } from '../support/test-database';
import { storedKeys } from '../support/upload-stores';

const run = promisify(execFile);

// Moving a site's photos from its folder into a bucket: no database involved (run once).
describe.runIf(testDatabaseKind() === 'pglite')('npm run storage:copy', () => {
  let s3: S3TestServer;
  let dataDir: string;
  const originals = ['products/1_phone.jpg', 'properties/2_house.png', 'seed/blog/remittances.jpg'];
  const displaySizes = ['cache/w480/products/1_phone.jpg.webp'];
  beforeAll(async () => {
    s3 = await startS3Server({ buckets: ['by-function', 'by-command'] });
    dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-copy-'));
    const folder = createLocalDiskStorage(path.join(dataDir, 'uploads'));
    for (const key of [...originals, ...displaySizes]) await folder.put(key, Buffer.from(`bytes of ${key}`));
  });
  afterAll(async () => {
    await s3.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies photos and display sizes, leaves what the bucket has, and does nothing the second time', async () => {
    const folder = createLocalDiskStorage(path.join(dataDir, 'uploads'));
    const bucket = createS3Storage(s3.settings('by-function'));
    await bucket.put('products/1_phone.jpg', Buffer.from('bytes of products/1_phone.jpg'));
    const first = await copyStorage(folder, bucket, { concurrency: 2 });
    expect(first).toMatchObject({ copied: 3, alreadyThere: 1, failed: [] });
    expect((await storedKeys(bucket)).sort()).toEqual([...originals, ...displaySizes].sort());
    for (const key of [...originals, ...displaySizes]) {
      expect((await bucket.get(key))?.toString(), key).toBe(`bytes of ${key}`);
    }
    expect(await copyStorage(folder, bucket)).toMatchObject({ copied: 0, alreadyThere: 4, failed: [] });
    expect((await storedKeys(folder)).length).toBe(4); // nothing removed from the folder
    await bucket.close();
  });

  it('runs as a command with a summary, and refuses without a bucket', async () => {
    const env = { ...process.env, NODE_NO_WARNINGS: '1', DATA_DIR: dataDir };
    const copied = await run(process.execPath, [builtEntry('cli/storage-copy')], {
      env: { ...env, ...s3.env('by-command') },
    });
    expect(copied.stdout).toMatch(/to bucket by-command: 4 files copied \(0\.0 MB\), 0 already there, 0 failed, in/);
    const again = await run(process.execPath, [builtEntry('cli/storage-copy')], {
      env: { ...env, ...s3.env('by-command') },
    });
    expect(again.stdout).toMatch(/0 files copied .*, 4 already there, 0 failed/);
    const refused = await run(process.execPath, [builtEntry('cli/storage-copy')], { env }).catch((e) => e);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('S3_BUCKET is not set: there is no bucket to copy into.');
  }, 60_000);
});

import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/server/backup/write-backup';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { createS3Storage } from '../../src/server/storage/s3-storage';
import { type S3TestServer, startS3Server } from '../support/s3-server';
import { builtEntry } from '../support/server-process';
import { createS3TestApp, createTestApp } from '../support/test-app';
import { emptyPostgresDatabase, testDatabaseKind } from '../support/test-database';

const execFileAsync = promisify(execFile);
const kind = testDatabaseKind();
const PHOTOS = 300;

const commandArgs = (script: 'backup' | 'restore', file: string) => [builtEntry(`cli/${script}`), file];
const commandEnv = (env: Record<string, string>) => ({
  ...process.env,
  NODE_NO_WARNINGS: '1',
  LOG_LEVEL: 'warn',
  ...env,
});

/** Starts a command of ours and kills it (SIGKILL, as a power cut or the OOM killer would) once `started()` holds. */
async function killMidway(
  script: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
  started: () => Promise<boolean>,
) {
  const child = spawn(process.execPath, commandArgs(script, file), { env: commandEnv(env), stdio: 'ignore' });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!done && !(await started())) await new Promise((resolve) => setTimeout(resolve, 10));
  child.kill('SIGKILL');
  return exited;
}

async function keysIn(storage: ObjectStorage) {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

// An operator's restore killed halfway (kill -9, a power cut): the site holds none of the
// restored photos where the app serves them, and running the restore again completes it.
// Photos go to a folder on the embedded database and to a bucket on PostgreSQL.
describe(`restore and backup killed midway (${kind})`, () => {
  let s3: S3TestServer | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    if (kind === 'postgres') s3 = await startS3Server({ buckets: ['source', 'restored'] });
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await s3?.stop();
  });

  it('a killed restore leaves no photo in place, and the next restore completes', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sdh-restore-kill-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const archive = path.join(work, 'site.tar.gz');

    const source = s3 ? await createS3TestApp(s3.settings('source')) : await createTestApp();
    const photos: string[] = [];
    for (let i = 0; i < PHOTOS; i++) {
      const key = `products/${randomUUID()}.jpg`;
      await source.storage.put(key, randomBytes(32 * 1024));
      photos.push(key);
    }
    await writeBackup(source.db, source.storage, createWriteStream(archive));
    await source.close();

    const dataDir = path.join(work, 'site');
    let env: Record<string, string> = { DATA_DIR: dataDir };
    let target: ObjectStorage = createLocalDiskStorage(path.join(dataDir, 'uploads'));
    if (s3) {
      const database = await emptyPostgresDatabase();
      cleanups.push(() => database.drop());
      env = { ...env, DATABASE_URL: database.url, ...s3.env('restored') };
      target = createS3Storage(s3.settings('restored'));
    }
    cleanups.push(() => target.close());

    const ended = await killMidway('restore', archive, env, async () => (await keysIn(target)).length >= 20);
    expect(ended).toBe('SIGKILL');
    const inPlace = (await keysIn(target)).filter((key) => photos.includes(key));
    expect(inPlace).toEqual([]);

    const { stdout } = await execFileAsync(process.execPath, commandArgs('restore', archive), { env: commandEnv(env) });
    expect(stdout).toContain(`${PHOTOS} photos`);
    expect(await keysIn(target)).toEqual([...photos].sort());

    // A backup killed midway leaves its partial file; the next backup removes it.
    const first = path.join(work, 'first.tar.gz');
    const partialOf = (name: string) => readdirSync(work).find((file) => file.startsWith(`${name}.partial-`));
    await killMidway('backup', first, env, async () => {
      const partial = partialOf('first.tar.gz');
      return partial !== undefined && statSync(path.join(work, partial)).size > 0;
    });
    expect(partialOf('first.tar.gz')).toBeDefined();
    await execFileAsync(process.execPath, commandArgs('backup', path.join(work, 'second.tar.gz')), {
      env: commandEnv(env),
    });
    expect(readdirSync(work).sort()).toEqual(['second.tar.gz', 'site', 'site.tar.gz']);
  }, 300_000);
});

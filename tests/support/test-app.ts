import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { createS3Storage, type S3Settings } from '../../src/server/storage/s3-storage';
import { openTestDatabase } from './test-database';

export interface TestApp<Storage extends ObjectStorage = ReturnType<typeof createLocalDiskStorage>> {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  storage: Storage;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** A database the test opened itself (default: a fresh test database). */
  db?: Database;
  /** Where the app's log lines go (default: no logging). */
  log?: { write(line: string): void };
  /** Told of every route as it is added (a test that checks it covers them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** scrypt's cost in the tests' apps (production: DEFAULT_PASSWORD_HASH_COST). */
export const TEST_PASSWORD_HASH_COST = 12;

/** The real app on a fresh database and a temporary upload folder. */
export function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  return startTestApp(overrides, options, (dataDir) => createLocalDiskStorage(path.join(dataDir, 'uploads')));
}

/** The real app on a fresh database, its uploads in an S3 bucket (see s3-server.ts). */
export function createS3TestApp(
  s3: S3Settings,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp<ObjectStorage>> {
  return startTestApp({ ...overrides, s3 }, options, () => createS3Storage(s3));
}

async function startTestApp<Storage extends ObjectStorage>(
  overrides: Partial<Config>,
  options: TestAppOptions,
  openStorage: (dataDir: string) => Storage,
): Promise<TestApp<Storage>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-test-'));
  const config = {
    // Hashes of 2^12 take milliseconds, not production's few hundred (tests of the hashing's
    // bounds ask for production's cost themselves).
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DEMO_MODE: 'false',
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    }),
    // A busy test machine lags, and its tests send bursts: tests of the overload refusal and
    // of the line of reads turn them on themselves.
    overloadEventLoopDelayMs: 0,
    overloadConcurrency: 0,
    ...overrides,
  };
  const db = options.db ?? (await openTestDatabase());
  const storage = openStorage(dataDir);
  const logger = options.log ? { level: 'info', stream: options.log } : false;
  const app = await buildApp({ config, db, storage, logger, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    db,
    storage,
    config,
    async close() {
      await app.close();
      await storage.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

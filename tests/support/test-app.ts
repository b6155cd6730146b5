import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  storage: ReturnType<typeof createLocalDiskStorage>;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** A database the test opened itself (default: a fresh test database). */
  db?: Database;
  /** Where the app's log lines go (default: no logging). */
  log?: { write(line: string): void };
}

/** The real app on a fresh database and a temporary upload folder. */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-test-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_MODE: 'false' }), ...overrides };
  const db = options.db ?? (await openTestDatabase());
  const storage = createLocalDiskStorage(path.join(dataDir, 'uploads'));
  const logger = options.log ? { level: 'info', stream: options.log } : false;
  const app = await buildApp({ config, db, storage, logger });
  await app.ready();
  return {
    app,
    db,
    storage,
    config,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

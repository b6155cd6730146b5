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

/** The real app on a fresh database and a temporary upload folder. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-test-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_MODE: 'false' }), ...overrides };
  const db = await openTestDatabase();
  const storage = createLocalDiskStorage(path.join(dataDir, 'uploads'));
  const app = await buildApp({ config, db, storage });
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

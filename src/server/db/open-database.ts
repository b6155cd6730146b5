import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from './data-dir-lock';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and
 * migrates it. The embedded database takes DATA_DIR for this process first (throwing
 * DataDirLockedError while another holds it) and gives it up when closed: two processes on
 * one PGlite folder lose each other's writes and corrupt its indexes.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  let db: Database;
  try {
    db = config.databaseUrl
      ? await openPostgresDatabase(config.databaseUrl)
      : await openPgliteDatabase(path.join(config.dataDir, 'pglite'));
  } catch (error) {
    lock?.release();
    throw error;
  }
  const locked: Database = lock
    ? {
        ...db,
        async close() {
          await db.close();
          lock.release();
        },
      }
    : db;
  try {
    await migrate(locked);
  } catch (error) {
    await locked.close();
    throw error;
  }
  return locked;
}

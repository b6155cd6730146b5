import path from 'node:path';
import type { Config } from '#server/config';
import { lockDataDir } from './data-dir-lock';
import type { Database, DatabaseTimeouts } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and
 * migrates it (unless `migrate: false`: backup and restore leave that to themselves). The
 * embedded database takes DATA_DIR for this process first (throwing DataDirLockedError
 * while another holds it) and gives it up when closed: two processes on one PGlite folder
 * lose each other's writes and corrupt its indexes. `timeouts` bound what requests wait for
 * on PostgreSQL (the server passes them; command-line tools do not).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  {
    timeouts,
    poolSize,
    migrate: migrating = true,
  }: { timeouts?: DatabaseTimeouts; poolSize?: number; migrate?: boolean } = {},
): Promise<Database> {
  const migrated = migrating ? migratedDatabase : async (db: Database) => db;
  if (!config.databaseUrl) return openEmbedded(config.dataDir, migrated);
  if (!timeouts) return migrated(await openPostgresDatabase(config.databaseUrl));
  // A migration may run longer than any request should: it gets its own connection, without the limits.
  await (await migrated(await openPostgresDatabase(config.databaseUrl, { poolSize: 1 }))).close();
  return openPostgresDatabase(config.databaseUrl, { timeouts, poolSize });
}

async function openEmbedded(dataDir: string, migrated: (db: Database) => Promise<Database>): Promise<Database> {
  const lock = lockDataDir(dataDir);
  let db: Database;
  try {
    db = await openPgliteDatabase(path.join(dataDir, 'pglite'));
  } catch (error) {
    lock.release();
    throw error;
  }
  return migrated({
    ...db,
    async close() {
      await db.close();
      lock.release();
    },
  });
}

async function migratedDatabase(db: Database): Promise<Database> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * The first-start work (the first admin, demo content), done on the migrated database: `here`
 * on the server's own (PostgreSQL), or `apart` from this process on the embedded folder this
 * process holds meanwhile (see openSiteDatabase), migrating it first.
 */
export interface FirstStartWork<T> {
  here(db: Database): Promise<T>;
  apart(folder: string): Promise<T>;
}

/**
 * The server's database: migrated, with the request timeouts and pool size of the
 * configuration, after the first-start work has run on it.
 */
export async function openServerDatabase<T>(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseTimeouts'> & Partial<Pick<Config, 'databasePoolSize'>>,
  work: FirstStartWork<T>,
): Promise<{ db: Database; prepared: T }> {
  if (config.databaseUrl) {
    const db = await openDatabase(config, { timeouts: config.databaseTimeouts, poolSize: config.databasePoolSize });
    return { db, prepared: await work.here(db) };
  }
  const lock = lockDataDir(config.dataDir);
  try {
    const folder = path.join(config.dataDir, 'pglite');
    const prepared = await work.apart(folder);
    // Migrated already: this finds nothing to do, and keeps the database sure of its schema.
    const serving = await migratedDatabase(await openPgliteDatabase(folder));
    return {
      db: {
        ...serving,
        async close() {
          await serving.close();
          lock.release();
        },
      },
      prepared,
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

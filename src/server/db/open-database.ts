import path from 'node:path';
import type { Config } from '../config';
import type { Database, DatabaseTimeouts } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and
 * migrates it. `timeouts` bound what requests wait for on PostgreSQL (the server passes
 * them; command-line tools do not).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  timeouts?: DatabaseTimeouts,
): Promise<Database> {
  if (!config.databaseUrl) return migrated(await openPgliteDatabase(path.join(config.dataDir, 'pglite')));
  if (!timeouts) return migrated(await openPostgresDatabase(config.databaseUrl));
  // A migration may run longer than any request should: it gets its own connection, without the limits.
  await (await migrated(await openPostgresDatabase(config.databaseUrl, { poolSize: 1 }))).close();
  return openPostgresDatabase(config.databaseUrl, { timeouts });
}

async function migrated(db: Database): Promise<Database> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

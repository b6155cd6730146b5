import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database, DatabaseTimeouts } from '../../src/server/db/database';
import { loadPgliteCode, openPgliteDatabase } from '../../src/server/db/pglite-database';
import type { PgliteCode } from '../../src/server/db/pglite-protocol';
import { openPostgresDatabase } from '../../src/server/db/postgres-database';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

/** The embedded database's folders, migrated and blank (see pglite-global-setup.ts), each read once. */
const pgliteFolders = new Map<'pgliteTemplateFile' | 'pgliteBlankFile', Uint8Array<ArrayBuffer>>();
function pgliteFolder(which: 'pgliteTemplateFile' | 'pgliteBlankFile'): Uint8Array<ArrayBuffer> {
  let folder = pgliteFolders.get(which);
  if (!folder) {
    folder = new Uint8Array(readFileSync(inject(which)));
    pgliteFolders.set(which, folder);
  }
  return folder;
}
/** PGlite's WebAssembly, compiled once for all the databases this process opens. */
let pgliteCode: Promise<PgliteCode> | undefined;

/**
 * A fresh, migrated, empty database: in-memory PGlite loaded from a migrated one's folder, or a new
 * database on the test PostgreSQL server cloned from the migrated template (see
 * postgres-global-setup.ts).
 * `{ migrated: false }` gives a blank one, for tests of a migration itself.
 */
export async function openTestDatabase({
  migrated = true,
  timeouts,
}: {
  migrated?: boolean;
  /** PostgreSQL: the pool's limits (default: waits of up to 5 s for a connection, no statement limit). */
  timeouts?: DatabaseTimeouts;
} = {}): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    pgliteCode ??= loadPgliteCode();
    return openPgliteDatabase(undefined, {
      loadDataDir: pgliteFolder(migrated ? 'pgliteTemplateFile' : 'pgliteBlankFile'),
      code: await pgliteCode,
    });
  }
  const serverUrl = inject('postgresUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${migrated ? 'sdh_template' : 'template0'}`);
  } finally {
    await admin.end();
  }
  const db = await openPostgresDatabase(serverUrl.replace(/\/[^/]*$/, `/${name}`), { poolSize: 5, timeouts });
  const close = db.close.bind(db);
  return {
    ...db,
    async close() {
      await close();
      await dropTestDatabase(serverUrl, name);
    },
  };
}

/**
 * A new database with no tables at all on the test PostgreSQL server (what a fresh install
 * starts from), with its URL; drop() removes it.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('postgresUrl');
  const name = `e_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`).finally(() => admin.end());
  return {
    url: serverUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      await dropTestDatabase(serverUrl, name);
    },
  };
}

/**
 * Drops a test database. DROP DATABASE asks for a checkpoint, which a server busy with other
 * files' writes may fail to finish ("checkpoint request failed"): it is tried again, and as the
 * database dies with the test server anyway, a last failure is a warning, not the test's.
 */
async function dropTestDatabase(serverUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  } catch (error) {
    console.warn(`could not drop test database ${name}: ${(error as Error).message}`);
  } finally {
    await cleanup.end();
  }
}

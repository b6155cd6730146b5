import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseTimeouts, DatabaseUnavailableError } from '../../src/server/db/database';
import { loadPgliteCode, openPgliteDatabase, type PgliteDatabase } from '../../src/server/db/pglite-database';
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

async function openPgliteFromFolder(which: 'pgliteTemplateFile' | 'pgliteBlankFile'): Promise<PgliteDatabase> {
  pgliteCode ??= loadPgliteCode();
  return openPgliteDatabase(undefined, { loadDataDir: pgliteFolder(which), code: await pgliteCode });
}

/**
 * Migrated embedded databases a test closed, emptied and kept for the next one in this worker:
 * loading one from the migrated folder costs about 2 s of CPU (WebAssembly memory, PostgreSQL's
 * start), over half of what the embedded API tests cost; emptying one costs about 0.15 s.
 */
const idleMigrated: PgliteDatabase[] = [];
const MOST_IDLE = 2;
/** How long a closed lease waits for its queries under way before the database is dropped. */
const DRAIN_MS = 10_000;

/**
 * What a migrated database's schema is, by definition rather than by name (relations with their
 * kind, options, grants and row security; columns with type and default; the definitions of
 * constraints, indexes, triggers, views, policies, functions and sequences; schemas, roles,
 * tablespaces, extensions; the migrations' record): a database whose test changed any of it
 * is not lent again.
 */
const SCHEMA_FINGERPRINT = `
  WITH ours AS (
    SELECT c.* FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_%'
  )
  SELECT md5(string_agg(x, ',' ORDER BY x)) AS fingerprint FROM (
    SELECT concat_ws(':', 'c', oid::regclass, relkind, relpersistence, relrowsecurity, relforcerowsecurity,
        reloptions::text, relacl::text, CASE relkind WHEN 'v' THEN pg_get_viewdef(oid) WHEN 'm' THEN pg_get_viewdef(oid)
        WHEN 'i' THEN pg_get_indexdef(oid) END) FROM ours
    UNION ALL SELECT concat_ws(':', 'a', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
      FROM pg_attribute a JOIN ours c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT concat_ws(':', 'k', conrelid::regclass, conname, pg_get_constraintdef(oid)) FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT concat_ws(':', 't', tgname, tgenabled, pg_get_triggerdef(oid)) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT concat_ws(':', 'y', polrelid::regclass, polname, polcmd, polpermissive,
        pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid)) FROM pg_policy
    UNION ALL SELECT concat_ws(':', 'q', seqrelid::regclass, seqincrement, seqmin, seqmax, seqcycle) FROM pg_sequence
    UNION ALL SELECT concat_ws(':', 'p', oid::regprocedure, md5(prosrc), proconfig::text) FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'n:' || nspname FROM pg_namespace
    UNION ALL SELECT 'r:' || rolname FROM pg_roles
    UNION ALL SELECT 's:' || spcname FROM pg_tablespace
    UNION ALL SELECT 'e:' || extname || extversion FROM pg_extension
    UNION ALL SELECT 'm:' || m::text FROM schema_migrations m
  ) AS schema(x)`;
let migratedFingerprint: string | undefined;

/**
 * Back to the migrated folder's state: the session's settings, locks and temporary tables gone,
 * every table but the migrations' record emptied (the audit log's refusal of TRUNCATE is a
 * trigger, which replica mode skips), identities restarted and the planner's statistics of the
 * old rows forgotten. Throws when the schema differs from the migrated one.
 */
async function emptyMigrated(db: PgliteDatabase): Promise<void> {
  await db.exec('DISCARD ALL');
  const { rows } = await db.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  if (rows[0]?.fingerprint !== migratedFingerprint) throw new Error('the test changed the schema');
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND relname <> 'schema_migrations'`,
  );
  await db.exec(`
    SET session_replication_role = replica;
    TRUNCATE ${tables.rows.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE;
    RESET session_replication_role;
    DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace);`);
}

/**
 * A migrated, empty embedded database for one test: a kept one when this worker has one. The
 * test sees a database of its own: once it closes it, its queries are refused as on a closed
 * database, and the database is emptied and kept (or, changed or busy, really closed).
 */
async function leaseMigratedPglite(): Promise<PgliteDatabase> {
  let db = idleMigrated.pop();
  if (!db) {
    db = await openPgliteFromFolder('pgliteTemplateFile');
    migratedFingerprint ??= (await db.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]?.fingerprint;
  }
  const database = db;
  let closed = false;
  let running = 0;
  let drained: (() => void) | undefined;
  const admitted =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (closed) throw new DatabaseUnavailableError(new Error('PGlite is closed'));
      running++;
      try {
        return await work(...args);
      } finally {
        running--;
        if (running === 0) drained?.();
      }
    };
  return {
    ...database,
    query: <T>(...args: Parameters<Database['query']>) => admitted(database.query<T>)(...args),
    exec: admitted(database.exec),
    transaction: admitted(database.transaction),
    ping: admitted(database.ping),
    checkWritable: admitted(database.checkWritable),
    dumpDataDir: admitted(database.dumpDataDir),
    async close() {
      if (closed) return;
      closed = true;
      const idle =
        running === 0 ||
        (await new Promise<boolean>((resolve) => {
          drained = () => resolve(true);
          setTimeout(() => resolve(false), DRAIN_MS).unref();
        }));
      try {
        if (!idle || idleMigrated.length >= MOST_IDLE) throw new Error('not kept');
        await emptyMigrated(database);
        idleMigrated.push(database);
      } catch {
        await database.close();
      }
    },
  };
}

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
    if (migrated) return leaseMigratedPglite();
    return openPgliteFromFolder('pgliteBlankFile');
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

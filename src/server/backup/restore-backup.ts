import type { Readable } from 'node:stream';
import type { Database } from '#server/db/database';
import { currentMigrationName, migrate, migrationNames } from '#server/db/migrate';
import { referencedFileUrls } from '#server/modules/uploads/orphan-sweep';
import { isSafeKey, ObjectExistsError, type ObjectStorage } from '#server/storage/object-storage';
import {
  type ArchiveSchema,
  type ArchiveSummary,
  BackupError,
  ENTRIES,
  RESTORE_COMMITTED_MARK,
  RESTORE_STAGING_PREFIX,
  tableOfEntry,
} from './archive';
import {
  appTables,
  columnKinds,
  dropSecondaryIndexes,
  quoteIdentifier,
  resetSequences,
  tablesWithRows,
} from './catalog';
import { type CopyColumn, copyText } from './copy-rows';
import { checkComplete, type Entry, entriesOf, parseJson, readHeader } from './read-archive';

export interface RestoreResult {
  rows: Record<string, number>;
  files: number;
  /** Stored-file URLs the restored rows name that the archive did not hold. */
  missingFiles: string[];
  createdAt: string;
}

/**
 * Refuses, saying why, unless the database has no rows and the store no files: a restore
 * fills an empty site and never mixes two.
 */
export async function checkRestoreTarget(db: Database, storage: ObjectStorage): Promise<void> {
  const filled = await tablesWithRows(db, await appTables(db));
  if (filled.length > 0) {
    const what = filled.map((t) => `${t.name}: ${t.rows} rows`).join(', ');
    throw new BackupError(
      `The database is not empty (${what}). A restore fills an empty database only: point DATABASE_URL ` +
        'at a new database, or DATA_DIR at an empty folder.',
    );
  }
  for await (const object of storage.list()) {
    if (object.key.startsWith(RESTORE_STAGING_PREFIX)) continue;
    throw new BackupError(
      `The file store already holds files (for example ${object.key}). A restore fills an empty one only: ` +
        'use an empty uploads folder or bucket.',
    );
  }
}

/** Photos moved into place at once (each a round trip to a bucket). */
const MOVES_AT_ONCE = 8;

const stagedKey = (key: string) => `${RESTORE_STAGING_PREFIX}${key}`;

/** Moves staged photos to their own keys; one already there (moved before a kill) only loses its staged copy. */
async function moveIntoPlace(storage: ObjectStorage, keys: readonly string[]): Promise<void> {
  let next = 0;
  const mover = async () => {
    for (let key = keys[next++]; key !== undefined; key = keys[next++]) {
      const data = await storage.get(stagedKey(key));
      if (data === null) continue;
      await storage.put(key, data).catch((error: unknown) => {
        if (!(error instanceof ObjectExistsError)) throw error;
      });
      await storage.delete(stagedKey(key));
    }
  };
  await Promise.all(Array.from({ length: MOVES_AT_ONCE }, mover));
}

/**
 * What an earlier restore that was killed left in the store: when its rows had been
 * committed, its photos are moved into place (the count is returned: that restore is now
 * complete); otherwise its staged photos are deleted (null), and the store is as it was.
 */
export async function settleInterruptedRestore(storage: ObjectStorage): Promise<number | null> {
  const staged: string[] = [];
  let committed = false;
  for await (const object of storage.list()) {
    if (object.key === RESTORE_COMMITTED_MARK) committed = true;
    else if (object.key.startsWith(RESTORE_STAGING_PREFIX))
      staged.push(object.key.slice(RESTORE_STAGING_PREFIX.length));
  }
  if (committed) {
    await moveIntoPlace(storage, staged);
    await storage.delete(RESTORE_COMMITTED_MARK);
    return staged.length;
  }
  await Promise.all(staged.map((key) => storage.delete(stagedKey(key))));
  return null;
}

/**
 * Fills an empty database and file store from a backup archive (see archive.ts): the
 * database is brought to the backup's migrations, every row goes in in one transaction
 * that commits only once the archive proved complete, then the newer migrations run. Photos
 * are staged under RESTORE_STAGING_PREFIX and moved into place once the rows are committed
 * (a mark says so meanwhile, for settleInterruptedRestore). On failure nothing stays: the
 * transaction rolls back and the staged files are deleted.
 */
export async function restoreBackup(input: Readable, db: Database, storage: ObjectStorage): Promise<RestoreResult> {
  const entries = entriesOf(input);
  const stored: string[] = [];
  let committed = false;
  const storeFile = async (entry: Entry) => {
    const key = entry.name.slice(ENTRIES.filesPrefix.length);
    if (!isSafeKey(key)) throw new BackupError(`The archive holds a file with an unsafe name: ${entry.name}.`);
    await storage.put(stagedKey(key), entry.data);
    stored.push(key);
  };
  try {
    const header = await readHeader(entries);

    let entry = await entries.next();
    while (entry?.name.startsWith(ENTRIES.filesPrefix)) {
      await storeFile(entry);
      entry = await entries.next();
    }
    if (entry?.name !== ENTRIES.schema) throw new BackupError('The archive has no database part: it is incomplete.');
    const schema = parseJson<ArchiveSchema>(entry);
    const known = new Set(migrationNames());
    const unknown = schema.migrations.filter((name) => !known.has(currentMigrationName(name)));
    if (unknown.length > 0) {
      throw new BackupError(
        `The backup was made by a newer version of the app (migrations ${unknown.join(', ')} are unknown here): ` +
          'restore it with that version.',
      );
    }
    // The rows fit the schema of their own time; migrations made since then run after they are in.
    await migrate(db, undefined, { only: schema.migrations });
    const targetColumns = new Map((await appTables(db)).map((t) => [t.name, new Set(t.columns)]));
    const kinds = await columnKinds(db);

    const rows: Record<string, number> = {};
    const summary = await db.transaction(async (tx) => {
      // Made again once every row is in (dropped inside this transaction: a failure brings them back).
      const indexes = await dropSecondaryIndexes(tx);
      // Each rows entry (about 4 MB) is one COPY: COPY writes identity columns as given and
      // computes generated ones, as INSERT … OVERRIDING SYSTEM VALUE did.
      const copyRows = async (table: string, entryName: string, data: Buffer) => {
        const columns = targetColumns.get(table);
        const backedUp = schema.tables.find((t) => t.name === table)?.columns;
        if (!columns || !backedUp) throw new BackupError(`The archive holds rows of an unknown table: ${table}.`);
        const copied: CopyColumn[] = backedUp
          .filter((column) => columns.has(column))
          .map((name) => ({ name, kind: kinds.get(table)?.get(name) ?? 'scalar' }));
        const lines = data.toString('utf8').split('\n').filter(Boolean);
        if (lines.length > 0) {
          const list = copied.map((column) => quoteIdentifier(column.name)).join(', ');
          const input = Buffer.from(copyText(lines, copied, entryName));
          await tx.copyFrom(`COPY ${quoteIdentifier(table)} (${list}) FROM STDIN`, input);
        }
        rows[table] = (rows[table] ?? 0) + lines.length;
      };
      for (;;) {
        const next = await entries.next();
        if (!next) throw new BackupError('The archive ends before its summary: it was cut off.');
        const table = tableOfEntry(next.name);
        if (table) await copyRows(table, next.name, next.data);
        else if (next.name.startsWith(ENTRIES.filesPrefix)) await storeFile(next);
        else if (next.name === ENTRIES.summary) {
          const found = parseJson<ArchiveSummary>(next);
          checkComplete(found, rows, stored.length);
          for (const definition of indexes) await tx.query(definition);
          await resetSequences(tx);
          return found;
        } else throw new BackupError(`The archive holds an entry no backup has: ${next.name}.`);
      }
    });
    committed = true;
    await storage.put(RESTORE_COMMITTED_MARK, Buffer.from(header.createdAt));
    await migrate(db);
    await moveIntoPlace(storage, stored);
    await storage.delete(RESTORE_COMMITTED_MARK);
    const keys = new Set(stored);
    const missingFiles = (await referencedFileUrls(db)).filter((url) => {
      const key = storage.keyFromUrl(url);
      return key !== null && !keys.has(key);
    });
    return { rows: summary.rows, files: stored.length, missingFiles, createdAt: header.createdAt };
  } catch (error) {
    if (!committed) await Promise.all(stored.map((key) => storage.delete(stagedKey(key)).catch(() => {})));
    throw error;
  } finally {
    await entries.close();
  }
}

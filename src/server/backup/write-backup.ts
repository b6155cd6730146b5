import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Database } from '#server/db/database';
import type { ObjectStorage } from '#server/storage/object-storage';
import { type ArchiveHeader, type ArchiveSchema, type ArchiveSummary, ENTRIES, FORMAT, isBackedUpKey } from './archive';
import { appliedMigrations, appTables, quoteIdentifier } from './catalog';

/** Rows per FETCH, and the size at which a table's rows start a new archive entry. */
const FETCH_ROWS = 1_000;
const ENTRY_CHARS = 4 * 1024 * 1024;
/** Files read ahead of the one being written (they come from a bucket with a round trip each). */
const READ_AHEAD = 8;

/**
 * Writes one backup archive (tar, gzip) of the database and the stored photos to `output`,
 * while the site keeps running. Rows come from one REPEATABLE READ snapshot, so they agree
 * with each other. Files are copied before the snapshot and, for files stored meanwhile,
 * again after it, so every photo a row of the snapshot names is in the archive unless it
 * was deleted during the backup (decision 0030). Display sizes are left out: they are made
 * again on demand.
 */
export async function writeBackup(db: Database, storage: ObjectStorage, output: Writable): Promise<ArchiveSummary> {
  const started = performance.now();
  const pack = tar.pack();
  const done = pipeline(pack, createGzip({ level: 6 }), output);
  let failure: unknown;
  done.catch((error: unknown) => {
    failure = error;
  });
  const add = async (name: string, data: Buffer) => {
    if (failure) throw failure;
    const written = new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size: data.length }, data, (error) => (error ? reject(error) : resolve()));
      // An entry destroyed with the archive (its reader gone) also emits its error as an event:
      // unheard, that event would end the process.
      entry.on('error', reject);
    });
    // A reader gone away (a closed connection) fails the pipeline rather than the entry.
    await Promise.race([written, done]);
  };
  const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 1));

  try {
    const header: ArchiveHeader = { format: FORMAT.name, version: FORMAT.version, createdAt: new Date().toISOString() };
    await add(ENTRIES.header, json(header));

    const copied = new Set<string>();
    let bytes = 0;
    const addFiles = async () => {
      const keys: string[] = [];
      for await (const object of storage.list()) {
        if (isBackedUpKey(object.key) && !copied.has(object.key)) keys.push(object.key);
      }
      // Reads run ahead of the writing, a few at a time; each outcome is kept, failures included.
      const reads: Promise<{ data: Buffer | null } | { error: unknown }>[] = [];
      const readNext = () => {
        const key = keys[reads.length];
        if (key === undefined) return;
        reads.push(
          storage.get(key).then(
            (data) => ({ data }),
            (error: unknown) => ({ error }),
          ),
        );
      };
      for (let i = 0; i < READ_AHEAD; i++) readNext();
      for (const [index, key] of keys.entries()) {
        const read = await (reads[index] as (typeof reads)[number]);
        reads[index] = Promise.resolve({ data: null }); // let the buffer go
        readNext();
        if ('error' in read) throw read.error;
        if (read.data === null) continue; // deleted since it was listed
        await add(`${ENTRIES.filesPrefix}${key}`, read.data);
        copied.add(key);
        bytes += read.data.length;
      }
    };

    await addFiles();
    const filesMs = performance.now() - started;

    const dbStarted = performance.now();
    const rows: Record<string, number> = {};
    await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const schema: ArchiveSchema = { migrations: await appliedMigrations(tx), tables: await appTables(tx) };
      await add(ENTRIES.schema, json(schema));
      for (const table of schema.tables) {
        const columns = table.columns.map(quoteIdentifier).join(', ');
        await tx.query(
          `DECLARE backup_rows NO SCROLL CURSOR FOR
             SELECT row_to_json(r)::text AS row FROM (SELECT ${columns} FROM ${quoteIdentifier(table.name)}) r`,
        );
        let lines: string[] = [];
        let chars = 0;
        let part = 0;
        let count = 0;
        const flush = async () => {
          if (lines.length === 0) return;
          part++;
          await add(ENTRIES.tableRows(table.name, part), Buffer.from(`${lines.join('\n')}\n`));
          lines = [];
          chars = 0;
        };
        for (;;) {
          const batch = await tx.query<{ row: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
          if (batch.rows.length === 0) break;
          for (const { row } of batch.rows) {
            lines.push(row);
            chars += row.length;
          }
          count += batch.rows.length;
          if (chars >= ENTRY_CHARS) await flush();
        }
        await flush();
        await tx.query('CLOSE backup_rows');
        rows[table.name] = count;
      }
    });
    const databaseMs = performance.now() - dbStarted;

    await addFiles(); // stored while the rows were read
    const summary: ArchiveSummary = {
      rows,
      files: copied.size,
      fileBytes: bytes,
      timings: { filesMs: Math.round(filesMs), databaseMs: Math.round(databaseMs) },
      finishedAt: new Date().toISOString(),
    };
    await add(ENTRIES.summary, json(summary));
    pack.finalize();
    await done;
    return summary;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await done.catch(() => {});
    throw failure ?? error;
  }
}

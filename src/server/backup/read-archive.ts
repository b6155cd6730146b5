import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  type ArchiveHeader,
  type ArchiveSummary,
  BackupError,
  ENTRIES,
  FORMAT,
  type TableRowsCount,
  tableOfEntry,
} from './archive';

/** Archives of ours never hold entries this big; a larger one is not ours (or is damaged). */
const LARGEST_ENTRY = 64 * 1024 * 1024;

export interface Entry {
  name: string;
  data: Buffer;
}

/** The archive's entries one at a time, each read whole (they are small: photos of a few MB at most). */
export function entriesOf(input: Readable) {
  const extract = tar.extract();
  const piped = pipeline(input, createGunzip(), extract);
  piped.catch(() => {}); // what went wrong surfaces as the next entry's failure
  const iterator = extract[Symbol.asyncIterator]();
  const unreadable = (error: unknown) =>
    error instanceof BackupError
      ? error
      : new BackupError(`The archive cannot be read (damaged or cut off): ${(error as Error).message ?? error}.`);
  return {
    async next(): Promise<Entry | null> {
      try {
        const step = await iterator.next();
        if (step.done) return null;
        const entry = step.value;
        if (entry.header.type !== 'file' || (entry.header.size ?? 0) > LARGEST_ENTRY) {
          entry.resume();
          throw new BackupError(`The archive holds an entry no backup has: ${entry.header.name}.`);
        }
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        return { name: entry.header.name, data: Buffer.concat(chunks) };
      } catch (error) {
        throw unreadable(error);
      }
    },
    async close() {
      await iterator.return?.();
      await piped.catch(() => {});
    },
  };
}
export type ArchiveEntries = ReturnType<typeof entriesOf>;

export function parseJson<T>(entry: Entry): T {
  try {
    return JSON.parse(entry.data.toString('utf8')) as T;
  } catch {
    throw new BackupError(`${entry.name} in the archive is damaged.`);
  }
}

/** The first entry, which says the archive is one of ours and which format it has. */
export async function readHeader(entries: ArchiveEntries): Promise<ArchiveHeader> {
  const first = await entries.next();
  const header = first?.name === ENTRIES.header ? parseJson<ArchiveHeader>(first) : null;
  if (header?.format !== FORMAT.name) {
    throw new BackupError('This is not a backup made by `npm run backup` (it does not start with backup.json).');
  }
  if (header.version > FORMAT.version) {
    throw new BackupError(
      `This backup has format version ${header.version}; this version reads up to ${FORMAT.version}.`,
    );
  }
  return header;
}

/** Throws unless what was read matches the summary at the end of the archive. */
export function checkComplete(summary: ArchiveSummary, rows: TableRowsCount, files: number): void {
  for (const [table, count] of Object.entries(summary.rows)) {
    if ((rows[table] ?? 0) !== count) {
      throw new BackupError(
        `The archive is damaged: it should hold ${count} rows of ${table} but holds ${rows[table] ?? 0}.`,
      );
    }
  }
  if (summary.files !== files) {
    throw new BackupError(`The archive is damaged: it should hold ${summary.files} files but holds ${files}.`);
  }
}

/** Reads a whole archive through and checks it is complete; its header and summary. */
export async function inspectArchive(input: Readable): Promise<{ header: ArchiveHeader; summary: ArchiveSummary }> {
  const entries = entriesOf(input);
  try {
    const header = await readHeader(entries);
    const rows: TableRowsCount = {};
    let files = 0;
    for (;;) {
      const entry = await entries.next();
      if (!entry) throw new BackupError('The archive ends before its summary: it was cut off.');
      const table = tableOfEntry(entry.name);
      if (table) rows[table] = (rows[table] ?? 0) + entry.data.toString('utf8').split('\n').filter(Boolean).length;
      else if (entry.name.startsWith(ENTRIES.filesPrefix)) files++;
      else if (entry.name === ENTRIES.summary) {
        const summary = parseJson<ArchiveSummary>(entry);
        checkComplete(summary, rows, files);
        return { header, summary };
      }
    }
  } finally {
    await entries.close();
  }
}

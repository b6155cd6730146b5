import type { TableInfo } from './catalog';

/**
 * What a backup archive holds, in this order (a gzipped tar; decision 0030):
 *   backup.json                         ArchiveHeader
 *   files/<key>                         every stored photo, as the store holds it
 *   database/schema.json                ArchiveSchema: migrations applied, tables in restore order
 *   database/<table>/<part>.ndjson      the table's rows, one JSON object a line
 *   files/<key>                         photos stored while the rows were read
 *   summary.json                        ArchiveSummary: what a complete archive holds
 */
export const FORMAT = { name: 'sdh-backup', version: 1 } as const;

export const ENTRIES = {
  header: 'backup.json',
  schema: 'database/schema.json',
  summary: 'summary.json',
  filesPrefix: 'files/',
  tableRows: (table: string, part: number) => `database/${table}/${String(part).padStart(6, '0')}.ndjson`,
} as const;

/** A table's rows entry: its table name, or null. */
export function tableOfEntry(name: string): string | null {
  return name.match(/^database\/([a-z_][a-z0-9_]*)\/\d{6}\.ndjson$/)?.[1] ?? null;
}

export interface ArchiveHeader {
  format: typeof FORMAT.name;
  version: number;
  createdAt: string;
}

export interface ArchiveSchema {
  migrations: string[];
  tables: TableInfo[];
}

/** Rows per table. */
export type TableRowsCount = Record<string, number>;

export interface ArchiveSummary {
  rows: TableRowsCount;
  files: number;
  fileBytes: number;
  timings: { filesMs: number; databaseMs: number };
  finishedAt: string;
}

/** Display sizes (cache/…) are made again from the photos on demand, so a backup leaves them out. */
export function isBackedUpKey(key: string): boolean {
  return !key.startsWith('cache/') && !key.startsWith(RESTORE_STAGING_PREFIX);
}

/**
 * Where a restore stores the archive's photos until its rows are committed; they are moved
 * into place at the end, so a restore killed midway leaves none where the app serves them.
 */
export const RESTORE_STAGING_PREFIX = 'restoring/';
/** Written once a restore's rows are committed and deleted once its photos are in place. */
export const RESTORE_COMMITTED_MARK = `${RESTORE_STAGING_PREFIX}committed`;

/** The archive is not one of ours, is damaged, or does not fit where it is restored: a message for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

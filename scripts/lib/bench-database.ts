// A throwaway database for a bench scenario: the embedded PGlite in a temporary folder, or a
// PostgreSQL 15 server of its own; removed when the scenario ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/server/db/database';
import { openDatabase } from '../../src/server/db/open-database';
import { startPostgresServer } from '../../tests/support/postgres-server';

export async function withBenchDatabase(
  kind: 'postgres' | 'pglite',
  run: (db: Database, name: string) => Promise<void>,
): Promise<void> {
  if (kind === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'bench-'));
    const db = await openDatabase({ dataDir: folder, databaseUrl: undefined });
    try {
      await run(db, 'PGlite');
    } finally {
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    }
    return;
  }
  const server = await startPostgresServer();
  const db = await openDatabase({ dataDir: '', databaseUrl: server.url('postgres') });
  try {
    await run(db, 'PostgreSQL 15');
  } finally {
    await db.close();
    server.stop();
  }
}

// The server's embedded database: the first admin and the demo content are written by an
// instance of their own, closed before the server serves from a fresh one (its memory grew
// with migrating and seeding, and never shrinks).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/server/db/data-dir-lock';
import type { Database } from '../../src/server/db/database';
import { openServerDatabase } from '../../src/server/db/open-database';
import { testDatabaseKind } from '../support/test-database';

describe.runIf(testDatabaseKind() === 'pglite')('the server database, embedded', () => {
  it('prepares in an instance of its own, then serves what it wrote from another, holding the folder throughout', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-server-db-'));
    const config = { databaseUrl: undefined, dataDir, databaseTimeouts: { statementMs: 5_000, connectMs: 3_000 } };
    let preparing: Database | undefined;
    try {
      const { db, prepared } = await openServerDatabase(config, async (first) => {
        preparing = first;
        await first.query("INSERT INTO newsletter_subscribers (email) VALUES ('first@example.com')");
        return 'done';
      });
      try {
        expect(prepared).toBe('done');
        const { rows } = await db.query<{ email: string }>('SELECT email FROM newsletter_subscribers');
        expect(rows).toEqual([{ email: 'first@example.com' }]);
        // The preparing instance is gone: its memory with it.
        await expect(preparing?.query('SELECT 1')).rejects.toThrow();
        // The folder stays this process's while it serves (no other process may open it).
        expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
      } finally {
        await db.close();
      }
      // Closed: the folder is free again.
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// The server's embedded database: the first start's work (migrations, the first admin, demo
// content) is done by a child process while the server holds the folder, so the memory that
// work takes leaves with that process; the server then serves what it wrote.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/server/db/data-dir-lock';
import { openSiteDatabase } from '../../src/server/first-start';
import { openStorage } from '../../src/server/storage/open-storage';
import { TEST_PASSWORD_HASH_COST } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

/**
 * A guard against a hang, not a speed check: a first start (initdb, migrations) in a child
 * process takes about 10 s on a quiet machine and went past a minute on a saturated one.
 */
const FIRST_START_HANG_GUARD_MS = 300_000;

describe.runIf(testDatabaseKind() === 'pglite')('the server database, embedded', () => {
  const settings = (dataDir: string) => ({
    databaseUrl: undefined,
    dataDir,
    databaseTimeouts: { statementMs: 5_000, connectMs: 3_000 },
    adminUsername: 'first.admin',
    adminPassword: 'a long first password 2026',
    demoMode: false,
    s3: undefined,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
  });

  it(
    'does the first start in a child process, then serves what it wrote, holding the folder throughout',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-server-db-'));
      const config = settings(dataDir);
      const storage = openStorage(config);
      try {
        const { db, report } = await openSiteDatabase(config, storage);
        try {
          expect(report).toMatchObject({ bootstrapped: 'first.admin' });
          expect(report.pid).not.toBe(process.pid);
          const { rows } = await db.query<{ username: string; role: string; password_hash: string }>(
            'SELECT username, role, password_hash FROM staff_users',
          );
          expect(rows).toEqual([{ username: 'first.admin', role: 'admin', password_hash: expect.any(String) }]);
          // Hashed at the configured cost in that process too (N = 2^12).
          expect(rows[0]?.password_hash).toMatch(/^scrypt\$4096\$8\$1\$/);
          // The folder stays this process's while it serves (no other process may open it).
          expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
        } finally {
          await db.close();
        }
        // Closed: the folder is free again. A second start finds the admin there and creates none.
        expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
        const again = await openSiteDatabase(config, storage);
        await again.db.close();
        expect(again.report.bootstrapped).toBeNull();
      } finally {
        await storage.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    FIRST_START_HANG_GUARD_MS,
  );

  it(
    'says why the first start failed, and gives up the folder',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sdh-server-db-'));
      const config = { ...settings(dataDir), adminPassword: 'password' };
      const storage = openStorage(config);
      try {
        // The child's error, with its message, not a bare exit code.
        await expect(openSiteDatabase(config, storage)).rejects.toThrow(/password/i);
        expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
      } finally {
        await storage.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    FIRST_START_HANG_GUARD_MS,
  );
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrationNames } from '../../src/server/db/migrate';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

describe(`migrations (${testDatabaseKind()})`, () => {
  const dirs: string[] = [];
  const folderOf = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sdh-migrations-'));
    dirs.push(dir);
    for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('apply in the order of their numbers, not of their names as text', async () => {
    const dir = folderOf({
      '9_first.sql': 'CREATE TABLE steps (n int)',
      '10_second.sql': 'INSERT INTO steps VALUES (10)',
      '100_third.sql': 'INSERT INTO steps VALUES (100)',
    });
    expect(migrationNames(dir)).toEqual(['9_first.sql', '10_second.sql', '100_third.sql']);
    const db = await openTestDatabase({ migrated: false });
    try {
      expect(await migrate(db, dir)).toEqual(['9_first.sql', '10_second.sql', '100_third.sql']);
      expect((await db.query('SELECT n FROM steps ORDER BY n')).rows).toEqual([{ n: 10 }, { n: 100 }]);
    } finally {
      await db.close();
    }
  });

  it('refuse two files with one number', () => {
    const dir = folderOf({ '003_a.sql': 'SELECT 1', '003_b.sql': 'SELECT 1', '004_c.sql': 'SELECT 1' });
    expect(() => migrationNames(dir)).toThrow(/Two migrations share the number of 003_b\.sql/);
  });

  it("run a file's statements as one script: quotes, comments and function bodies hold semicolons", async () => {
    const dir = folderOf({
      '001_script.sql': `-- a comment; not a statement
CREATE TABLE notes (body text DEFAULT 'semi;colon');
CREATE FUNCTION shout(t text) RETURNS text LANGUAGE sql AS $$ SELECT upper(t); $$;
INSERT INTO notes VALUES ('it''s; fine'), (shout('done;'));`,
    });
    const db = await openTestDatabase({ migrated: false });
    try {
      await migrate(db, dir);
      expect((await db.query('SELECT body FROM notes ORDER BY body')).rows).toEqual([
        { body: 'DONE;' },
        { body: "it's; fine" },
      ]);
    } finally {
      await db.close();
    }
  });

  it('roll a failed file back whole, recording nothing, so the next start tries it again', async () => {
    const dir = folderOf({ '001_half.sql': 'CREATE TABLE half (n int); INSERT INTO half VALUES (1); SELECT 1/0;' });
    const db = await openTestDatabase({ migrated: false });
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/division by zero/);
      expect((await db.query(`SELECT to_regclass('half') AS t`)).rows).toEqual([{ t: null }]);
      expect((await db.query('SELECT name FROM schema_migrations')).rows).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('know a database that recorded the names files had before their numbers became unique', async () => {
    const db = await openTestDatabase();
    try {
      // As a database migrated by the version before the renumbering recorded them.
      await db.query(
        `UPDATE schema_migrations SET name = '014_listing_trust.sql' WHERE name = '012_listing_trust.sql'`,
      );
      await db.query(
        `UPDATE schema_migrations SET name = '017_search_walk_index.sql' WHERE name = '015_search_walk_index.sql'`,
      );
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
      expect(rows.map((r) => r.name).sort()).toEqual([...migrationNames()].sort());
    } finally {
      await db.close();
    }
  });
});

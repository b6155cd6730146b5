import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../src/server/db/database';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

// Every API test relies on this: the database it opens is migrated and empty, whatever the
// test before it in the same worker did with its own (an embedded one is emptied and lent
// again, decision 0104; a PostgreSQL one is a fresh clone of the template).
describe(`test databases (${testDatabaseKind()})`, () => {
  const auditRow = async (db: Awaited<ReturnType<typeof openTestDatabase>>) =>
    Number(
      (await db.query<{ id: string }>(`INSERT INTO audit_log (action) VALUES ('probe') RETURNING id`)).rows[0]?.id,
    );

  it('starts each test migrated and empty, its identities from 1, after a test that wrote', async () => {
    const first = await openTestDatabase();
    const migrations = (await first.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]
      ?.n;
    expect(migrations).toBeGreaterThan(0);
    await auditRow(first);
    expect(await auditRow(first)).toBe(2);
    await first.close();

    const next = await openTestDatabase();
    try {
      expect((await next.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0]?.n).toBe(0);
      expect(await auditRow(next)).toBe(1);
      expect((await next.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]?.n).toBe(
        migrations,
      );
    } finally {
      await next.close();
    }
  });

  // The point of lending: the embedded database is not loaded again (about 2 s of CPU each).
  it.runIf(testDatabaseKind() === 'pglite')('lends an embedded database its test left unchanged again', async () => {
    const started = (db: Awaited<ReturnType<typeof openTestDatabase>>) =>
      db.query<{ at: string }>('SELECT pg_postmaster_start_time()::text AS at').then((r) => r.rows[0]?.at);
    const first = await openTestDatabase();
    const firstStarted = await started(first);
    await auditRow(first);
    await first.close();
    const next = await openTestDatabase();
    try {
      expect(await started(next)).toBe(firstStarted);
    } finally {
      await next.close();
    }
  });

  it('refuses queries on a database its test closed, as a closed database does', async () => {
    const db = await openTestDatabase();
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  // Each change alone: any one of them left in a lent database would reach the next test.
  const SCHEMA_CHANGES = [
    {
      name: 'a new table',
      change: 'CREATE TABLE left_behind (x int)',
      probe: `SELECT count(*)::int AS n FROM pg_class WHERE relname = 'left_behind'`,
      pristine: 0,
    },
    {
      name: "a column's default",
      change: `ALTER TABLE audit_log ALTER COLUMN action SET DEFAULT 'left behind'`,
      probe: `SELECT count(*)::int AS n FROM information_schema.columns
        WHERE table_name = 'audit_log' AND column_name = 'action' AND column_default IS NOT NULL`,
      pristine: 0,
    },
    {
      name: "a check's rule, under the same name",
      change: `ALTER TABLE blog_posts DROP CONSTRAINT blog_posts_read_time_minutes_check;
        ALTER TABLE blog_posts ADD CONSTRAINT blog_posts_read_time_minutes_check CHECK (read_time_minutes > -1)`,
      probe: `SELECT count(*)::int AS n FROM pg_constraint
        WHERE conname = 'blog_posts_read_time_minutes_check' AND pg_get_constraintdef(oid) LIKE '%> 0%'`,
      pristine: 1,
    },
    {
      name: 'a row-level security policy',
      change: 'ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY; CREATE POLICY left_behind ON audit_log USING (false)',
      probe: `SELECT count(*)::int AS n FROM pg_policy WHERE polname = 'left_behind'`,
      pristine: 0,
    },
  ];
  for (const { name, change, probe, pristine } of SCHEMA_CHANGES) {
    it(`never lends a database whose schema a test changed: ${name}`, async () => {
      const changed = await openTestDatabase();
      await changed.exec(change);
      expect((await changed.query<{ n: number }>(probe)).rows[0]?.n).not.toBe(pristine);
      await changed.close();

      const next = await openTestDatabase();
      try {
        expect((await next.query<{ n: number }>(probe)).rows[0]?.n).toBe(pristine);
      } finally {
        await next.close();
      }
    });
  }
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '#server/lib/project-path';
import { withAdvisoryLock } from './advisory-lock';
import type { Database } from './database';

const MIGRATIONS_DIR = projectPath('src/server/db/migrations');

/**
 * Files whose number changed when every number became unique (two files once shared 003,
 * 006, 011 and 014): databases and backups made before record the old names.
 */
const RENAMED: Readonly<Record<string, string>> = {
  '003_stored_file_references.sql': '004_stored_file_references.sql',
  '006_listing_type.sql': '005_listing_type.sql',
  '010_staff_security.sql': '008_staff_security.sql',
  '011_blog_editor.sql': '009_blog_editor.sql',
  '011_site_settings.sql': '010_site_settings.sql',
  '014_exchange_rates.sql': '011_exchange_rates.sql',
  '014_listing_trust.sql': '012_listing_trust.sql',
  '015_reports_and_leads.sql': '013_reports_and_leads.sql',
  '016_lead_ranking_indexes.sql': '014_lead_ranking_indexes.sql',
  '017_search_walk_index.sql': '015_search_walk_index.sql',
};

/** A migration's name today, given the name a database or backup recorded. */
export const currentMigrationName = (recorded: string): string => RENAMED[recorded] ?? recorded;

const MIGRATION_FILE = /^(\d+)_[\w-]+\.sql$/;
const numberOf = (file: string) => Number(MIGRATION_FILE.exec(file)?.[1]);

/** The migration files, by name, in the order they apply: by number, each number once. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  const names = readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort((a, b) => numberOf(a) - numberOf(b));
  const repeated = names.find((name, i) => i > 0 && numberOf(name) === numberOf(names[i - 1] as string));
  if (repeated) throw new Error(`Two migrations share the number of ${repeated}: give each its own.`);
  return names;
}

/**
 * Applies every migrations/NNN_name.sql not yet applied (or, with `only`, those of them it
 * names: a restore brings a database to its backup's migrations first), in order, each in
 * its own transaction.
 */
export async function migrate(
  db: Database,
  dir = MIGRATIONS_DIR,
  { only }: { only?: readonly string[] } = {},
): Promise<string[]> {
  // Under the lock too: two IF NOT EXISTS creations at once both try to create the table's type.
  await withAdvisoryLock(db, 'migrations', async (tx) => {
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await tx.query(
      `UPDATE schema_migrations m SET name = r.current
       FROM unnest($1::text[], $2::text[]) AS r(recorded, current) WHERE m.name = r.recorded`,
      [Object.keys(RENAMED), Object.values(RENAMED)],
    );
  });
  const wanted = only?.map(currentMigrationName);
  const files = migrationNames(dir).filter((file) => !wanted || wanted.includes(file));
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    // Two instances starting together must not both apply a migration.
    const didApply = await withAdvisoryLock(db, 'migrations', async (tx) => {
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.rows.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}

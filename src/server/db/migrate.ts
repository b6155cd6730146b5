import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '../lib/project-path';
import { withAdvisoryLock } from './advisory-lock';
import type { Database } from './database';

const MIGRATIONS_DIR = projectPath('src/server/db/migrations');

/** The migration files, by name, in the order they apply. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .sort();
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
  await withAdvisoryLock(db, 'migrations', (tx) =>
    tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`),
  );
  const files = migrationNames(dir).filter((file) => !only || only.includes(file));
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    // Two instances starting together must not both apply a migration.
    const didApply = await withAdvisoryLock(db, 'migrations', async (tx) => {
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.rows.length > 0) return false;
      await runScript(tx, sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}

/** Runs a multi-statement script, statement by statement (extended protocol takes one at a time). */
async function runScript(tx: { query: Database['query'] }, sql: string) {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}

/** Splits on semicolons outside quotes, comments and dollar-quoted bodies. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    const dollar = rest.match(/^\$[A-Za-z_]*\$/);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      const stop = end === -1 ? sql.length : end + dollar[0].length;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    const ch = sql[i] as string;
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === ch && sql[j + 1] !== ch)) j += sql[j] === ch ? 2 : 1;
      current += sql.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
    i++;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

import type { Queryable } from '#server/db/database';

/** One table of the app as a backup copies it. */
export interface TableInfo {
  name: string;
  /** Columns a row is restored into: every column but generated ones, which the database computes. */
  columns: string[];
}

/** Kept by the migrations themselves; a backup records the applied names instead. */
const MIGRATIONS_TABLE = 'schema_migrations';
/**
 * Derived from other tables by their triggers, so restoring those rows rebuilds them; copying
 * them too would insert every row twice.
 */
const DERIVED_TABLES = ['search_words'];

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The app's tables in an order that restores without breaking a foreign key: every table
 * after the tables it refers to. Read from the catalog, so a new table is backed up with
 * no change here.
 */
export async function appTables(db: Queryable): Promise<TableInfo[]> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.is_generated = 'NEVER' AND c.table_name <> ALL($1::text[])
      ORDER BY c.table_name, c.ordinal_position`,
    [[MIGRATIONS_TABLE, ...DERIVED_TABLES]],
  );
  const { rows: references } = await db.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = k.connamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND k.conrelid <> k.confrelid`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  const parents = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);

  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (placed.size < tables.size) {
    const ready = [...tables.keys()]
      .filter((name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)))
      .sort();
    if (ready.length === 0) throw new Error('The tables refer to each other in a cycle: no restore order exists.');
    for (const name of ready) {
      placed.add(name);
      ordered.push({ name, columns: tables.get(name) ?? [] });
    }
  }
  return ordered;
}

/**
 * How a column's archived JSON value becomes COPY input (copy-rows.ts): `json` columns (json,
 * jsonb) take the value's JSON text as it stands, `array` columns a PostgreSQL array literal,
 * the others the value itself.
 */
export type ColumnKind = 'json' | 'array' | 'scalar';

/** How each column of each table takes a restored value: by table, then column. */
export async function columnKinds(db: Queryable): Promise<Map<string, Map<string, ColumnKind>>> {
  const { rows } = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema()`,
  );
  const kinds = new Map<string, Map<string, ColumnKind>>();
  for (const { table_name, column_name, data_type } of rows) {
    const kind: ColumnKind =
      data_type === 'json' || data_type === 'jsonb' ? 'json' : data_type === 'ARRAY' ? 'array' : 'scalar';
    if (!kinds.has(table_name)) kinds.set(table_name, new Map());
    kinds.get(table_name)?.set(column_name, kind);
  }
  return kinds;
}

/** The migrations applied to the database, by file name, in order (none when it was never migrated). */
export async function appliedMigrations(db: Queryable): Promise<string[]> {
  const { rows: present } = await db.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [
    MIGRATIONS_TABLE,
  ]);
  if (!present[0]?.present) return [];
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`);
  return rows.map((row) => row.name);
}

/** Tables that hold rows, with their counts: what makes a database "not empty" to a restore. */
export async function tablesWithRows(db: Queryable, tables: TableInfo[]): Promise<{ name: string; rows: number }[]> {
  const counts: { name: string; rows: number }[] = [];
  for (const table of tables) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoteIdentifier(table.name)}`);
    if ((rows[0]?.n ?? 0) > 0) counts.push({ name: table.name, rows: rows[0]?.n ?? 0 });
  }
  return counts;
}

/**
 * Moves every serial or identity sequence past the highest restored value, so the next
 * row gets a new number rather than a clash.
 */
export async function resetSequences(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
  );
  for (const { table_name, column_name } of rows) {
    const table = quoteIdentifier(table_name);
    const column = quoteIdentifier(column_name);
    await db.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(max(${column}), 0) + 1, false) FROM ${table}`,
      [table, column_name],
    );
  }
}

/**
 * Drops the indexes no constraint needs (search, order and lookup indexes) and returns the
 * statements that make them again: a restore builds each once over all its rows, far faster
 * than updating it row by row (a GIN or trigram index above all).
 */
export async function dropSecondaryIndexes(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND NOT i.indisunique AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
  );
  for (const { name } of rows) await db.query(`DROP INDEX ${name}`);
  return rows.map((row) => row.definition);
}

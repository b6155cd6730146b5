import { likeContains } from '#server/db/like-pattern';
import type { FilterRow, FilterRule, ListingValue } from '#shared/listing-filters';
import { FILTERS, isFilterSet, roomCountRule, shownAvailabilities } from '#shared/listing-filters';
import type { ListingQuery } from '#shared/listing-query';

/**
 * The filter registry (src/shared/listing-filters.ts) in SQL: one builder per rule kind.
 * src/shared/listing-filter-match.ts states the same rules for one listing, as the
 * reference the tests compare the database with. A comparison with NULL is never true, so a
 * listing without the value drops out of a set filter (a room count of 1 says otherwise).
 */

/** Adds a value to the statement's parameters and returns its placeholder ($n). */
export type AddParam = (value: unknown) => string;

/** The expression a rule compares; written as the indexes of migration 002 are, so they serve it. */
function valueSql(v: ListingValue): string {
  let sql: string = v.column;
  if (v.blankIsMissing) sql = `nullif(${sql}, '')`;
  if (v.orElse) sql = `coalesce(${sql}, ${v.orElse})`;
  return v.caseless ? `lower(${sql})` : sql;
}

type Values = Partial<Record<string, string | number>>;

const SQL: { [K in FilterRule['kind']]: (rule: FilterRule & { kind: K }, f: Values, add: AddParam) => string[] } = {
  // The search words are added by the repository's search statements.
  search: () => [],
  equals: (rule, f, add) => [`${valueSql(rule.value)} = ${add(f[rule.param])}`],
  range: (rule, f, add) => {
    const [min, max] = [f[rule.min], f[rule.max]];
    return [
      ...(min === undefined ? [] : [`${valueSql(rule.value)} >= ${add(min)}`]),
      ...(max === undefined ? [] : [`${valueSql(rule.value)} <= ${add(max)}`]),
    ];
  },
  atLeast: (rule, f, add) => [`${valueSql(rule.value)} >= ${add(f[rule.param])}`],
  roomCount: (rule, f, add) => {
    const column = valueSql(rule.value);
    const room = roomCountRule(f[rule.param] as number, rule.orMoreFrom);
    if (room.kind === 'atLeast') return [`${column} >= ${add(room.value)}`];
    if (room.kind === 'equalsOrNoCount') return [`(${column} = ${add(room.value)} OR ${column} IS NULL)`];
    return [`${column} = ${add(room.value)}`];
  },
  contains: (rule, f, add) => [`lower(${valueSql(rule.value)}) LIKE ${add(likeContains(String(f[rule.param])))}`],
  textParts: (rule, f, add) => {
    const text = `lower(${valueSql(rule.value)})`;
    const alternatives = (rule.parts[f[rule.param] as string] ?? []).map(
      (parts) => `(${parts.map((part) => `strpos(${text}, ${add(part)}) > 0`).join(' AND ')})`,
    );
    return [`(${alternatives.join(' OR ')})`];
  },
  // Applied to every query by availabilityCondition, set or not.
  availability: () => [],
  aliases: (rule, f, add) => [
    `lower(${valueSql(rule.value)}) = ANY(${add(rule.aliases[f[rule.param] as string] ?? [])}::text[])`,
  ],
};

/** The conditions of the filters a validated query sets, in registry order. */
export function filterConditions(f: ListingQuery, add: AddParam): string[] {
  const values = f as Values;
  return (FILTERS as readonly FilterRow[]).flatMap((row) =>
    isFilterSet(row, values) ? (SQL[row.rule.kind] as (...a: unknown[]) => string[])(row.rule, values, add) : [],
  );
}

/**
 * The availabilities a public query shows, as literals (a fixed list, never the visitor's
 * text) so the planner matches the indexes' `availability = 'active'` (migration 012_listing_trust).
 */
export function availabilityCondition(f: ListingQuery): string {
  const shown = shownAvailabilities(f as Values);
  return shown.length === 1 ? `availability = '${shown[0]}'` : `availability IN ('${shown.join("', '")}')`;
}

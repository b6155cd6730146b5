import {
  FILTERS,
  type FilterColumn,
  type FilterRow,
  type FilterRule,
  isFilterSet,
  type ListingValue,
  roomCountRule,
  shownAvailabilities,
} from './listing-filters';
import type { ListingQuery } from './listing-query';

/**
 * The reference predicate of the filter registry: the rules the SQL applies
 * (src/server/modules/listings/filter-sql.ts), one predicate per rule kind, for one
 * listing. The tests compare the database with it. The search words have theirs in
 * listing-search.ts (searchMatchClass).
 */

/** The subset of a listing the filter rules read. */
export type FilterableListing = { category: string; availability?: string } & Record<
  FilterColumn,
  string | number | null
>;

/** Whether the lowercased text holds every part of one of the alternatives. */
export function containsParts(text: string | null | undefined, alternatives: readonly (readonly string[])[]) {
  if (!text) return false;
  const lower = text.toLowerCase();
  return alternatives.some((parts) => parts.every((part) => lower.includes(part)));
}

function readValue(l: FilterableListing, v: ListingValue): string | number | null {
  let value = l[v.column];
  if (v.blankIsMissing && value === '') value = null;
  if (value === null && v.orElse) value = l[v.orElse];
  return v.caseless && typeof value === 'string' ? value.toLowerCase() : value;
}

const lower = (value: string | number | null) => (value === null ? '' : String(value).toLowerCase());

type Values = Partial<Record<string, string | number>>;
const atLeast = (value: string | number | null, min: string | number | undefined) =>
  value !== null && (min === undefined || value >= min);
const atMost = (value: string | number | null, max: string | number | undefined) =>
  value !== null && (max === undefined || value <= max);

/** Whether the listing passes one rule, given the query's values (the rule is set). */
const MATCHES: {
  [K in FilterRule['kind']]: (l: FilterableListing, rule: FilterRule & { kind: K }, f: Values) => boolean;
} = {
  search: () => true,
  // Checked for every query below.
  availability: () => true,
  equals: (l, rule, f) => readValue(l, rule.value) === f[rule.param],
  range: (l, rule, f) =>
    atLeast(readValue(l, rule.value), f[rule.min]) && atMost(readValue(l, rule.value), f[rule.max]),
  atLeast: (l, rule, f) => atLeast(readValue(l, rule.value), f[rule.param]),
  roomCount: (l, rule, f) => {
    const count = readValue(l, rule.value);
    const room = roomCountRule(f[rule.param] as number, rule.orMoreFrom);
    if (room.kind === 'atLeast') return atLeast(count, room.value);
    if (room.kind === 'equalsOrNoCount') return count === null || count === room.value;
    return count === room.value;
  },
  contains: (l, rule, f) => lower(readValue(l, rule.value)).includes(lower(f[rule.param] ?? null)),
  textParts: (l, rule, f) =>
    containsParts(readValue(l, rule.value) as string | null, rule.parts[f[rule.param] as string] ?? []),
  aliases: (l, rule, f) => (rule.aliases[f[rule.param] as string] ?? []).includes(lower(readValue(l, rule.value))),
};

/** The reference predicate: the listing is in the query's category and passes every filter it sets. */
export function matchesListingFilters(l: FilterableListing, f: ListingQuery): boolean {
  if (l.category !== f.category) return false;
  const values = f as Values;
  if (!shownAvailabilities(values).includes((l.availability ?? 'active') as never)) return false;
  return (FILTERS as readonly FilterRow[]).every(
    (row) => !isFilterSet(row, values) || (MATCHES[row.rule.kind] as (...a: unknown[]) => boolean)(l, row.rule, values),
  );
}

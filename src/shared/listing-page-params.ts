import type { Category } from './categories';
import type { MessageKey } from './i18n';
import {
  FILTERS,
  type FilterParse,
  type FilterRow,
  filterParamsFromForm,
  filtersOf,
  LISTING_SORTS,
  MAX_PAGE,
  optionValues,
  paramsOf,
} from './listing-filters';
import { isSearch } from './listing-search';
import { hasForbiddenCharacters } from './text-rules';

/**
 * A category page's address, read forgivingly: a stale or mangled link (`?minPrice=abc`, a
 * filter of another category, a typo in a name, a number out of range) keeps what it can and
 * leaves out the rest, which the page names in a short note. The API stays strict (a 400 per
 * bad value, listing-query.ts); this is what the pages send it. Zod-free, as the pages read it.
 */

/** Parameters that are not the page's but not a mistake either: the language and link tracking. */
const PASSING = /^(lang|utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|msclkid|igshid|mc_cid|mc_eid|_ga|ref)$/i;

const WHOLE_NUMBER = /^\d{1,13}$/;

function validValue(parse: FilterParse, value: string, options: readonly string[] | undefined): boolean {
  if (parse.kind === 'text') return value.trim().length <= parse.max && !hasForbiddenCharacters(value);
  if (parse.kind === 'wholeNumber') {
    return WHOLE_NUMBER.test(value) && Number(value) >= parse.min && Number(value) <= parse.max;
  }
  return options?.includes(value) ?? false;
}

/** What was left out: the labels of known settings, and how many unknown ones (never their text). */
export interface IgnoredParams {
  labels: MessageKey[];
  unknown: number;
  /** The parameter names, to take out of the address when the visitor next changes it. */
  names: string[];
}

export interface CleanListingParams {
  /** The page's own parameters that hold, as the API takes them. */
  params: URLSearchParams;
  ignored: IgnoredParams;
}

const ROWS = FILTERS as readonly FilterRow[];

/** A row's label on the first page that shows it (a bedrooms filter is "Bedrooms" wherever it lands). */
function labelOf(row: FilterRow): MessageKey {
  const control = Object.values(row.controls)[0];
  return control?.label ?? 'listings.filters.heading';
}

/** The page's valid parameters from an address, and what it had to leave out. */
export function cleanListingParams(category: Category, address: URLSearchParams): CleanListingParams {
  const params = new URLSearchParams();
  const ignored: IgnoredParams = { labels: [], unknown: 0, names: [] };
  const leaveOut = (name: string, label: MessageKey | null) => {
    if (ignored.names.includes(name)) return;
    ignored.names.push(name);
    if (label === null) ignored.unknown += 1;
    else if (!ignored.labels.includes(label)) ignored.labels.push(label);
  };
  const own = filtersOf(category);
  for (const name of new Set(address.keys())) {
    const value = address.get(name) ?? '';
    if (PASSING.test(name)) continue;
    // An empty field of a submitted form means "no filter".
    if (value === '') continue;
    if (name === 'page') {
      if (WHOLE_NUMBER.test(value) && Number(value) >= 1 && Number(value) <= MAX_PAGE) params.set(name, value);
      else leaveOut(name, 'listings.filters.page');
      continue;
    }
    if (name === 'sort') {
      if ((LISTING_SORTS as readonly string[]).includes(value)) params.set(name, value);
      else leaveOut(name, 'listings.filters.sort');
      continue;
    }
    const row = own.find((r) => paramsOf(r).includes(name));
    if (row && validValue(row.parse, value, optionValues(row, category))) params.set(name, value);
    else {
      const known = row ?? ROWS.find((r) => paramsOf(r).includes(name));
      leaveOut(name, known ? labelOf(known) : null);
    }
  }
  // A range upside down matches nothing: its maximum goes.
  for (const row of own) {
    if (row.rule.kind !== 'range') continue;
    const [min, max] = [params.get(row.rule.min), params.get(row.rule.max)];
    if (min !== null && max !== null && Number(min) > Number(max)) {
      params.delete(row.rule.max);
      leaveOut(row.rule.max, labelOf(row));
    }
  }
  return { params, ignored };
}

/**
 * A filter form submitted without script names a range by its row (`price=0-5000`), sends its
 * empty fields and the sort select's value: the address it stands for, or null when the
 * address is not such a form. The page redirects there, so the address reads as the scripted
 * form would have made it.
 */
export function submittedFormAddress(category: Category, address: URLSearchParams): URLSearchParams | null {
  const rows = filtersOf(category);
  if (!rows.some((row) => row.rule.kind === 'range' && address.has(row.name))) return null;
  const next = new URLSearchParams(address);
  for (const row of rows) for (const name of [row.name, ...paramsOf(row)]) next.delete(name);
  for (const [name, value] of Object.entries(filterParamsFromForm(category, address))) {
    if (value) next.set(name, value);
  }
  for (const [name, value] of [...next]) if (value === '') next.delete(name);
  // The order a search or its absence implies is not written out.
  if (next.get('sort') === (isSearch(next.get('q') ?? '') ? 'relevance' : 'newest')) next.delete('sort');
  next.delete('page');
  return next;
}

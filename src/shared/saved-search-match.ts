import type { Category } from './categories';
import { type FilterableListing, matchesListingFilters } from './listing-filter-match';
import { DEFAULT_PAGE_SIZE } from './listing-filters';
import {
  canHaveTypo,
  isTypoTarget,
  type ListingWordIndex,
  listingSearchText,
  listingWordIndex,
  PREFIX_MIN_LENGTH,
  planSearch,
  type SearchableListing,
  searchFinds,
  searchFold,
  searchWords,
} from './listing-search';
import type { SavedSearchFilters } from './saved-search';

/**
 * Which saved searches a newly published listing matches (docs/product.md#saved-search-alerts,
 * decision 0089): exactly what the search's results page would show, by the site's own rules
 * (the filter registry's reference predicate and the search's `searchFinds`, which answers as
 * `searchMatchClass` does from an index of the listing's words). Before those
 * run, indexed columns pick the candidate groups of searches (those sharing all but the price):
 * their key words against the listing's probe words, so a listing reads a few groups out of many.
 */

export type MatchableListing = FilterableListing & SearchableListing;

/**
 * What the rules found out about one listing while checking its candidate searches: its word
 * index, built once, and whether it holds a search's words, by category and words (many
 * candidates share their words and differ in other filters). For one listing only.
 */
export interface ListingMatchMemo {
  index?: ListingWordIndex;
  byWords: Map<string, boolean>;
}

export const listingMatchMemo = (): ListingMatchMemo => ({ byWords: new Map() });

/** Search plans by category and words, kept across listings (a plan depends on nothing else). */
const plans = new Map<string, ReturnType<typeof planSearch>>();
const PLANS_KEPT = 20_000;

function planOf(q: string, category: Category) {
  const key = `${category} ${q}`;
  if (plans.has(key)) return plans.get(key);
  if (plans.size >= PLANS_KEPT) plans.clear();
  const plan = planSearch(q, category);
  plans.set(key, plan);
  return plan;
}

/** Whether the listing is among the search's results. */
export function savedSearchMatches(
  listing: MatchableListing,
  category: Category,
  filters: SavedSearchFilters,
  memo: ListingMatchMemo = listingMatchMemo(),
): boolean {
  const query = { category, sort: 'newest' as const, page: 1, pageSize: DEFAULT_PAGE_SIZE, ...filters };
  if (!matchesListingFilters(listing, query)) return false;
  if (filters.q === undefined) return true;
  const key = `${category} ${filters.q}`;
  let found = memo.byWords.get(key);
  if (found === undefined) {
    const plan = planOf(filters.q, category);
    if (plan === undefined) found = true;
    else {
      memo.index ??= listingWordIndex(listing);
      found = searchFinds(plan, memo.index);
    }
    memo.byWords.set(key, found);
  }
  return found;
}

/** A word with one letter left out, each way (symmetric deletion: two words one typo apart share one). */
function deletions(word: string): string[] {
  const letters = [...word];
  return letters.map((_, i) => [...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
}

/**
 * A search's key words: for its longest word, every word a listing may hold that finds it (the
 * word, the names it stands for, and, for a word that may carry a typo, its folded spelling and
 * that spelling with a letter left out). Every listing the search matches holds one of them
 * among its probe words. Null for a search without words.
 */
export function searchKeyWords(q: string | undefined, category: Category): string[] | null {
  const plan = q === undefined ? undefined : planSearch(q, category);
  if (!plan) return null;
  const term = plan.terms.reduce((longest, t) => (t.typed.length > longest.typed.length ? t : longest));
  const keys = new Set<string>();
  for (const alternative of term.alternatives) keys.add(alternative.words[0] ?? term.typed);
  if (canHaveTypo(term.typed)) {
    const folded = searchFold(term.typed);
    keys.add(folded);
    for (const variant of deletions(folded)) keys.add(variant);
  }
  return [...keys].sort();
}

/**
 * A listing's probe words: its words, their beginnings (the last typed word may be one), and
 * for words a typo may stand for their folded spelling with each letter left out.
 */
export function listingProbeWords(listing: SearchableListing): string[] {
  const text = listingSearchText(listing);
  const probes = new Set<string>();
  for (const word of new Set([text.title, text.head, text.description].flatMap(searchWords))) {
    probes.add(word);
    const letters = [...word];
    for (let n = PREFIX_MIN_LENGTH; n < letters.length; n++) probes.add(letters.slice(0, n).join(''));
    if (isTypoTarget(word)) {
      const folded = searchFold(word);
      probes.add(folded);
      for (const variant of deletions(folded)) probes.add(variant);
    }
  }
  return [...probes];
}

/** The indexed copies of a search's filters (migration 024), each null when the filter is not set. */
export function savedSearchColumns(category: Category, filters: SavedSearchFilters) {
  const values = filters as Record<string, string | number | undefined>;
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    minPrice: number(values.minPrice),
    maxPrice: number(values.maxPrice),
    bedrooms: number(values.bedrooms),
    subcategory: typeof values.subcategory === 'string' ? values.subcategory : null,
    keyWords: searchKeyWords(typeof values.q === 'string' ? values.q : undefined, category),
  };
}

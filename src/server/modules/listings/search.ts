import { LRUCache } from 'lru-cache';
import type { Queryable } from '#server/db/database';
import type { Category } from '#shared/categories';
import { filterParamsOf } from '#shared/listing-filters';
import { type ListingQuery, listingQuerySchema } from '#shared/listing-query';
import {
  addTypoMatches,
  isSearch,
  MATCH_TIERS,
  type MatchTier,
  planSearch,
  SEARCH_CLASSES,
  SEARCH_FIELDS,
  type SearchAlternative,
  type SearchField,
  type SearchPlan,
  type SearchTerm,
  searchFold,
  typoCandidatesWanted,
  wordsOneTypoFrom,
} from '#shared/listing-search';

/**
 * The search rules of src/shared/listing-search.ts in SQL: a plan becomes a tsquery per
 * match tier and rank field, matched against search_vector (migration 007), whose weights
 * say where a word stands: A the title, B the place and the category's own fields.
 */

/** Each category's letter ahead of its listings' words (listing_search_tag in migration 007). */
export const SEARCH_TAGS: Record<Category, string> = { product: 'p', property: 'h', business: 'b', visa: 'v' };

/**
 * A search counts its matches up to here, and ranks the newest this many; past it a page
 * says "1,000+".
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** A total as the API gives it: a search's count stops one past the limit. */
export function searchTotal(f: ListingQuery, total: number) {
  const exact = !isSearch(f.q) || total <= SEARCH_COUNT_LIMIT;
  return { total: exact ? total : SEARCH_COUNT_LIMIT, totalExact: exact };
}

/** The same words without the other filters, for a search that found nothing with them. */
export function nearbySearchQuery(f: ListingQuery): ListingQuery | undefined {
  if (!isSearch(f.q)) return undefined;
  const filtered = filterParamsOf(f.category).some((name) => name !== 'q' && f[name] !== undefined);
  return filtered
    ? listingQuerySchema.parse({ category: f.category, q: f.q, pageSize: String(f.pageSize) })
    : undefined;
}

/**
 * The longest the search plan cache keeps an entry without a change notice: listings written
 * outside the app (a seed, an import in SQL) send none.
 */
export const SEARCH_PLAN_CACHE_MS = 10 * 60_000;

/** The plan cache's two parts, for the metrics: typo words, and the strategy a search used. */
export type SearchPlanCacheName = 'words' | 'strategies';

/**
 * What search plans learn about the listings, cached per instance until listings change
 * (`forget`, on every instance through the change notices) or for SEARCH_PLAN_CACHE_MS at most:
 * - `words`: the listing words a typed word may stand for with one typo (the rule's picks
 *   among its two index ranges), per category and word, so a search of words seen since the
 *   last change costs one statement, not two;
 * - `strategies`: the access path a search used (scan newest, or use the word index), per
 *   filters and words, so the same search again, on another page or in another order, skips
 *   the sample of the newest listings.
 * Only plans are cached, never results: every search still reads its matches, total and rank
 * from the database, and a stale strategy costs time, never a wrong answer. Reads that began
 * before a change finish into the old cache, which nothing reads again.
 */
export function createSearchPlanCache({
  max = 20_000,
  clock = performance,
  onLookup,
}: {
  max?: number;
  clock?: { now(): number };
  /** Told whether each look-up found what it wanted (for the metrics). */
  onLookup?: (name: SearchPlanCacheName, result: 'hit' | 'miss') => void;
} = {}) {
  const lru = <V extends {}>() =>
    new LRUCache<string, V>({ max, ttl: SEARCH_PLAN_CACHE_MS, perf: clock, ttlResolution: 0 });
  const newCache = () => ({ words: lru<readonly string[]>(), strategies: lru<boolean>() });
  let cache = newCache();
  return {
    /** The cache to read and fill during one search. */
    current: () => cache,
    onLookup,
    forget() {
      cache = newCache();
    },
  };
}
export type SearchPlanCache = ReturnType<typeof createSearchPlanCache>;

/**
 * A query's plan with the listing words one typo away from its longer words (from `planCache`
 * when given, else the database). One typo leaves the first two or the last two letters of a
 * folded word in place, so the candidates come from two index ranges of search_words; the
 * rule itself then picks among them.
 */
export async function resolveSearch(
  db: Pick<Queryable, 'query'>,
  q: string | undefined,
  category: Category,
  planCache?: SearchPlanCache,
) {
  const plan = q === undefined ? undefined : planSearch(q, category);
  if (!plan) return undefined;
  const typed = typoCandidatesWanted(plan);
  if (typed.length === 0) return plan;
  const store = planCache?.current().words;
  const key = (word: string) => `${category} ${word}`;
  const near = new Map(typed.map((word) => [word, store?.get(key(word))]));
  const missing = typed.filter((word) => near.get(word) === undefined);
  for (const word of typed) planCache?.onLookup?.('words', missing.includes(word) ? 'miss' : 'hit');
  if (missing.length > 0) {
    const found = await wordsNear(db, category, missing);
    for (const word of missing) {
      // Only the few the rule takes are kept, not every word of the two ranges.
      const words = wordsOneTypoFrom(word, found.get(word) ?? []);
      near.set(word, words);
      store?.set(key(word), words);
    }
  }
  return addTypoMatches(
    plan,
    [...near.values()].flatMap((words) => words ?? []),
  );
}

/** The search_words rows each typed word's two index ranges hold, by typed word. */
async function wordsNear(db: Pick<Queryable, 'query'>, category: Category, typed: readonly string[]) {
  const values: unknown[] = [category];
  const add = (value: unknown) => `$${values.push(value)}`;
  const ranges = typed.map((word, i) => {
    const folded = searchFold(word);
    const lengths = `length(folded) BETWEEN ${add(folded.length - 1)} AND ${add(folded.length + 1)}`;
    return `SELECT ${i} AS typed, word FROM search_words WHERE category = $1 AND (
      (left(folded, 2) = ${add(folded.slice(0, 2))} AND ${lengths}) OR (right(folded, 2) = ${add(folded.slice(-2))} AND ${lengths}))`;
  });
  const { rows } = await db.query<{ typed: number; word: string }>(
    ranges.join(' UNION ALL '),
    values,
    // One shape per count of long words, which the query's length bounds.
    { prepared: true },
  );
  const found = new Map<string, string[]>();
  for (const row of rows) {
    const word = typed[row.typed] as string;
    const words = found.get(word);
    if (words) words.push(row.word);
    else found.set(word, [row.word]);
  }
  return found;
}

/** The weights a word may have to count in a rank field: the title (A), the title or own fields (A, B), any. */
const FIELD_WEIGHTS: Record<SearchField, string> = { title: 'A', head: 'AB', all: '' };

/** A word as tsquery text, behind its category's letter: it holds only letters and digits, quoted all the same. */
function lexeme(tag: string, word: string, prefix: boolean, weights: string): string {
  const label = `${prefix ? '*' : ''}${weights}`;
  return `'${tag}${word.replace(/['\\]/g, '\\$&')}'${label ? `:${label}` : ''}`;
}

function alternativeQuery(tag: string, alt: SearchAlternative, field: SearchField): string {
  // Names of a country or a type count in the title and own fields only.
  const weights = alt.headOnly && field === 'all' ? FIELD_WEIGHTS.head : FIELD_WEIGHTS[field];
  const words = alt.words.map((word) => lexeme(tag, word, alt.prefix, weights));
  return words.length === 1 ? (words[0] as string) : `(${words.join(' <-> ')})`;
}

/** Every word, found in one of its strategies of this tier or a better one, in this field. */
export function searchTsquery(plan: SearchPlan, maxTier: number, field: SearchField = 'all'): string {
  const term = ({ alternatives }: SearchTerm) => {
    // A name may read as a word the term has already (the visa type "student").
    const strategies = new Set(
      alternatives
        .filter((alt) => alt.tier <= maxTier)
        .map((alt) => alternativeQuery(SEARCH_TAGS[plan.category], alt, field)),
    );
    return `(${[...strategies].join(' | ')})`;
  };
  return plan.terms.map(term).join(' & ');
}

/** The tsquery a listing must match to be found at all: every word, in any of its strategies. */
export function searchFindQuery(plan: SearchPlan): string {
  return searchTsquery(plan, 2);
}

/**
 * A listing's rank class (an index into SEARCH_CLASSES), for a listing the search found.
 * A word found at one tier is found at every later one, and found in the title it is found
 * in the title and own fields, and anywhere: so the class is the first tier that finds every
 * word anywhere, then the first field of that tier that does. Tested in that order, a listing
 * costs at most two tests per tier rather than one per class.
 */
export function searchRankClass(plan: SearchPlan, param: (value: unknown) => string): string {
  const lastField = SEARCH_FIELDS.length - 1;
  const found = (tier: MatchTier, field: SearchField) =>
    `search_vector @@ ${param(searchTsquery(plan, tier, field))}::tsquery`;
  const classOf = (tier: MatchTier, field: number) =>
    SEARCH_CLASSES.findIndex((c) => c.tier === tier && c.field === SEARCH_FIELDS[field]);
  const fieldsOf = (tier: MatchTier) => {
    const tests = SEARCH_FIELDS.slice(0, lastField).map(
      (field, i) => `WHEN ${found(tier, field)} THEN ${classOf(tier, i)}`,
    );
    return `CASE ${tests.join(' ')} ELSE ${classOf(tier, lastField)} END`;
  };
  // A tier that adds no way of finding a word finds nothing the one before did not.
  const tiers = MATCH_TIERS.filter(
    (tier, i) => i === 0 || searchTsquery(plan, tier) !== searchTsquery(plan, MATCH_TIERS[i - 1] as MatchTier),
  );
  const last = tiers.pop() as MatchTier;
  if (tiers.length === 0) return fieldsOf(last);
  const tests = tiers.map((tier) => `WHEN ${found(tier, 'all')} THEN ${fieldsOf(tier)}`);
  return `CASE ${tests.join(' ')} ELSE ${fieldsOf(last)} END`;
}

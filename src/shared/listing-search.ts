import { listings as enListings } from '#shared/i18n/en/listings';
import { listings as soListings } from '#shared/i18n/so/listings';
import { type Category, PRODUCT_CONDITIONS, PROPERTY_TYPES, SUBCATEGORIES } from './categories';
import { VISA_COUNTRIES, VISA_TYPES } from './listing-filters';
import { once } from './once';

/**
 * How the search box matches and ranks listings, stated once. The server turns a plan into
 * SQL (src/server/modules/listings/search.ts); `searchMatchClass` applies the same rules to
 * one listing, as the reference the tests compare the database with.
 *
 * - Text is split into words at every character that is not a letter or a digit, and
 *   lowercased; words are not stemmed, so English and Somali are matched alike.
 * - Every word of the query must be found, in any order: as a whole word; the last word
 *   (2+ characters) also as the beginning of a word; a word of 5+ letters also with one typo.
 * - The names of a visa country (English and Somali) and of a category, type or condition
 *   find the listings that carry it in their title or their own fields.
 * - With a search, listings rank by how well the worst-matched word matched (whole word,
 *   then beginning, then typo), then by where all words were found (title, then title and
 *   place or category fields, then anywhere), then newest first.
 */

/** The same character class as listing_search_words() in migration 007. */
export const SEARCH_WORD_SEPARATORS =
  /[^0-9a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u1FFF\u2C00-\u2DFF\u3040-\uD7FF\uF900-\uFFEF]+/u;

/** A word of this many letters or more may carry one typo. */
export const TYPO_MIN_LETTERS = 5;
/** The last word matches the beginning of longer words from this length on. */
export const PREFIX_MIN_LENGTH = 2;
/** Words shorter than this in a category's name do not stand for it (Somali "la", "dib", "loo"). */
const NAME_WORD_MIN_LENGTH = 4;

/** The words of a text as search compares them. */
export function searchWords(text: string): string[] {
  return text.normalize('NFC').toLowerCase().split(SEARCH_WORD_SEPARATORS).filter(Boolean);
}

/** A query with at least one word searches; one made only of punctuation does not. */
export function isSearch(q: string | undefined): q is string {
  return q !== undefined && searchWords(q).length > 0;
}

/**
 * The spelling typos are judged on: y read as i, doubled letters single ("kilimny" and
 * "kilimani", "garbasar" and "garbasaar"). listing_search_fold() in migration 007 is the same.
 */
export function searchFold(word: string): string {
  return word.replaceAll('y', 'i').replace(/(.)\1+/gu, '$1');
}

export function canHaveTypo(word: string): boolean {
  return word.length >= TYPO_MIN_LETTERS && !/[0-9]/.test(word);
}

/** The listing words a typo may stand for: four letters or more, no digits (search_words in migration 007). */
export function isTypoTarget(word: string): boolean {
  return word.length >= TYPO_MIN_LETTERS - 1 && !/[0-9]/.test(word);
}

/** One letter missing, added or wrong, or two neighbours swapped (on folded spellings). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Whether a listing's word is the typed word with one typo (a typed word of 5+ letters). */
export function isOneTypoFrom(typed: string, word: string): boolean {
  return typed !== word && canHaveTypo(typed) && withinOneEdit(searchFold(typed), searchFold(word));
}

/** 0: whole word, 1: beginning of a word, 2: one typo. */
export const MATCH_TIERS = [0, 1, 2] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];
/** title; title and the place or category fields; anywhere (description too). */
export const SEARCH_FIELDS = ['title', 'head', 'all'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** The rank classes, best first: the tier of the worst-matched word, then where all words were. */
export const SEARCH_CLASSES = /* @__PURE__ */ MATCH_TIERS.flatMap((tier) =>
  SEARCH_FIELDS.map((field) => ({ tier, field })),
);

/** One way a typed word may be found: these words in a row in the listing. */
export interface SearchAlternative {
  words: readonly string[];
  /** The (single) word may be the beginning of a longer one. */
  prefix: boolean;
  tier: MatchTier;
  /** Names stand for a listing's country or category: they count in its title or own fields only. */
  headOnly: boolean;
}

export interface SearchTerm {
  typed: string;
  alternatives: SearchAlternative[];
}

/** A query on one category's page, word by word, with every way each word may be found. */
export interface SearchPlan {
  category: Category;
  terms: SearchTerm[];
}

/** Names that stand for one value: a visa country, or a category's type, condition or subcategory. */
interface NameGroup {
  /** What a listing carries: each entry is a run of words. */
  targets: readonly (readonly string[])[];
  /** Words a visitor may type for it. */
  words: readonly string[];
}

function labelWords(...labels: string[]): string[] {
  return labels.flatMap(searchWords).filter((w) => w.length >= NAME_WORD_MIN_LENGTH);
}

function labelGroups<K extends string>(
  values: readonly K[],
  en: Record<K, string>,
  so: Record<K, string>,
): NameGroup[] {
  return values.map((value) => ({ targets: [[value]], words: [value, ...labelWords(en[value], so[value])] }));
}

/** A country's code and names; every word of them stands for it ("united states of america"). */
function countryGroup(code: string, names: readonly string[]): NameGroup {
  const phrases = [code, ...names].map(searchWords);
  return { targets: phrases, words: [...new Set(phrases.flat())] };
}

/** Built on first use, so pages that only split words do not pay for it. */
const categoryNameGroups = /* @__PURE__ */ once(
  (): Record<Category, NameGroup[]> => ({
    product: [
      ...labelGroups(SUBCATEGORIES.product, enListings.subcategories, soListings.subcategories),
      ...labelGroups(PRODUCT_CONDITIONS, enListings.conditions, soListings.conditions),
    ],
    property: labelGroups(PROPERTY_TYPES, enListings.propertyTypes, soListings.propertyTypes),
    business: labelGroups(SUBCATEGORIES.business, enListings.subcategories, soListings.subcategories),
    visa: [
      ...Object.entries(VISA_COUNTRIES).map(([code, names]) => countryGroup(code, names)),
      ...labelGroups(VISA_TYPES, enListings.visa.types, soListings.visa.types),
    ],
  }),
);

/** How well a typed word matches a word: a tier, or undefined. */
function matchTier(typed: string, word: string, isLast: boolean): MatchTier | undefined {
  if (typed === word) return 0;
  if (isLast && typed.length >= PREFIX_MIN_LENGTH && word.startsWith(typed)) return 1;
  if (isOneTypoFrom(typed, word)) return 2;
  return undefined;
}

function bestTier(tiers: (MatchTier | undefined)[]): MatchTier | undefined {
  const found = tiers.filter((t): t is MatchTier => t !== undefined);
  return found.length ? (Math.min(...found) as MatchTier) : undefined;
}

/**
 * A query's words and the ways each may be found, before typos against listing words (which
 * the server looks up, see `addTypoMatches`). No plan when the query has no word.
 */
export function planSearch(q: string, category: Category): SearchPlan | undefined {
  // A word typed twice counts once; the last one typed keeps its place as the last word.
  const words = searchWords(q)
    .reverse()
    .filter((w, i, all) => all.indexOf(w) === i)
    .reverse();
  if (words.length === 0) return undefined;
  const terms = words.map((typed, index) => {
    const isLast = index === words.length - 1;
    const alternatives: SearchAlternative[] = [{ words: [typed], prefix: false, tier: 0, headOnly: false }];
    if (isLast && typed.length >= PREFIX_MIN_LENGTH) {
      alternatives.push({ words: [typed], prefix: true, tier: 1, headOnly: false });
    }
    for (const group of categoryNameGroups()[category]) {
      const tier = bestTier(group.words.map((w) => matchTier(typed, w, isLast)));
      if (tier === undefined) continue;
      for (const target of group.targets) alternatives.push({ words: target, prefix: false, tier, headOnly: true });
    }
    return { typed, alternatives: dedupe(alternatives) };
  });
  return { category, terms };
}

/** The typed words that may carry a typo: the server looks up listing words one typo away. */
export function typoCandidatesWanted(plan: SearchPlan): string[] {
  return plan.terms.map((t) => t.typed).filter(canHaveTypo);
}

/** Of these listing words, those a typed word may stand for with one typo, in order. */
export function wordsOneTypoFrom(typed: string, listingWords: Iterable<string>): string[] {
  return [...new Set(listingWords)].filter((word) => isTypoTarget(word) && isOneTypoFrom(typed, word)).sort();
}

/** Adds, for each typed word of 5+ letters, the listing words one typo away from it. */
export function addTypoMatches(plan: SearchPlan, listingWords: Iterable<string>): SearchPlan {
  const vocabulary = [...new Set(listingWords)];
  return {
    category: plan.category,
    terms: plan.terms.map((term) => ({
      typed: term.typed,
      alternatives: dedupe([
        ...term.alternatives,
        ...wordsOneTypoFrom(term.typed, vocabulary).map((word) => ({
          words: [word],
          prefix: false,
          tier: 2 as const,
          headOnly: false,
        })),
      ]),
    })),
  };
}

/** Keeps the best tier of each distinct alternative. */
function dedupe(alternatives: SearchAlternative[]): SearchAlternative[] {
  const best = new Map<string, SearchAlternative>();
  for (const alt of alternatives) {
    const key = `${alt.words.join(' ')}|${alt.prefix}|${alt.headOnly}`;
    const seen = best.get(key);
    if (!seen || alt.tier < seen.tier) best.set(key, alt);
  }
  return [...best.values()];
}

/** The texts a search reads, as the listing stores them. */
export interface SearchableListing {
  title: string;
  description: string;
  subcategory: string;
  location: string | null;
  product_condition: string | null;
  property_type: string | null;
  business_type: string | null;
  country: string | null;
  visa_type: string | null;
}

/** The listing's words, field by field: the title, then its place and own fields, then the description. */
export function listingSearchText(l: SearchableListing): { title: string; head: string; description: string } {
  const own = [
    l.location,
    l.subcategory,
    l.product_condition,
    l.property_type,
    l.business_type,
    l.country,
    l.visa_type,
  ];
  return { title: l.title, head: own.map((part) => part ?? '').join(' '), description: l.description };
}

/** Whether a way of finding a word finds it among these words (in a row, or as a beginning). */
function foundIn(alt: SearchAlternative, tokens: readonly string[]): boolean {
  const [first = ''] = alt.words;
  if (alt.prefix) return tokens.some((t) => t.startsWith(first));
  return tokens.some((_, i) => alt.words.every((w, j) => tokens[i + j] === w));
}

/**
 * The words a search that found nothing as typed was forgiven into, read from the listing it
 * ranked first: each typed word this listing holds only with one typo reads as the word it
 * holds ("samsng galaxy" reads "samsung galaxy"). Undefined when the listing holds every word
 * as typed.
 */
export function searchedForOf(plan: SearchPlan, listing: SearchableListing): string | undefined {
  const text = listingSearchText(listing);
  const tokens = [text.title, text.head, text.description].flatMap(searchWords);
  let changed = false;
  const words = plan.terms.map((term) => {
    if (term.alternatives.some((alt) => alt.tier < 2 && foundIn(alt, tokens))) return term.typed;
    const typo = term.alternatives.find((alt) => alt.tier === 2 && !alt.headOnly && foundIn(alt, tokens));
    if (!typo) return term.typed;
    changed = true;
    return typo.words.join(' ');
  });
  return changed ? words.join(' ') : undefined;
}

/** A listing's words as the search reads them, by field. */
export interface ListingSearchWords {
  title: string[];
  head: string[];
  all: string[];
}

/** The words `searchMatchClass` reads of a listing: read once when many searches look at one listing. */
export function listingSearchWords(listing: SearchableListing): ListingSearchWords {
  const text = listingSearchText(listing);
  const title = searchWords(text.title);
  const head = [...title, ...searchWords(text.head)];
  return { title, head, all: [...head, ...searchWords(text.description)] };
}

/**
 * The reference for one listing: its rank class (an index into SEARCH_CLASSES, lower is
 * better), or undefined when it does not match. Typos are looked for among its own words.
 */
export function searchMatchClass(
  plan: SearchPlan,
  listing: SearchableListing,
  words: ListingSearchWords = listingSearchWords(listing),
): number | undefined {
  const { head, all } = words;
  const full = addTypoMatches(plan, all);
  const found = (alt: SearchAlternative, field: SearchField) =>
    foundIn(alt, alt.headOnly && field === 'all' ? head : words[field]);
  const index = SEARCH_CLASSES.findIndex(({ tier, field }) =>
    full.terms.every((term) => term.alternatives.some((alt) => alt.tier <= tier && found(alt, field))),
  );
  return index === -1 ? undefined : index;
}

/** A field's words for `searchFinds`: as read, as a set, and every beginning of each (built when first asked). */
interface IndexedWords {
  tokens: readonly string[];
  words: Set<string>;
  beginnings?: Set<string>;
}

/**
 * A listing's words prepared to answer one question for many searches: is the listing among
 * the results (saved-search alerts ask it of hundreds of searches per new listing). Whole words
 * and their beginnings are sets; typos go through symmetric deletion: each folded word and its
 * spellings with one letter left out are keys to the word, and two spellings one typo apart
 * share a key, so a typed word costs a few lookups rather than a comparison with every word.
 */
export interface ListingWordIndex {
  head: IndexedWords;
  all: IndexedWords;
  /** Folded spelling, or that spelling less one letter, to the listing words (typo targets) that have it. */
  typoKeys: Map<string, string[]>;
}

/** A folded word and the word with each letter left out in turn (code units, as `withinOneEdit` reads them). */
function typoKeysOf(folded: string): string[] {
  const keys = [folded];
  for (let i = 0; i < folded.length; i++) keys.push(folded.slice(0, i) + folded.slice(i + 1));
  return keys;
}

export function listingWordIndex(listing: SearchableListing): ListingWordIndex {
  const { head, all } = listingSearchWords(listing);
  const typoKeys = new Map<string, string[]>();
  for (const word of new Set(all)) {
    if (!isTypoTarget(word)) continue;
    for (const key of new Set(typoKeysOf(searchFold(word)))) {
      const words = typoKeys.get(key);
      if (words) words.push(word);
      else typoKeys.set(key, [word]);
    }
  }
  return { head: { tokens: head, words: new Set(head) }, all: { tokens: all, words: new Set(all) }, typoKeys };
}

/**
 * Of the indexed listing's words, those a typed word may stand for with one typo, in order: the
 * same as `wordsOneTypoFrom(typed, all its words)`. Every word within one edit shares a key with
 * the typed word (equal, one is the other less a letter, or both less one letter), and each
 * word a key finds is checked with the rule itself.
 */
export function indexedWordsOneTypoFrom(typed: string, index: ListingWordIndex): string[] {
  if (!canHaveTypo(typed)) return [];
  const found = new Set<string>();
  for (const key of typoKeysOf(searchFold(typed))) {
    for (const word of index.typoKeys.get(key) ?? []) if (isOneTypoFrom(typed, word)) found.add(word);
  }
  return [...found].sort();
}

function foundAmong(alt: SearchAlternative, field: IndexedWords): boolean {
  const [first = ''] = alt.words;
  if (alt.prefix) {
    field.beginnings ??= new Set(
      field.tokens.flatMap((t) => Array.from({ length: t.length + 1 }, (_, n) => t.slice(0, n))),
    );
    return field.beginnings.has(first);
  }
  if (alt.words.length === 1) return field.words.has(first);
  return alt.words.every((w) => field.words.has(w)) && foundIn(alt, field.tokens);
}

/**
 * Whether the search finds the listing at all: `searchMatchClass(plan, listing) !== undefined`,
 * answered from the listing's word index. Its loosest class decides (a word found in the title
 * or with its place is found anywhere), so each word needs one way of being found anywhere
 * (names in the title or own fields), or a listing word one typo away.
 */
export function searchFinds(plan: SearchPlan, index: ListingWordIndex): boolean {
  return plan.terms.every(
    (term) =>
      term.alternatives.some((alt) => foundAmong(alt, alt.headOnly ? index.head : index.all)) ||
      indexedWordsOneTypoFrom(term.typed, index).length > 0,
  );
}

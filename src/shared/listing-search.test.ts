import { describe, expect, it } from 'vitest';
import {
  caseListing,
  SEARCH_MATCH_CASES,
  SEARCH_RANK_CASES,
  type SearchCaseListing,
} from '../../tests/support/listing-search-cases';
import type { Category } from './categories';
import {
  isOneTypoFrom,
  isSearch,
  planSearch,
  SEARCH_CLASSES,
  type SearchableListing,
  searchFold,
  searchMatchClass,
  searchWords,
  wordsOneTypoFrom,
} from './listing-search';

const DEFAULT_SUBCATEGORY = { product: 'electronics', property: 'apartment', business: 'retail', visa: 'tourist' };

function searchable(category: Category, texts: SearchCaseListing): SearchableListing {
  const l = caseListing(category, texts);
  return {
    title: l.title ?? '',
    description: l.description ?? '',
    subcategory: l.subcategory ?? DEFAULT_SUBCATEGORY[category],
    location: l.location ?? null,
    product_condition: l.product_condition ?? null,
    property_type: l.property_type ?? null,
    business_type: l.business_type ?? null,
    country: l.country ?? null,
    visa_type: l.visa_type ?? null,
  };
}

/** The reference's verdict: found, and how well (a rank class; lower is better). */
function classOf(category: Category, q: string, texts: SearchCaseListing): number | undefined {
  const plan = planSearch(q, category);
  return plan ? searchMatchClass(plan, searchable(category, texts)) : 0;
}

describe('which listings a search finds', () => {
  it.each(SEARCH_MATCH_CASES)('$rule: $q', ({ category, q, listing, found }) => {
    expect(classOf(category, q, listing) !== undefined).toBe(found);
  });
});

describe('how a search ranks what it finds', () => {
  it.each(SEARCH_RANK_CASES)('$rule: $q', ({ category, q, listings }) => {
    const classes = listings.map((l) => classOf(category, q, l));
    expect(classes.every((c) => c !== undefined)).toBe(true);
    // Each listing ranks no worse than the next; equal classes fall back to newest first.
    for (let i = 1; i < listings.length; i++) {
      const [better, worse] = [classes[i - 1] as number, classes[i] as number];
      expect(better).toBeLessThanOrEqual(worse);
      if (better === worse) {
        expect(Date.parse(listings[i - 1]?.created_at ?? '')).toBeGreaterThan(
          Date.parse(listings[i]?.created_at ?? ''),
        );
      }
    }
  });

  it('orders the classes by match, then by field', () => {
    expect(SEARCH_CLASSES.map(({ tier, field }) => `${tier}:${field}`)).toEqual([
      '0:title',
      '0:head',
      '0:all',
      '1:title',
      '1:head',
      '1:all',
      '2:title',
      '2:head',
      '2:all',
    ]);
  });
});

describe('the words of a search', () => {
  it.each([
    ['Samsung  Galaxy-S21!', ['samsung', 'galaxy', 's21']],
    ['Lang’ata', ['lang', 'ata']],
    ['TÜRKIYE', ['türkiye']],
    ['100%', ['100']],
    ['%_', []],
    ['phone😀case', ['phone', 'case']],
  ])('%j → %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it('is no search without a word', () => {
    expect(isSearch('  %% ')).toBe(false);
    expect(isSearch(undefined)).toBe(false);
    expect(isSearch('a')).toBe(true);
  });

  it('counts a word typed twice once, keeping the last as the last word', () => {
    expect(planSearch('sams galaxy sams', 'product')?.terms.map((t) => t.typed)).toEqual(['galaxy', 'sams']);
  });
});

describe('one typo', () => {
  it.each([
    ['samsng', 'samsung', true],
    ['kilimny', 'kilimani', true],
    ['garbasar', 'garbasaar', true],
    ['samsung', 'samsung', false],
    ['sofs', 'sofa', false],
    ['smasnug', 'samsung', false],
    ['iphone13', 'iphone12', false],
  ])('%s and %s: %s', (typed, word, expected) => {
    expect(isOneTypoFrom(typed, word)).toBe(expected);
  });

  it('folds y to i and doubled letters to one', () => {
    expect(searchFold('kilimny')).toBe('kilimni');
    expect(searchFold('garbasaar')).toBe('garbasar');
  });

  it('picks, once each and in order, the listing words a typed word may stand for', () => {
    const listingWords = ['samsung', 'samson', 'sams', 'sam5ung', 'samsung'];
    expect(wordsOneTypoFrom('samsng', listingWords)).toEqual(['samsung']);
    expect(wordsOneTypoFrom('kalabasi', ['kalabash', 'kalabaash', 'kalabasi'])).toEqual(['kalabaash', 'kalabash']);
  });
});

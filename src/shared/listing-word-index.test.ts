import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../../tests/support/random';
import { CATEGORIES, type Category, PRODUCT_CONDITIONS, SUBCATEGORIES } from './categories';
import { VISA_COUNTRY_CODES } from './listing-filters';
import {
  indexedWordsOneTypoFrom,
  listingSearchWords,
  listingWordIndex,
  planSearch,
  type SearchableListing,
  searchFinds,
  searchMatchClass,
  searchWords,
  wordsOneTypoFrom,
} from './listing-search';

/** English and Somali words, short ones, digits, y and doubled letters, accents, names of countries and types. */
const WORDS = [
  'samsung',
  'galaxy',
  'iphone',
  'iphone13',
  'a54',
  '128gb',
  'tv',
  'hp',
  'laptop',
  'sofa',
  'sofs',
  'baati',
  'kilimani',
  'kilimny',
  'eastleigh',
  'garbasaar',
  'garbasar',
  'guri',
  'gurigan',
  'dhul',
  'xamar',
  'muqdisho',
  'hargeysa',
  'hargeisa',
  'kalabaash',
  'kalabash',
  'qolal',
  'qol',
  'suuq',
  'suuqa',
  'maqaayad',
  'dukaan',
  'dukaanka',
  'mareykanka',
  'maraykan',
  'ingiriiska',
  'ingiriska',
  'kanada',
  'canada',
  'turkiye',
  'türkiye',
  'café',
  'naïve',
  'jarmal',
  'used',
  'new',
  'apartment',
  'appartment',
  'bedsitter',
  'studio',
  'yy',
  'yaaay',
  'aaaaa',
  'abcde',
  'abced',
  'bacde',
  'abcd',
  'abcdef',
  'x1234',
  '2024',
  'qur',
  'aan',
  'kenya',
  'kenia',
  'nairobi',
];
const LETTERS = "abcdeghiklmnoqrstuwxy\u00e9\u00fc0123456789'";

/** A word changed the ways a visitor mistypes: a letter dropped, added, changed, swapped with its neighbour, doubled. */
function mistype(random: Random, word: string): string {
  const i = random.int(word.length + 1);
  const letter = random.pick([...LETTERS]);
  switch (random.int(7)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + letter + word.slice(i);
    case 2:
      return word.slice(0, i) + letter + word.slice(i + 1);
    case 3:
      return word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
    case 4:
      return word.slice(0, i) + (word[i] ?? '') + word.slice(i);
    case 5:
      return word.replaceAll('i', 'y');
    default:
      return random.pick(WORDS);
  }
}

function text(random: Random, words: number): string {
  return Array.from({ length: words }, () => {
    const word = random.pick(WORDS);
    return random.next() < 0.3 ? mistype(random, word) : word;
  }).join(random.pick([' ', ', ', "'", '-', ' & ']));
}

function listing(random: Random, category: Category): SearchableListing {
  return {
    title: text(random, 2 + random.int(4)),
    description: text(random, random.int(20)),
    subcategory: random.pick(SUBCATEGORIES[category]),
    location: random.next() < 0.5 ? text(random, 1) : null,
    product_condition: category === 'product' ? random.pick(PRODUCT_CONDITIONS) : null,
    property_type: null,
    business_type: null,
    country: category === 'visa' ? random.pick(VISA_COUNTRY_CODES) : null,
    visa_type: null,
  };
}

describe('a listing word index', () => {
  it('finds the same words one typo away as comparing with every word', () => {
    const random = createRandom(1);
    let typos = 0;
    for (let n = 0; n < 1500; n++) {
      const l = listing(random, 'product');
      const index = listingWordIndex(l);
      const all = listingSearchWords(l).all;
      for (let k = 0; k < 10; k++) {
        const [typed = ''] = searchWords(mistype(random, random.pick(all.length ? all : WORDS)) || 'x');
        const expected = wordsOneTypoFrom(typed, all);
        if (expected.length > 0) typos++;
        expect(indexedWordsOneTypoFrom(typed, index), `${typed} in ${all.join(' ')}`).toEqual(expected);
      }
    }
    // Typed words with and without words one typo away, both often.
    expect(typos).toBeGreaterThan(2000);
    expect(typos).toBeLessThan(13_000);
  });

  it('finds a listing exactly when the search rules do, on every category', () => {
    const random = createRandom(2);
    let found = 0;
    for (let n = 0; n < 2000; n++) {
      const category = random.pick(CATEGORIES);
      const l = listing(random, category);
      const index = listingWordIndex(l);
      for (let k = 0; k < 5; k++) {
        const q =
          random.next() < 0.5
            ? text(random, 1 + random.int(3))
            : mistype(random, random.pick(searchWords(l.title)) ?? 'x');
        const plan = planSearch(q, category);
        if (!plan) continue;
        const expected = searchMatchClass(plan, l) !== undefined;
        if (expected) found++;
        expect(searchFinds(plan, index), `"${q}" in ${JSON.stringify(l)}`).toBe(expected);
      }
    }
    // Both answers were asked for often.
    expect(found).toBeGreaterThan(1000);
    expect(found).toBeLessThan(9000);
  });
});

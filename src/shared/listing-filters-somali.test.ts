import { describe, expect, it } from 'vitest';
import { countryNamesMatchingSearch } from './listing-filters';

describe('a visa search in Somali', () => {
  it.each([
    ['Maraykan', 'usa'],
    ['ingiriiska', 'uk'],
    ['Jarmal', 'germany'],
    ['Imaaraadka', 'dubai'],
    ['koonfur', 'south africa'],
  ])('%s finds the listings stored as %s', (search, stored) => {
    expect(countryNamesMatchingSearch(search)).toContain(stored);
  });
});

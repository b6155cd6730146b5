import { describe, expect, it } from 'vitest';
import { blockedWordsMatcher, wordsOf } from './blocked-words';

describe('blocked words', () => {
  const holds = blockedWordsMatcher(['scam', 'cheap pills', 'lacag  BILAASH', '!!!', 'café']);

  it('matches a whole word whatever its case and the punctuation around it', () => {
    expect(holds('SCAM!')).toBe(true);
    expect(holds('a scam offer')).toBe(true);
    expect(holds('(scam)')).toBe(true);
    expect(holds('"Scam", they said')).toBe(true);
    expect(holds('line one\nscam\nline three')).toBe(true);
  });

  it('does not match a word inside another', () => {
    expect(holds('scamper')).toBe(false);
    expect(holds('antiscam')).toBe(false);
    expect(holds('a fine offer')).toBe(false);
  });

  it('matches a phrase with extra spaces, other case or punctuation inside it', () => {
    expect(holds('Buy CHEAP    PILLS now')).toBe(true);
    expect(holds('cheap-pills')).toBe(true);
    expect(holds('cheap\n\tpills')).toBe(true);
    expect(holds('cheap.pills')).toBe(true);
  });

  it('needs every word of a phrase, in order and together', () => {
    expect(holds('cheap')).toBe(false);
    expect(holds('pills cheap')).toBe(false);
    expect(holds('cheap blue pills')).toBe(false);
    expect(holds('cheap pillsbury')).toBe(false);
  });

  it('takes Somali and accented Latin letters alike', () => {
    expect(holds('Lacag bilaash ah!')).toBe(true);
    expect(holds('LACAG-BILAASH')).toBe(true);
    expect(holds('lacagta bilaash')).toBe(false);
    expect(holds('Café')).toBe(true);
    expect(holds('CAFE')).toBe(true);
    expect(holds('cafeteria')).toBe(false);
  });

  it('ignores an entry without letters or digits, and an empty list matches nothing', () => {
    expect(holds('!!! wow !!!')).toBe(false);
    expect(blockedWordsMatcher([])('scam')).toBe(false);
  });

  it('splits words at anything not a letter or digit', () => {
    expect(wordsOf("  Ba'an, 2 ÉTÉ!  ")).toEqual(['ba', 'an', '2', 'ete']);
  });
});

import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';
import { businessTypeText, processingTimeText } from './listing-terms';

describe('the site’s own words inside listings', () => {
  it.each([
    ['3-4 weeks', '3-4 toddobaad'],
    ['24 hours', '24 saac'],
    ['1-3 days', '1-3 maalmood'],
    ['1 week', '1 toddobaad'],
    ['1 month', '1 bil'],
    ['2-3 months', '2-3 bilood'],
    ['2 to 4 weeks', '2-4 toddobaad'],
  ])('a processing time %s reads %s in Somali', (english, somali) => {
    expect(processingTimeText(english, 'so')).toBe(somali);
    expect(processingTimeText(english, 'en')).toBe(english);
  });

  it('a business type that is a subcategory’s name is translated; a seller’s own words are not', () => {
    const so = createTranslator('so');
    expect(businessTypeText('Restaurant', so)).toBe('Makhaayad');
    expect(businessTypeText(' restaurant ', so)).toBe('Makhaayad');
    expect(businessTypeText('Hotel and restaurant', so)).toBe('Hotel and restaurant');
    expect(businessTypeText('Restaurant', createTranslator('en'))).toBe('Restaurant');
  });
});

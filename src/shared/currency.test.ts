import { describe, expect, it } from 'vitest';
import {
  currencyFromAcceptLanguage,
  type ExchangeRates,
  formatConverted,
  pickCurrency,
  roundApproximate,
} from './currency';

describe('the currency a first visit gets from the browser languages', () => {
  it.each([
    ['en-GB,en;q=0.9', 'GBP'],
    ['en-US,en;q=0.9', 'USD'],
    ['sv', 'SEK'],
    ['sv-SE,sv;q=0.9,en;q=0.5', 'SEK'],
    ['nb-NO,nb;q=0.9', 'NOK'],
    ['nb', 'NOK'],
    ['no', 'NOK'],
    ['fr-CA,fr;q=0.9', 'CAD'],
    ['en-CA', 'CAD'],
    ['ar-AE,ar;q=0.9', 'AED'],
    ['de-DE', 'EUR'],
    ['de', 'EUR'],
    ['fr-FR', 'EUR'],
    ['nl', 'EUR'],
    ['so-KE,so;q=0.9', 'KES'],
    // A language alone that spans many countries says nothing; the next one may.
    ['so,en-GB;q=0.8', 'GBP'],
    ['en;q=0.9,sv;q=0.8', 'SEK'],
    ['en-gb', 'GBP'],
    ['zh-Hant-TW', undefined],
    ['en', undefined],
    ['fr', undefined],
    ['ar', undefined],
    ['', undefined],
    [undefined, undefined],
    ['*', undefined],
    ['en-GB;q=0', undefined],
  ])('%s → %s', (header, currency) => {
    expect(currencyFromAcceptLanguage(header)).toBe(currency);
  });

  it('a remembered choice wins; a bad cookie is ignored; nothing known is KES', () => {
    expect(pickCurrency({ cookie: 'SEK', acceptLanguage: 'en-GB' })).toBe('SEK');
    expect(pickCurrency({ cookie: 'XYZ', acceptLanguage: 'en-GB' })).toBe('GBP');
    expect(pickCurrency({ cookie: 'gbp', acceptLanguage: 'en' })).toBe('KES');
    expect(pickCurrency({})).toBe('KES');
  });
});

describe('approximate amounts', () => {
  it.each([
    [14589.66, 14600],
    [145896.6, 146000],
    [999.4, 999],
    [123.45, 123],
    [100.4, 100],
    [99.6, 100],
    [15.5, 16],
    [1.2, 1],
    [0.456, 0.46],
    [0.0123, 0.012],
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
  ])('%d rounds to %d', (amount, rounded) => {
    expect(roundApproximate(amount)).toBeCloseTo(rounded, 10);
  });

  const rates: ExchangeRates = {
    GBP: { kesPerUnit: 164.5, setOn: '2026-11-21' },
    USD: { kesPerUnit: 129.3, setOn: '2026-11-21' },
    SEK: { kesPerUnit: 12.1, setOn: '2026-11-20' },
    EUR: { kesPerUnit: 0, setOn: '2026-11-21' },
  };
  it.each([
    [2_400_000, 'GBP', '£14,600'],
    [2_400_000, 'USD', 'US$18,600'],
    [25_000, 'SEK', 'SEK 2,070'],
    [500, 'GBP', '£3'],
    [50, 'GBP', '£0.30'],
    // No rate, a zero rate or the shilling itself: nothing rather than a wrong amount.
    [2_400_000, 'NOK', null],
    [2_400_000, 'EUR', null],
    [2_400_000, 'KES', null],
    [0, 'GBP', null],
  ] as const)('Ksh %d in %s reads %s', (kes, currency, text) => {
    expect(formatConverted(kes, currency, rates)?.replace(/\u00a0/g, ' ') ?? null).toBe(text);
  });
  it('without rates nothing is converted', () => {
    expect(formatConverted(2_400_000, 'GBP', undefined)).toBeNull();
  });
});

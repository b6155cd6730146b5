import { describe, expect, it } from 'vitest';
import { exchangeRatesFormSchema, exchangeRatesInputSchema } from './exchange-rates-schema';

const E = 'admin.rates.errors';
const form = (GBP: string) => ({
  setOn: '2026-11-21',
  rates: { USD: '', GBP, EUR: '', SEK: '', NOK: '', CAD: '', AED: '' },
});

describe('the exchange rates form', () => {
  it.each([
    ['164.5', 164.5],
    [' 129 ', 129],
    ['', null],
    ['   ', null],
  ])('reads %j as %j, which the API takes', (typed, rate) => {
    const parsed = exchangeRatesFormSchema.parse(form(typed));
    expect(parsed.rates.GBP).toBe(rate);
    expect(exchangeRatesInputSchema.safeParse(parsed).success).toBe(true);
  });

  it.each([
    ['-4', `${E}.ratePositive`],
    ['0', `${E}.ratePositive`],
    ['abc', `${E}.rateNumber`],
    ['100001', `${E}.rateTooLarge`],
    ['1.1234567', `${E}.rateDecimals`],
  ])("refuses %j with the API's message", (typed, message) => {
    const parsed = exchangeRatesFormSchema.safeParse(form(typed));
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rates.GBP', message],
    ]);
  });
});

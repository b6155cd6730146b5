import { describe, expect, it } from 'vitest';
import { type ExchangeRates, FOREIGN_CURRENCIES, formatConverted, roundApproximate } from './currency';
import { formatDate } from './format-date';
import { formatCompactKes, formatKes } from './money';
import { formatWhole } from './number-format';

// Pages write numbers and dates themselves to spare the browser Intl's start-up; the text
// must stay Intl's own, value for value, or server and browser would read differently.
const intl = {
  whole: (n: number) => n.toLocaleString('en-KE'),
  kes: new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', maximumFractionDigits: 0 }),
  compactKes: new Intl.NumberFormat('en-KE', {
    style: 'currency',
    currency: 'KES',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }),
};

/** Edges of every rounding step and magnitude, then a spread of random amounts. */
const amounts = (() => {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1049, 1050, 1051, 1149, 1150, 1151, 1949, 1950];
  for (let power = 3; power <= 13; power++) {
    const unit = 10 ** power;
    values.push(unit - 1, unit, unit + 1, 0.9995 * unit, 0.99949 * unit, 0.99951 * unit, 1.05 * unit, 1.15 * unit);
  }
  let seed = 7;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  for (let i = 0; i < 3000; i++) values.push(Math.floor(10 ** (random() * 13.9)));
  return values.map(Math.round);
})();

describe('numbers written as Intl writes them', () => {
  it('whole numbers, grouped in thousands', () => {
    for (const n of [...amounts, ...amounts.map((a) => -a), 2 ** 53 + 2, 1.5, -0, Number.NaN, Infinity]) {
      expect(formatWhole(n), String(n)).toBe(intl.whole(n));
    }
  });

  it('shillings, whole and compact', () => {
    for (const n of [...amounts, 0.4, 0.5, 2.5, 999.6, 1e15, 2 ** 53 + 2, -1500, Number.NaN]) {
      expect(formatKes(n), String(n)).toBe(intl.kes.format(n));
      expect(formatCompactKes(n), String(n)).toBe(intl.compactKes.format(n));
    }
  });

  it('approximate amounts in every other currency', () => {
    // At 1 shilling per unit the amount shown is the price itself, rounded as the site rounds it.
    for (const currency of FOREIGN_CURRENCIES) {
      const rates: ExchangeRates = { [currency]: { kesPerUnit: 1, setOn: '2026-11-27' } };
      for (const kes of [0.05, 0.456, 1, 99, 14_600, ...amounts.slice(-300)]) {
        const amount = roundApproximate(kes);
        const digits = amount < 1 ? 2 : 0;
        const format = new Intl.NumberFormat('en-GB', {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(formatConverted(kes, currency, rates), `${currency} ${kes}`).toBe(format.format(amount));
      }
    }
  });
});

describe('English dates written as Intl writes them, on the Nairobi calendar', () => {
  const long = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });
  const short = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });
  it('every month, and either side of Nairobi midnight, from 1970 to 2100', () => {
    const instants: number[] = [];
    for (let year = 1970; year <= 2100; year += 3) {
      for (let month = 0; month < 12; month++) {
        const nairobiMidnight = Date.UTC(year, month, 1 + ((year * 7 + month) % 28)) - 3 * 3_600_000;
        instants.push(nairobiMidnight - 1, nairobiMidnight, nairobiMidnight + 12 * 3_600_000);
      }
    }
    for (const instant of instants) {
      const label = new Date(instant).toISOString();
      expect(formatDate(instant, 'en', 'long'), label).toBe(long.format(instant));
      expect(formatDate(instant, 'en', 'short'), label).toBe(short.format(instant));
    }
  });
});

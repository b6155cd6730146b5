import { describe, expect, it } from 'vitest';
import { formatCompactKes, formatKes } from './money';

// Intl separates the symbol with a no-break space.
describe('formatKes', () => {
  it.each([
    [0, 'Ksh\u00a00'],
    [25_000, 'Ksh\u00a025,000'],
    [1_250_000, 'Ksh\u00a01,250,000'],
    [999.6, 'Ksh\u00a01,000'],
  ])('%d → %s', (amount, text) => {
    expect(formatKes(amount)).toBe(text);
  });
});

describe('formatCompactKes', () => {
  // Whole thousands carry no '.0': server-rendered pages must read as the browser renders them.
  it.each([
    [999, 'Ksh\u00a0999'],
    [25_000, 'Ksh\u00a025K'],
    [450_000, 'Ksh\u00a0450K'],
    [1_250_000, 'Ksh\u00a01.3M'],
    [3_500_000, 'Ksh\u00a03.5M'],
  ])('%d → %s', (amount, text) => {
    expect(formatCompactKes(amount)).toBe(text);
  });
});

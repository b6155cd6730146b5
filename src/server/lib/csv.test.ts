import { describe, expect, it } from 'vitest';
import { conversionRate, rangeBounds } from '#shared/analytics';
import { csvCell } from './csv';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    [null, ''],
    [42, '42'],
    [true, 'true'],
    // Phone numbers and plain numbers open as they are: no apostrophe for a spreadsheet to show.
    ['+254712345678', '+254712345678'],
    ['+254 712 345 678', '+254 712 345 678'],
    ['+1 (555) 010-9999', '+1 (555) 010-9999'],
    ['-5', '-5'],
    ['-12.5', '-12.5'],
    // Anything else that starts like a formula is defused.
    ['=SUM(A1)', "'=SUM(A1)"],
    ['=1+2', "'=1+2"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['+254 712 345 678 call me', "'+254 712 345 678 call me"],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['-', "'-"],
    ['+', "'+"],
    ['@cmd', "'@cmd"],
    ['@SUM(1,2)', `"'@SUM(1,2)"`],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('analytics', () => {
  it.each([
    [0, 0, 0],
    [1, 4, 25],
    [1, 3, 33.3],
    [5, 5, 100],
  ])('%i converted of %i → %s%', (converted, total, rate) => {
    expect(conversionRate(converted, total)).toBe(rate);
  });
  it('ranges: 30 and 90 days back, this year from 1 January', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(rangeBounds('30d', now).from.toISOString()).toBe('2026-10-22T12:00:00.000Z');
    expect(rangeBounds('90d', now).from.toISOString()).toBe('2026-08-23T12:00:00.000Z');
    expect(rangeBounds('year', now).from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it.each([
    ['2026-11-21T10:00:00Z', 'en', 'long', '21 November 2026'],
    ['2026-11-21T10:00:00Z', 'so', 'long', '21 Noofeembar 2026'],
    ['2026-01-05', 'en', 'short', '5 Jan 2026'],
    ['2026-01-05', 'so', 'short', '5 Jan 2026'],
    ['2026-08-01', 'so', 'long', '1 Ogosto 2026'],
    // 22:30 UTC is already the next day in Nairobi (UTC+3), for every visitor alike.
    ['2026-03-31T22:30:00Z', 'en', 'long', '1 April 2026'],
    ['2026-03-31T22:30:00Z', 'so', 'long', '1 Abriil 2026'],
    ['not a date', 'so', 'long', ''],
  ] as const)('%s in %s (%s) is %j', (value, locale, style, expected) => {
    expect(formatDate(value, locale, style)).toBe(expected);
  });

  it('takes Date objects and timestamps', () => {
    const date = new Date('2026-12-25T12:00:00Z');
    expect(formatDate(date, 'so')).toBe('25 Diseembar 2026');
    expect(formatDate(date.getTime(), 'en')).toBe('25 December 2026');
  });
});

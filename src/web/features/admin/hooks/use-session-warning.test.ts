import { describe, expect, it } from 'vitest';
import { COUNTDOWN_SECONDS, formatCountdown, WARNING_AFTER_MS } from './use-session-warning';

describe('session warning constants and countdown', () => {
  it('warns after 25 minutes and counts down 300 seconds', () => {
    expect(WARNING_AFTER_MS).toBe(25 * 60 * 1000);
    expect(COUNTDOWN_SECONDS).toBe(300);
  });
  it.each([
    [300, '05:00'],
    [299, '04:59'],
    [61, '01:01'],
    [9, '00:09'],
    [0, '00:00'],
    [-3, '00:00'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { formatNairobiDateTime, nairobiInputOf, nairobiInputToIso } from './nairobi-time';

describe('Nairobi time', () => {
  it.each([
    ['2026-12-01', '09:30', '2026-12-01T06:30:00.000Z'],
    ['2026-12-01', '02:15', '2026-11-30T23:15:00.000Z'],
    ['2026-02-31', '09:00', null],
    ['2026-12-01', '25:00', null],
    ['01/12/2026', '09:30', null],
    ['2026-12-01', '9:30', null],
  ])('%s %s typed in Nairobi is %s', (date, time, iso) => {
    expect(nairobiInputToIso(date, time)).toBe(iso);
  });

  it('shows an instant on the Nairobi clock, across midnight UTC', () => {
    expect(nairobiInputOf('2026-11-30T23:15:00.000Z')).toEqual({ date: '2026-12-01', time: '02:15' });
    expect(formatNairobiDateTime('2026-11-30T23:15:00.000Z')).toBe('1 Dec 2026, 02:15');
  });
});

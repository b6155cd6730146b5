import { describe, expect, it } from 'vitest';
import { dueDigestSlot } from './newsletter-digest';

describe('dueDigestSlot', () => {
  // 2030-01-07 is a Monday; 08:00 in Nairobi is 05:00 UTC.
  const mondayAt8 = { day: 'monday', hour: 8 } as const;

  it('is this week’s slot once its hour has come, on the Nairobi clock', () => {
    expect(dueDigestSlot(mondayAt8, new Date('2030-01-07T04:59:59Z'))).toBeNull();
    expect(dueDigestSlot(mondayAt8, new Date('2030-01-07T05:00:00Z'))?.toISOString()).toBe('2030-01-07T05:00:00.000Z');
    // Later the same week (a missed slot is still due), up to Sunday night in Nairobi.
    expect(dueDigestSlot(mondayAt8, new Date('2030-01-13T20:59:00Z'))?.toISOString()).toBe('2030-01-07T05:00:00.000Z');
  });

  it('starts a new week at Monday midnight in Nairobi, not in UTC', () => {
    // Sunday 21:00 UTC is Monday 00:00 in Nairobi: last week's slot is no longer due.
    expect(dueDigestSlot(mondayAt8, new Date('2030-01-13T21:00:00Z'))).toBeNull();
    const sundayLate = { day: 'sunday', hour: 23 } as const;
    expect(dueDigestSlot(sundayLate, new Date('2030-01-13T20:30:00Z'))?.toISOString()).toBe('2030-01-13T20:00:00.000Z');
    const mondayMidnight = { day: 'monday', hour: 0 } as const;
    expect(dueDigestSlot(mondayMidnight, new Date('2030-01-06T21:00:00Z'))?.toISOString()).toBe(
      '2030-01-06T21:00:00.000Z',
    );
  });

  it('is never due when the digest is off', () => {
    expect(dueDigestSlot({ day: 'off', hour: 8 }, new Date('2030-01-09T12:00:00Z'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dailySeries, daysBetween } from './leads';

describe('daily series of the Analytics chart', () => {
  it('has every day of the range, both ends included, across a month end', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-11-02', '2026-11-02')).toEqual(['2026-11-02']);
  });
  it('fills quiet days with zeros and ignores days outside the range', () => {
    expect(
      dailySeries(
        ['2026-11-01', '2026-11-02'],
        [
          { day: '2026-11-02', kind: 'view', n: 5 },
          { day: '2026-11-02', kind: 'whatsapp', n: 2 },
          { day: '2026-11-02', kind: 'inquiry', n: 1 },
          { day: '2026-10-01', kind: 'view', n: 99 },
        ],
      ),
    ).toEqual([
      { day: '2026-11-01', views: 0, whatsapp: 0, inquiries: 0 },
      { day: '2026-11-02', views: 5, whatsapp: 2, inquiries: 1 },
    ]);
  });
});

/** The Analytics date ranges (spec §2) and the dates they cover. */
export const ANALYTICS_RANGES = ['30d', '90d', 'year'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** From (inclusive) and to (exclusive) of a range, in UTC, as of `now`. */
export function rangeBounds(range: AnalyticsRange, now: Date = new Date()): { from: Date; to: Date } {
  const to = now;
  if (range === 'year') return { from: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)), to };
  const days = range === '30d' ? 30 : 90;
  return { from: new Date(now.getTime() - days * 24 * 60 * 60 * 1000), to };
}

/** Converted inquiries over all inquiries, as a percentage with one decimal (0 when there are none). */
export function conversionRate(converted: number, total: number): number {
  return total === 0 ? 0 : Math.round((converted / total) * 1000) / 10;
}

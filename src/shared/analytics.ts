import { z } from 'zod';

/** The Analytics date ranges (docs/product.md#analytics) and the dates they cover. */
export const ANALYTICS_RANGES = ['30d', '90d', 'year'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** ?range= of the figures and of the CSV export; the last 30 days unless given. */
export const analyticsQuerySchema = z.strictObject({ range: z.enum(ANALYTICS_RANGES).default('30d') });

/** The figures of a range, as the admin API returns them. */
export const analyticsSchema = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.string(),
  to: z.string(),
  totalListings: z.number(),
  totalInquiries: z.number(),
  convertedInquiries: z.number(),
  conversionRate: z.number(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

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

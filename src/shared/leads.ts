import { z } from 'zod';
import { CATEGORIES } from './categories';
import { LEAD_KINDS } from './lead-kinds';

export { LEAD_INGEST_PATH, LEAD_KINDS, type LeadKind, VIEW_COUNTED_META } from './lead-kinds';

/** One event as the beacon sends it. */
export const leadEventSchema = z.strictObject({
  listingId: z.uuid({ message: 'listings.errors.notAnOption' }),
  kind: z.enum(LEAD_KINDS, { message: 'listings.errors.notAnOption' }),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

/** A listing's figures as staff see them: unique visitors per day, summed, and its inquiries. */
export const listingLeadTotalsSchema = z.object({
  views: z.number(),
  whatsapp: z.number(),
  phone: z.number(),
  share: z.number(),
  inquiries: z.number(),
});
export type ListingLeadTotals = z.infer<typeof listingLeadTotalsSchema>;

/** GET /api/admin/leads/listings?ids=a,b: the figures of the listings a staff page shows. */
export const listingLeadsQuerySchema = z.strictObject({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid({ message: 'listings.errors.notAnOption' })).max(100, 'listings.errors.outOfRange')),
});
export const listingLeadsSchema = z.record(z.string(), listingLeadTotalsSchema);
export type ListingLeads = z.infer<typeof listingLeadsSchema>;

const dayCounts = z.object({ day: z.string(), views: z.number(), whatsapp: z.number(), inquiries: z.number() });
export type DayCounts = z.infer<typeof dayCounts>;

/** GET /api/admin/analytics/leads?range=: the Analytics section's chart, top listings and categories. */
export const leadAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every UTC day of the range, oldest first, with zeros on quiet days. */
  days: z.array(dayCounts),
  top: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      category: z.enum(CATEGORIES),
      path: z.string(),
      whatsapp: z.number(),
    }),
  ),
  categories: z.array(
    z.object({
      category: z.enum(CATEGORIES),
      views: z.number(),
      whatsapp: z.number(),
      phone: z.number(),
      share: z.number(),
      inquiries: z.number(),
    }),
  ),
  /** Days on which a listing's count jumped far above its usual (decision 0071): worth a look before acting on it. */
  jumps: z.array(
    z.object({
      day: z.string(),
      id: z.string(),
      title: z.string(),
      category: z.enum(CATEGORIES),
      path: z.string(),
      kind: z.enum(LEAD_KINDS),
      visitors: z.number(),
      /** Its daily average over the 28 days before. */
      usual: z.number(),
    }),
  ),
});
export type LeadAnalytics = z.infer<typeof leadAnalyticsSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days from `from` up to and including `to` ('2026-11-01'), as a range of the chart. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && days.length <= 400; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** One row per day of `days`, filled from the counted rows (a day with none reads 0). */
export function dailySeries(
  days: readonly string[],
  counted: readonly { day: string; kind: 'view' | 'whatsapp' | 'inquiry'; n: number }[],
): DayCounts[] {
  const byDay = new Map(days.map((day) => [day, { day, views: 0, whatsapp: 0, inquiries: 0 }]));
  for (const { day, kind, n } of counted) {
    const row = byDay.get(day);
    if (!row) continue;
    if (kind === 'view') row.views += n;
    else if (kind === 'whatsapp') row.whatsapp += n;
    else row.inquiries += n;
  }
  return [...byDay.values()];
}

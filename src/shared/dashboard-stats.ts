import { z } from 'zod';
import { FOREIGN_CURRENCIES } from './currency';

/** The dashboard's counts (docs/product.md#overview), as the admin API returns them. */
export const dashboardStatsSchema = z.object({
  totalListings: z.number(),
  products: z.number(),
  properties: z.number(),
  businesses: z.number(),
  visas: z.number(),
  blogs: z.number(),
  totalInquiries: z.number(),
  newInquiries: z.number(),
  convertedInquiries: z.number(),
  /** The exchange rates: currencies without one, and the day and age in days of the oldest (null without any). */
  rates: z.object({
    missing: z.array(z.enum(FOREIGN_CURRENCIES)),
    oldestSetOn: z.string().nullable(),
    ageDays: z.number().nullable(),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** Rates older than this many days are flagged on the overview. */
export const RATES_STALE_AFTER_DAYS = 7;

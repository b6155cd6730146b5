import { z } from 'zod';

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
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

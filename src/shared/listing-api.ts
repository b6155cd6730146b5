import { z } from 'zod';
import { CATEGORIES } from './categories';
import { publicListingSchema, staffListingSchema } from './listing';

/** The listing the public API returns (one schema per category, src/shared/listing.ts). */
export type { PublicListing } from './listing';

/** How many listings match; a search counts only up to a limit, past it `exact` is false ("1,000+"). */
const totalFields = { total: z.number().int(), totalExact: z.boolean() };

/** One page of results plus the total number of matches. */
export const listingPageSchema = z.object({
  items: z.array(publicListingSchema),
  ...totalFields,
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * A search that found nothing with the other filters: how many the same words find
   * without them, and the page's query string for that.
   */
  nearby: z.object({ ...totalFields, query: z.string() }).optional(),
  /**
   * A search whose words as typed found nothing, and found these listings with a typo
   * forgiven: the words it searched for instead ("samsng" searched for as "samsung").
   */
  searchedFor: z.string().optional(),
  /**
   * A search with few or no results on the first page: the other categories where the same
   * words find listings, with how many and the query string of their page.
   */
  elsewhere: z.array(z.object({ category: z.enum(CATEGORIES), ...totalFields, query: z.string() })).optional(),
  /** On the first page of the default order: the featured listings under the filters, shown first. */
  featured: z.array(publicListingSchema).optional(),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

/** One page of the staff list; a search counts up to a cap, `total` is then a lower bound. */
export const staffListingPageSchema = z.object({
  items: z.array(staffListingSchema),
  total: z.number(),
  totalCapped: z.boolean(),
});
export type StaffListingPage = z.infer<typeof staffListingPageSchema>;

/** The most featured listings a category page shows first. */
export const MAX_FEATURED = 4;

/** How many similar listings a listing's page shows. */
export const MAX_SIMILAR = 4;

/** The most listings one by-ids request returns (a visitor's saved and recently viewed). */
export const MAX_LISTINGS_BY_IDS = 50;

/** GET /api/listings/by-ids?ids=a,b,c: listings fetched fresh for the Saved page. */
export const listingsByIdsQuerySchema = z.strictObject({
  ids: z
    .string({ message: 'listings.errors.idsRequired' })
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .refine((ids) => ids.length > 0, 'listings.errors.idsRequired')
    .refine((ids) => ids.length <= MAX_LISTINGS_BY_IDS, 'listings.errors.tooManyIds')
    .refine((ids) => ids.every(isListingId), 'listings.errors.badId'),
  lang: z.string().optional(),
});
export const listingsByIdsSchema = z.object({ items: z.array(publicListingSchema) });
export type ListingsByIds = z.infer<typeof listingsByIdsSchema>;

// Any id that is not a listing's (malformed ones included) is simply not found: a 404, checked in the route.
export const listingIdParamsSchema = z.strictObject({
  id: z.string().max(100),
});

export function isListingId(id: string): boolean {
  return z.uuid().safeParse(id).success;
}

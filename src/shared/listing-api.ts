import { z } from 'zod';
import { CATEGORIES, LISTING_TYPES, PRODUCT_CONDITIONS, PROPERTY_TYPES, RENT_PERIODS } from './categories';

/** A listing as the public API returns it (spec §3); optional fields are null when not set. */
export const publicListingSchema = z.object({
  id: z.uuid(),
  category: z.enum(CATEGORIES),
  subcategory: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  location: z.string().nullable(),
  whatsapp_number: z.string(),
  image_urls: z.array(z.string()),
  created_at: z.string(),
  product_condition: z.enum(PRODUCT_CONDITIONS).nullable(),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  square_feet: z.number().int().nullable(),
  property_type: z.enum(PROPERTY_TYPES).nullable(),
  listing_type: z.enum(LISTING_TYPES).nullable(),
  rent_period: z.enum(RENT_PERIODS).nullable(),
  monthly_revenue: z.number().nullable(),
  years_established: z.number().int().nullable(),
  business_type: z.string().nullable(),
  country: z.string().nullable(),
  visa_type: z.string().nullable(),
  processing_time: z.string().nullable(),
  requirements: z.string().nullable(),
});
export type PublicListing = z.infer<typeof publicListingSchema>;

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
});
export type ListingPage = z.infer<typeof listingPageSchema>;

// Any id that is not a listing's (malformed ones included) is simply not found: a 404, checked in the route.
export const listingIdParamsSchema = z.strictObject({
  id: z.string().max(100),
});

export function isListingId(id: string): boolean {
  return z.uuid().safeParse(id).success;
}

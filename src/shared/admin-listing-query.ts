import { z } from 'zod';
import { CATEGORIES } from './categories';
import { MAX_SEARCH_LENGTH } from './listing-filters';

/** What staff list: active listings, inactive ones, or all. */
export const ADMIN_LISTING_STATUSES = ['active', 'inactive', 'all'] as const;
export type AdminListingStatus = (typeof ADMIN_LISTING_STATUSES)[number];

/** Rows per page of the Listings screen; the overview's Recent Listings shows 10 (docs/product.md#recent-listings). */
export const ADMIN_LISTINGS_PAGE_SIZE = 20;
export const RECENT_LISTINGS_LIMIT = 10;
/**
 * A search counts its matches up to this many and then says "more than": counting every
 * match of a word found in most listings reads the whole table.
 */
export const MAX_COUNTED_SEARCH_MATCHES = 10_000;
/** At most this many listings change in one bulk request (a page, with room to spare). */
export const MAX_BULK_LISTINGS = 100;

const E = 'listings.errors';

/** A staff list's paging: up to 100 rows from an offset (?limit=&offset=). */
export function staffPagingFields(defaultLimit: number) {
  return {
    limit: z.coerce
      .number({ message: `${E}.wholeNumber` })
      .int(`${E}.wholeNumber`)
      .min(1, `${E}.outOfRange`)
      .max(100, `${E}.outOfRange`)
      .default(defaultLimit),
    offset: z.coerce
      .number({ message: `${E}.wholeNumber` })
      .int(`${E}.wholeNumber`)
      .min(0, `${E}.outOfRange`)
      .max(1_000_000, `${E}.outOfRange`)
      .default(0),
  };
}

/**
 * GET /api/admin/listings: staff see active and inactive listings, newest first, searched
 * (title, description, location and the type fields) and filtered on the server.
 */
export const adminListingQuerySchema = z.strictObject({
  status: z.enum(ADMIN_LISTING_STATUSES, { message: `${E}.notAnOption` }).default('active'),
  category: z.enum(CATEGORIES, { message: `${E}.notAnOption` }).optional(),
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `${E}.searchTooLong`).optional(),
  ...staffPagingFields(RECENT_LISTINGS_LIMIT),
});
export type AdminListingQuery = z.output<typeof adminListingQuerySchema>;

const bulkIds = z
  .array(z.uuid({ message: 'admin.listings.bulk.badId' }), { message: 'admin.listings.bulk.noneSelected' })
  .min(1, 'admin.listings.bulk.noneSelected')
  .max(MAX_BULK_LISTINGS, 'admin.listings.bulk.tooMany')
  .transform((ids) => [...new Set(ids)]);

/** POST /api/admin/listings/bulk-status: activate or deactivate the chosen listings together. */
export const bulkStatusBodySchema = z.strictObject({
  ids: bulkIds,
  is_active: z.boolean({ message: 'admin.listingForm.errors.mustBeBoolean' }),
});
/** POST /api/admin/listings/bulk-delete: delete the chosen listings together. */
export const bulkDeleteBodySchema = z.strictObject({ ids: bulkIds });

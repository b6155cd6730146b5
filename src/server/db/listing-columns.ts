import type { Category } from '#shared/categories';
import {
  ALL_CATEGORY_FIELDS,
  CATEGORY_FIELDS,
  LISTING_FIELDS,
  type Listing,
  type PublicListing,
  publicListingSchema,
  staffListingSchema,
} from '#shared/listing';

/**
 * The listing's columns, from the one listing model (src/shared/listing.ts): what staff and
 * the seed write, in one order for every INSERT and UPDATE, and what the public and the
 * staff API read.
 */
export const LISTING_FIELD_COLUMNS = LISTING_FIELDS;
const columnsOf = (schema: typeof publicListingSchema | typeof staffListingSchema) =>
  Object.keys(schema.options[0].shape).join(', ');
export const PUBLIC_LISTING_COLUMNS = columnsOf(publicListingSchema);
export const STAFF_LISTING_COLUMNS = columnsOf(staffListingSchema);
/** Columns no API reads: the key of the staff form that created the listing (a retry finds it by it). */
export const INTERNAL_LISTING_COLUMNS = ['form_key'] as const;

/** A listing row as the database driver gives it: dates may be Date objects, numeric columns text. */
export type ListingRow = Record<string, unknown> & { category: Category };

/**
 * A row as the API returns it: dates as ISO text, amounts as numbers, and another
 * category's fields empty (a listing holds only its own).
 */
function fromRow(row: ListingRow): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  const own: readonly string[] = CATEGORY_FIELDS[row.category];
  for (const field of ALL_CATEGORY_FIELDS) if (!own.includes(field)) out[field] = null;
  for (const field of ['price', 'monthly_revenue']) if (out[field] != null) out[field] = Number(out[field]);
  for (const field of ['created_at', 'updated_at', 'verified_at']) {
    if (out[field] != null) out[field] = new Date(out[field] as string | Date).toISOString();
  }
  return out;
}
export const publicListingFromRow = (row: ListingRow) => fromRow(row) as PublicListing;
export const staffListingFromRow = (row: ListingRow) => fromRow(row) as Listing;

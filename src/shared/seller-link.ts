import { z } from 'zod';
import { CATEGORIES } from './categories';
import { MAX_IMAGES_PER_LISTING } from './listing-form-schema';
import { listingSubmissionFields } from './listing-submission';
import { KEEP_PHOTOS_FIELD, SELLER_MANAGE_PATH } from './page-forms';
import { singleLine } from './text-rules';

/**
 * The seller's own link to an approved listing (docs/product.md#the-sellers-link): a page to
 * renew the listing, mark it sold, or edit it (the edit waits for staff, the listing stays as
 * it was until they approve it).
 */

/** A seller's approved listing runs this many days from approval, and from each renewal. */
export const SELLER_LISTING_DAYS = 30;
/** Renewing opens this many days before the last day (and stays open once expired). */
export const RENEW_WITHIN_DAYS = 7;

/** The link's address for one token, in the seller's language. */
export const sellerLinkUrl = (origin: string, token: string, language: string, path = SELLER_MANAGE_PATH) =>
  `${origin}${path}?token=${encodeURIComponent(token)}&lang=${language}`;

/** The listing as its seller sees it through the link: what the edit form starts from. */
export const sellerListingSchema = z.object({
  id: z.string(),
  category: z.enum(CATEGORIES),
  title: z.string(),
  /** The public page's path. */
  path: z.string(),
  /** The form's values as text, field by field (the staff form's). */
  values: z.record(z.string(), z.string()),
  imageUrls: z.array(z.string()),
  availability: z.enum(['active', 'sold', 'expired']),
  /** Hidden by staff: not on the site whatever its availability. */
  hidden: z.boolean(),
  /** The last day it shows (Nairobi), if it has one. */
  expiresOn: z.string().nullable(),
  canRenew: z.boolean(),
  /** An edit the seller sent waits for staff: another is refused until they decide. */
  editWaiting: z.boolean(),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;

const E = 'sell.errors';

/**
 * A seller's edit as sent: the listing's fields, flat as the "Post a listing" form sends them
 * (checked by the same schema), and the current photos to keep. The seller's own details are
 * not asked again (the link stands for them); any sent are ignored.
 */
export const sellerEditSchema = z.record(z.string(), z.unknown(), { error: `${E}.invalid` }).transform((input, ctx) => {
  const { [KEEP_PHOTOS_FIELD]: keep, ...rest } = input;
  const kept = z
    .array(singleLine(z.string().max(500)))
    .max(MAX_IMAGES_PER_LISTING, `${E}.tooManyImages`)
    .default([])
    .safeParse(keep);
  const listing = listingSubmissionFields(rest);
  for (const issue of [
    ...(kept.error?.issues ?? []).map((i) => ({ ...i, path: [KEEP_PHOTOS_FIELD] })),
    ...listing.issues,
  ]) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  if (!kept.success || !listing.data) return z.NEVER;
  return { listing: listing.data, keepImages: kept.data };
});
export type SellerEdit = z.output<typeof sellerEditSchema>;

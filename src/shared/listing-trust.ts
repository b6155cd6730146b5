import { z } from 'zod';
import { singleLine } from './text-rules';

/**
 * What staff set on a listing to earn a visitor's trust (decision 0047): whether it is still
 * for sale, the day it leaves the results, whether it is featured, and the office's check.
 */
const E = 'admin.trust.errors';

/** Staff mark a listing sold or available again; "expired" follows from the date alone. */
export const STAFF_AVAILABILITIES = ['active', 'sold'] as const;
export const MAX_VERIFICATION_NOTE = 300;
/** How far ahead the "Expiring / expired" list looks. */
export const EXPIRING_WITHIN_DAYS = 14;
export const MAX_EXPIRING_LISTED = 200;

const calendarDay = z
  .string({ message: `${E}.badDate` })
  .regex(/^\d{4}-\d{2}-\d{2}$/, `${E}.badDate`)
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v) && v >= '2000-01-01' && v <= '2099-12-31';
  }, `${E}.badDate`);

/** What the office checked, in a line. */
const verificationSchema = z.strictObject({
  note: singleLine(
    z
      .string({ message: `${E}.noteRequired` })
      .trim()
      .min(1, `${E}.noteRequired`)
      .max(MAX_VERIFICATION_NOTE, `${E}.noteTooLong`),
  ),
});

/** PATCH /api/admin/listings/:id/trust: any of the marks; a verification of null takes the badge off. */
export const listingTrustBodySchema = z
  .strictObject({
    availability: z.enum(STAFF_AVAILABILITIES, { message: `${E}.badAvailability` }).optional(),
    expires_on: calendarDay.nullable().optional(),
    featured: z.boolean({ message: `${E}.badFeatured` }).optional(),
    verification: verificationSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, `${E}.nothingToChange`);
export type ListingTrustBody = z.infer<typeof listingTrustBodySchema>;

/** The staff dialog's expiry form: a day, or empty for none. */
export const expiryFormSchema = z.object({ expires_on: z.union([z.literal(''), calendarDay]) });
/** The staff dialog's verification form. */
export const verificationFormSchema = verificationSchema;

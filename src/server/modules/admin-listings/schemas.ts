import { z } from 'zod';
import { publicListingSchema } from '../../../shared/listing-api';

/** A listing as the admin API returns it: the public shape plus what only staff see. */
export const adminListingSchema = publicListingSchema.extend({
  is_active: z.boolean(),
  updated_at: z.string(),
});

export const listingIdParams = z.strictObject({ id: z.uuid({ message: 'admin.listingForm.errors.notFound' }) });

export const listingStatusBody = z.strictObject({
  is_active: z.boolean({ message: 'admin.listingForm.errors.mustBeBoolean' }),
});

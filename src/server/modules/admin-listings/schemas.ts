import { z } from 'zod';
import { publicListingSchema } from '../../../shared/listing-api';

/** A listing as the admin API returns it: the public shape plus what only staff see. */
export const adminListingSchema = publicListingSchema.extend({
  is_active: z.boolean(),
  updated_at: z.string(),
});

export const listingIdParams = z.strictObject({ id: z.uuid({ message: 'admin.listingForm.errors.notFound' }) });

export const listingListQuery = z.strictObject({
  status: z.enum(['active', 'inactive', 'all']).default('active'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const listingStatusBody = z.strictObject({
  is_active: z.boolean({ message: 'admin.listingForm.errors.mustBeBoolean' }),
});

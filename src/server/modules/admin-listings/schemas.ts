import { z } from 'zod';
export const listingIdParams = z.strictObject({ id: z.uuid({ message: 'admin.listingForm.errors.notFound' }) });

export const listingStatusBody = z.strictObject({
  is_active: z.boolean({ message: 'admin.listingForm.errors.mustBeBoolean' }),
});

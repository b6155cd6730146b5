import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './listing-filters';

/** An inquiry is new until staff read it; converted when it became business (D3). */
export const INQUIRY_STATUSES = ['new', 'read', 'converted'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const ADMIN_INQUIRIES_PAGE_SIZE = 20;

const E = 'listings.errors';

/** GET /api/admin/inquiries: newest first, by status, searched in name, email, subject and message. */
export const adminInquiryQuerySchema = z.strictObject({
  status: z.enum(INQUIRY_STATUSES, { message: `${E}.notAnOption` }).optional(),
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `${E}.searchTooLong`).optional(),
  limit: z.coerce
    .number({ message: `${E}.wholeNumber` })
    .int(`${E}.wholeNumber`)
    .min(1, `${E}.outOfRange`)
    .max(100, `${E}.outOfRange`)
    .default(ADMIN_INQUIRIES_PAGE_SIZE),
  offset: z.coerce
    .number({ message: `${E}.wholeNumber` })
    .int(`${E}.wholeNumber`)
    .min(0, `${E}.outOfRange`)
    .max(1_000_000, `${E}.outOfRange`)
    .default(0),
});
export type AdminInquiryQuery = z.output<typeof adminInquiryQuerySchema>;

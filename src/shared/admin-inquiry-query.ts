import { z } from 'zod';
import { staffPagingFields } from './admin-listing-query';
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
  ...staffPagingFields(ADMIN_INQUIRIES_PAGE_SIZE),
});
export type AdminInquiryQuery = z.output<typeof adminInquiryQuerySchema>;

/** An inquiry as staff see it. */
export const inquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  created_at: z.string(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

/** One page of inquiries, newest first, with how many match. */
export const inquiryPageSchema = z.object({ items: z.array(inquirySchema), total: z.number() });
export type InquiryPage = z.infer<typeof inquiryPageSchema>;

import { z } from 'zod';
import { staffPagingFields } from './admin-listing-query';
import { HONEYPOT_FIELD } from './contact-fields';
import type { Permission } from './permissions';
import { multiLine, singleLine } from './text-rules';

/** Why a visitor reports a listing (docs/product.md#reports), in the order the dialog lists them. */
export const REPORT_REASONS = ['scam', 'sold', 'wrong-information', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until staff resolve it; staff may reopen it. */
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * Staff who can fix a listing handle its reports; viewers do not see them, as a report may
 * hold the reporter's contact (decision 0052).
 */
export const REPORTS_PERMISSION: Permission = 'write';

export const REPORT_LIMITS = { note: 1000, contact: 200 } as const;

/** The Report dialog, checked in the browser and again on the server (messages are catalog keys). */
export const listingReportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: 'report.errors.reasonRequired' }),
  note: multiLine(z.string().trim().max(REPORT_LIMITS.note, 'report.errors.noteTooLong')).default(''),
  contact: singleLine(z.string().trim().max(REPORT_LIMITS.contact, 'report.errors.contactTooLong')).default(''),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type ListingReportInput = z.input<typeof listingReportSchema>;

export const ADMIN_REPORTS_PAGE_SIZE = 20;

/** GET /api/admin/reports: newest first, open or resolved. */
export const adminReportQuerySchema = z.strictObject({
  status: z.enum(REPORT_STATUSES, { message: 'listings.errors.notAnOption' }).default('open'),
  ...staffPagingFields(ADMIN_REPORTS_PAGE_SIZE),
});
export type AdminReportQuery = z.output<typeof adminReportQuerySchema>;

/** A report as staff see it, with the listing it is about. */
export const listingReportRowSchema = z.object({
  id: z.string(),
  listing: z.object({ id: z.string(), title: z.string(), path: z.string(), isActive: z.boolean() }),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  contact: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type ListingReportRow = z.infer<typeof listingReportRowSchema>;

export const listingReportPageSchema = z.object({
  items: z.array(listingReportRowSchema),
  total: z.number(),
  /** Open reports, whatever the page shows: the overview's count and the menu's. */
  open: z.number(),
});
export type ListingReportPage = z.infer<typeof listingReportPageSchema>;

export const reportStatusChangeSchema = z.strictObject({
  status: z.enum(REPORT_STATUSES, { message: 'listings.errors.notAnOption' }),
});

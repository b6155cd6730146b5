import { z } from 'zod';
import { staffPagingFields } from './admin-listing-query';

/**
 * Every kind of staff action the audit log records (docs/product.md#audit-log). A new
 * action is a row here and a label in the admin catalog (admin.audit.actions).
 */
export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.sign-out',
  'auth.two-factor-locked',
  'listing.create',
  'listing.update',
  'listing.status',
  'listing.delete',
  'listing.availability',
  'listing.expiry',
  'listing.featured',
  'listing.verify',
  'inquiry.status',
  'report.status',
  'submission.approve',
  'submission.reject',
  'submission.spam',
  'submission.revokeLink',
  'account.settings',
  'settings.rates',
  'account.password',
  'account.two-factor-on',
  'account.two-factor-off',
  'account.notices',
  'staff.create',
  'staff.role',
  'staff.disable',
  'staff.enable',
  'staff.password-link',
  'staff.password-set',
  'staff.two-factor-reset',
  'staff.two-factor-unlock',
  'blog.create',
  'blog.update',
  'blog.publish',
  'blog.schedule',
  'blog.unpublish',
  'blog.delete',
  'site-settings.update',
  'newsletter.send',
  'backup.download',
  'privacy.export',
  'privacy.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_ENTITY_TYPES = [
  'staff',
  'listing',
  'inquiry',
  'report',
  'submission',
  'blog-post',
  'settings',
  'newsletter-issue',
  'backup',
  'person',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Entries are kept at least this long; the retention sweep deletes only older ones (decision 0035). */
export const AUDIT_RETENTION_DAYS = 400;
export const AUDIT_PAGE_SIZE = 50;
/** At most this many entries in one CSV export. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** A field's value before and after a change. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

const E = 'listings.errors';
const day = z.iso.date({ message: 'admin.audit.errors.badDate' });

/** GET /api/admin/audit (and its CSV export): newest first, by person, action and dates (inclusive, Nairobi days). */
export const auditQuerySchema = z
  .strictObject({
    actor: z.uuid({ message: 'admin.audit.errors.badPerson' }).optional(),
    action: z.enum(AUDIT_ACTIONS, { message: `${E}.notAnOption` }).optional(),
    from: day.optional(),
    to: day.optional(),
    ...staffPagingFields(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'admin.audit.errors.toBeforeFrom' });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The office's clock: a date filter means that day in Nairobi (EAT, UTC+3 all year). */
export const OFFICE_UTC_OFFSET = '+03:00';

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  address: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.object({ type: z.string(), id: z.string(), title: z.string().nullable() }).nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;

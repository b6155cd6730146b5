import { z } from 'zod';
import type { Role } from './permissions';
import { singleLine } from './text-rules';

/** The events that may e-mail staff (docs/product.md#account), in the order the Account screen lists them. */
export const STAFF_NOTICE_EVENTS = [
  'inquiry',
  'report',
  'submission',
  'sign-in-burst',
  'backup-failed',
  'mail-failing',
] as const;
export type StaffNoticeEvent = (typeof STAFF_NOTICE_EVENTS)[number];

/** What each role may be told of: editors read inquiries, reports and sellers' listings, admins everything, viewers nothing. */
export const NOTICE_EVENTS_OF_ROLE: Record<Role, readonly StaffNoticeEvent[]> = {
  admin: STAFF_NOTICE_EVENTS,
  editor: ['inquiry', 'report', 'submission'],
  viewer: [],
};

/** A member who never chose gets these. */
export const DEFAULT_NOTICE_EVENTS: Record<Role, readonly StaffNoticeEvent[]> = {
  admin: ['inquiry', 'report', 'submission', 'sign-in-burst', 'backup-failed'],
  editor: ['inquiry', 'report', 'submission'],
  viewer: [],
};

/** The events a member with `role` who chose `chosen` (null: never chose) is e-mailed about. */
export function noticeEventsOf(role: Role, chosen: readonly string[] | null): StaffNoticeEvent[] {
  const allowed = NOTICE_EVENTS_OF_ROLE[role];
  return (chosen ?? DEFAULT_NOTICE_EVENTS[role]).filter((event): event is StaffNoticeEvent =>
    (allowed as readonly string[]).includes(event),
  );
}

export const NOTICE_EMAIL_MAX = 254;

/** The Account screen's notices form (messages are catalog keys). An empty address turns every notice off. */
export const staffNoticesSchema = z.strictObject({
  email: singleLine(z.string().trim().max(NOTICE_EMAIL_MAX, 'admin.notices.errors.emailTooLong')).pipe(
    z.union([z.literal(''), z.email('admin.notices.errors.emailInvalid')]),
  ),
  events: z
    .array(z.enum(STAFF_NOTICE_EVENTS, { error: 'admin.notices.errors.unknownEvent' }))
    .max(STAFF_NOTICE_EVENTS.length),
});
export type StaffNoticesInput = z.input<typeof staffNoticesSchema>;

/** What GET /api/admin/account/notices answers: the address, the events chosen, and those the role offers. */
export const staffNoticesSchemaOut = z.object({
  email: z.string(),
  events: z.array(z.enum(STAFF_NOTICE_EVENTS)),
  available: z.array(z.enum(STAFF_NOTICE_EVENTS)),
});
export type StaffNotices = z.infer<typeof staffNoticesSchemaOut>;

import type { Queryable } from '#server/db/database';
import type { Role } from '#shared/permissions';
import { noticeEventsOf, type StaffNoticeEvent } from '#shared/staff-notices';

export interface NoticeRecipient {
  id: string;
  username: string;
  email: string;
}

export function staffNoticesRepository(db: Queryable) {
  return {
    /** A member's notice address ('' when none) and the events they get. */
    async of(userId: string): Promise<{ email: string; events: StaffNoticeEvent[] } | null> {
      const { rows } = await db.query<{ role: Role; notice_email: string | null; notice_events: string[] | null }>(
        'SELECT role, notice_email, notice_events FROM staff_users WHERE id = $1',
        [userId],
      );
      const row = rows[0];
      if (!row) return null;
      return { email: row.notice_email ?? '', events: noticeEventsOf(row.role, row.notice_events) };
    },

    async save(userId: string, email: string, events: readonly StaffNoticeEvent[]): Promise<void> {
      await db.query(
        'UPDATE staff_users SET notice_email = $2, notice_events = $3::text[], updated_at = now() WHERE id = $1',
        [userId, email || null, events],
      );
    },

    /**
     * The enabled members with an address who get `event` (their choice, else their role's
     * defaults, never more than their role may see); `onlyUserId` narrows it to one member.
     */
    async recipients(event: StaffNoticeEvent, onlyUserId?: string): Promise<NoticeRecipient[]> {
      const { rows } = await db.query<{
        id: string;
        username: string;
        role: Role;
        notice_email: string;
        notice_events: string[] | null;
      }>(
        `SELECT id, username, role, notice_email, notice_events FROM staff_users
         WHERE NOT is_disabled AND notice_email IS NOT NULL AND ($1::uuid IS NULL OR id = $1::uuid)
         ORDER BY created_at, id`,
        [onlyUserId ?? null],
      );
      return rows
        .filter((row) => noticeEventsOf(row.role, row.notice_events).includes(event))
        .map((row) => ({ id: row.id, username: row.username, email: row.notice_email }));
    },
  };
}

import type { Queryable } from '#server/db/database';
import { tokenHash as hashToken, newToken } from '#server/lib/token-hash';
import { PASSWORD_LINK_HOURS } from '#shared/staff-accounts';

/**
 * One-time links to choose a password (docs/product.md#staff-accounts): a random 256-bit
 * token shown once, only its SHA-256 stored, good for PASSWORD_LINK_HOURS and for one use.
 */
export function passwordLinksRepository(db: Queryable) {
  return {
    /** A new link for the account; its earlier unused links stop working. */
    async create(userId: string): Promise<{ token: string; expiresAt: string }> {
      const token = newToken();
      await db.query('DELETE FROM staff_password_links WHERE staff_user_id = $1', [userId]);
      const { rows } = await db.query<{ expires_at: string | Date }>(
        `INSERT INTO staff_password_links (token_hash, staff_user_id, expires_at)
         VALUES ($1, $2, now() + $3 * interval '1 hour') RETURNING expires_at`,
        [hashToken(token), userId, PASSWORD_LINK_HOURS],
      );
      return { token, expiresAt: new Date(rows[0]?.expires_at ?? Date.now()).toISOString() };
    },

    /** Every unused link of the account stops working (it was disabled). */
    async revokeAll(userId: string): Promise<number> {
      const result = await db.query('DELETE FROM staff_password_links WHERE staff_user_id = $1 AND used_at IS NULL', [
        userId,
      ]);
      return result.rowCount;
    },

    /** The account a link is for, while it is unused and not expired. */
    async find(token: string): Promise<{ userId: string; expiresAt: string } | null> {
      const { rows } = await db.query<{ staff_user_id: string; expires_at: string | Date }>(
        `SELECT staff_user_id, expires_at FROM staff_password_links
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
        [hashToken(token)],
      );
      const row = rows[0];
      return row ? { userId: row.staff_user_id, expiresAt: new Date(row.expires_at).toISOString() } : null;
    },

    /** Uses the link up; the account it was for, or null when it was not usable (used, expired, unknown, account disabled). */
    async use(token: string): Promise<string | null> {
      const { rows } = await db.query<{ staff_user_id: string }>(
        `UPDATE staff_password_links l SET used_at = now() FROM staff_users u
         WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now()
           AND u.id = l.staff_user_id AND NOT u.is_disabled
         RETURNING l.staff_user_id`,
        [hashToken(token)],
      );
      return rows[0]?.staff_user_id ?? null;
    },
  };
}

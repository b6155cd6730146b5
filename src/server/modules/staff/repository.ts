import type { Queryable } from '#server/db/database';
import type { Role } from '#shared/permissions';

export interface StaffSettings {
  theme: 'dark' | 'light';
  notifications: boolean;
}
export const DEFAULT_SETTINGS: StaffSettings = { theme: 'light', notifications: true };

/** Failed sign-ins on the account since its owner last signed in, until they dismiss it. */
export interface SignInNotice {
  failedAttempts: number;
  lastAt: string;
  lastAddress: string;
}

export interface StaffUser {
  id: string;
  username: string;
  role: Role;
  name: string | null;
  is_disabled: boolean;
  settings: StaffSettings;
  sign_in_notice: SignInNotice | null;
  created_at: string;
  last_signed_in_at: string | null;
  /** Whether two-factor sign-in is on. */
  two_factor: boolean;
  /** Until when two-factor sign-in is locked after too many wrong codes; null when it is not locked. */
  two_factor_locked_until: string | null;
}

interface StaffRow extends Omit<StaffUser, 'settings' | 'last_signed_in_at' | 'two_factor_locked_until'> {
  settings: Partial<StaffSettings> | null;
  last_signed_in_at: string | Date | null;
  two_factor_locked_until: string | Date | null;
  password_hash: string;
}

const COLUMNS = `id, username, role, name, is_disabled, settings, sign_in_notice, created_at, last_signed_in_at,
  totp_enabled_at IS NOT NULL AS two_factor,
  CASE WHEN two_factor_locked_until > now() THEN two_factor_locked_until END AS two_factor_locked_until`;

/** An address that signed in to an account is trusted past its lock for this long after its last sign-in. */
export const KNOWN_ADDRESS_DAYS = 90;

function toUser(row: Omit<StaffRow, 'password_hash'>): StaffUser {
  const notice = row.sign_in_notice;
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    name: row.name,
    is_disabled: row.is_disabled,
    settings: { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) },
    sign_in_notice: notice ? { ...notice, lastAt: new Date(notice.lastAt).toISOString() } : null,
    created_at: new Date(row.created_at).toISOString(),
    last_signed_in_at: row.last_signed_in_at ? new Date(row.last_signed_in_at).toISOString() : null,
    two_factor: row.two_factor,
    two_factor_locked_until: row.two_factor_locked_until ? new Date(row.two_factor_locked_until).toISOString() : null,
  };
}

/** A change that would leave no active admin, or that an admin makes to their own account. */
export class StaffChangeRefused extends Error {
  constructor(readonly reason: 'last-admin' | 'self') {
    super(reason);
    this.name = 'StaffChangeRefused';
  }
}

/**
 * Staff accounts (table staff_users). Usernames are stored in their one form
 * (normaliseUsername); callers pass names already in that form.
 */
export function staffRepository(db: Queryable) {
  return {
    async count(): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_users');
      return rows[0]?.n ?? 0;
    },

    async findForSignIn(username: string): Promise<(StaffUser & { password_hash: string }) | null> {
      const { rows } = await db.query<StaffRow>(
        `SELECT ${COLUMNS}, password_hash FROM staff_users WHERE lower(username) = lower($1)`,
        [username],
      );
      const row = rows[0];
      return row ? { ...toUser(row), password_hash: row.password_hash } : null;
    },

    async findByUsername(username: string): Promise<StaffUser | null> {
      const { rows } = await db.query<StaffRow>(
        `SELECT ${COLUMNS} FROM staff_users WHERE lower(username) = lower($1)`,
        [username],
      );
      return rows[0] ? toUser(rows[0]) : null;
    },

    async findById(id: string): Promise<StaffUser | null> {
      const { rows } = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_users WHERE id = $1`, [id]);
      return rows[0] ? toUser(rows[0]) : null;
    },

    async list(): Promise<StaffUser[]> {
      const { rows } = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_users ORDER BY lower(username)`);
      return rows.map(toUser);
    },

    async create(input: { username: string; passwordHash: string; role: Role; name?: string | null }) {
      const { rows } = await db.query<StaffRow>(
        `INSERT INTO staff_users (username, password_hash, role, name) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
        [input.username, input.passwordHash, input.role, input.name ?? null],
      );
      return toUser(rows[0] as StaffRow);
    },

    /** Sets a new password and re-enables the account; returns false when there is no such user. */
    async setPassword(username: string, passwordHash: string): Promise<boolean> {
      const result = await db.query(
        `UPDATE staff_users SET password_hash = $2, is_disabled = false, updated_at = now()
         WHERE lower(username) = lower($1)`,
        [username, passwordHash],
      );
      return result.rowCount > 0;
    },

    async setDisabled(username: string, disabled: boolean): Promise<boolean> {
      const result = await db.query(
        'UPDATE staff_users SET is_disabled = $2, updated_at = now() WHERE lower(username) = lower($1)',
        [username, disabled],
      );
      return result.rowCount > 0;
    },

    /** Whether the address signed in to the account within the last KNOWN_ADDRESS_DAYS. */
    async isKnownAddress(userId: string, address: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM staff_known_addresses
         WHERE staff_user_id = $1 AND address = $2 AND last_signed_in_at > now() - $3 * interval '1 day'`,
        [userId, address, KNOWN_ADDRESS_DAYS],
      );
      return rows.length > 0;
    },

    /** A failed or refused sign-in on the account, for the notice its owner sees next time. */
    async recordFailedSignIn(userId: string, address: string): Promise<void> {
      await db.query(
        `UPDATE staff_users SET failed_sign_ins = failed_sign_ins + 1,
           last_failed_sign_in_at = now(), last_failed_sign_in_address = $2
         WHERE id = $1`,
        [userId, address],
      );
    },

    /**
     * A successful sign-in: the address becomes known, and failures since the last sign-in
     * are added to the notice (kept until dismissed).
     */
    async recordSignIn(userId: string, address: string): Promise<void> {
      await db.query(
        `UPDATE staff_users SET
           sign_in_notice = CASE WHEN failed_sign_ins = 0 THEN sign_in_notice ELSE jsonb_build_object(
             'failedAttempts', failed_sign_ins + coalesce((sign_in_notice ->> 'failedAttempts')::int, 0),
             'lastAt', last_failed_sign_in_at,
             'lastAddress', last_failed_sign_in_address) END,
           failed_sign_ins = 0, last_signed_in_at = now()
         WHERE id = $1`,
        [userId],
      );
      await db.query(
        `INSERT INTO staff_known_addresses (staff_user_id, address) VALUES ($1, $2)
         ON CONFLICT (staff_user_id, address) DO UPDATE SET last_signed_in_at = now()`,
        [userId, address],
      );
    },

    /**
     * Changes an account's role or status unless that would leave no active admin. The
     * active admins' rows are locked first, so two admins demoting each other at once cannot
     * both succeed. Returns the account before and after, or null when there is no such account.
     */
    async changeAccess(
      id: string,
      change: { role?: Role; is_disabled?: boolean },
    ): Promise<{ before: StaffUser; after: StaffUser } | null> {
      await db.query("SELECT id FROM staff_users WHERE role = 'admin' AND NOT is_disabled ORDER BY id FOR UPDATE");
      const before = await this.findById(id);
      if (!before) return null;
      const role = change.role ?? before.role;
      const disabled = change.is_disabled ?? before.is_disabled;
      const losesAdmin = before.role === 'admin' && !before.is_disabled && (role !== 'admin' || disabled);
      if (losesAdmin) {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM staff_users WHERE role = 'admin' AND NOT is_disabled AND id <> $1",
          [id],
        );
        if ((rows[0]?.n ?? 0) === 0) throw new StaffChangeRefused('last-admin');
      }
      const { rows } = await db.query<StaffRow>(
        `UPDATE staff_users SET role = $2, is_disabled = $3, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, role, disabled],
      );
      return { before, after: toUser(rows[0] as StaffRow) };
    },

    async setPasswordById(id: string, passwordHash: string): Promise<boolean> {
      const result = await db.query('UPDATE staff_users SET password_hash = $2, updated_at = now() WHERE id = $1', [
        id,
        passwordHash,
      ]);
      return result.rowCount > 0;
    },

    async passwordHashOf(id: string): Promise<string | null> {
      const { rows } = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM staff_users WHERE id = $1',
        [id],
      );
      return rows[0]?.password_hash ?? null;
    },

    /** Ends every session of the account (disabled, new password), or all but `keep`. */
    async endSessions(id: string, keep?: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE staff_user_id = $1 AND id IS DISTINCT FROM $2', [id, keep ?? null]);
    },

    async dismissSignInNotice(userId: string): Promise<void> {
      await db.query('UPDATE staff_users SET sign_in_notice = NULL WHERE id = $1', [userId]);
    },

    async updateSettings(id: string, settings: StaffSettings): Promise<StaffSettings> {
      const { rows } = await db.query<{ settings: Partial<StaffSettings> }>(
        `UPDATE staff_users SET settings = settings || $2::jsonb, updated_at = now() WHERE id = $1 RETURNING settings`,
        [id, JSON.stringify(settings)],
      );
      return { ...DEFAULT_SETTINGS, ...(rows[0]?.settings ?? {}) };
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;

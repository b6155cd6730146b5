import type { Role } from '../../../shared/permissions';
import type { Queryable } from '../../db/database';

export interface StaffSettings {
  theme: 'dark' | 'light';
  notifications: boolean;
}
export const DEFAULT_SETTINGS: StaffSettings = { theme: 'light', notifications: true };

export interface StaffUser {
  id: string;
  username: string;
  role: Role;
  name: string | null;
  is_disabled: boolean;
  settings: StaffSettings;
  created_at: string;
}

interface StaffRow extends Omit<StaffUser, 'settings'> {
  settings: Partial<StaffSettings> | null;
  password_hash: string;
}

const COLUMNS = 'id, username, role, name, is_disabled, settings, created_at';

function toUser(row: Omit<StaffRow, 'password_hash'>): StaffUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    name: row.name,
    is_disabled: row.is_disabled,
    settings: { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) },
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Staff accounts (table staff_users). Usernames are unique case-insensitively. */
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

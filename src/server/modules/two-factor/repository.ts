import type { Queryable } from '#server/db/database';
import { tokenHash as hashToken } from '#server/lib/token-hash';
import { KEYED_RECOVERY_PREFIX } from './totp';

/** A right password waits for its code this long. */
export const CHALLENGE_MINUTES = 5;

export interface TwoFactorState {
  /** The sealed secret of a confirmed set-up, else null. */
  secret: string | null;
  /** The sealed secret of a set-up that waits for its first code. */
  pendingSecret: string | null;
}

export interface SignInChallenge {
  userId: string;
  address: string;
  knownAddress: boolean;
}

/** Two-factor secrets, recovery codes and pending sign-ins (tables of migration 008_staff_security). */
export function twoFactorRepository(db: Queryable) {
  return {
    async state(userId: string): Promise<TwoFactorState | null> {
      const { rows } = await db.query<{ totp_secret: string | null; totp_pending_secret: string | null }>(
        'SELECT totp_secret, totp_pending_secret FROM staff_users WHERE id = $1',
        [userId],
      );
      const row = rows[0];
      return row ? { secret: row.totp_secret, pendingSecret: row.totp_pending_secret } : null;
    },

    async setPending(userId: string, sealed: string): Promise<void> {
      await db.query('UPDATE staff_users SET totp_pending_secret = $2 WHERE id = $1', [userId, sealed]);
    },

    /** The pending secret becomes the account's, with the step of the code that confirmed it and new recovery codes. */
    async enable(userId: string, sealed: string, step: number, recoveryHashes: string[]): Promise<void> {
      await db.query(
        `UPDATE staff_users SET totp_secret = $2, totp_pending_secret = NULL, totp_enabled_at = now(),
           totp_last_step = $3 WHERE id = $1`,
        [userId, sealed, step],
      );
      await db.query('DELETE FROM staff_recovery_codes WHERE staff_user_id = $1', [userId]);
      await db.query('INSERT INTO staff_recovery_codes (staff_user_id, code_hash) SELECT $1, unnest($2::text[])', [
        userId,
        recoveryHashes,
      ]);
    },

    /** Turns two-factor sign-in off (and drops a set-up under way); returns whether there was anything to drop. */
    async disable(userId: string): Promise<boolean> {
      const result = await db.query(
        `UPDATE staff_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
           totp_last_step = NULL, two_factor_locked_until = NULL
         WHERE id = $1 AND (totp_secret IS NOT NULL OR totp_pending_secret IS NOT NULL)`,
        [userId],
      );
      await db.query('DELETE FROM staff_recovery_codes WHERE staff_user_id = $1', [userId]);
      return result.rowCount > 0;
    },

    /**
     * Takes a code's time step if it is later than the last one taken: a code is good once,
     * and an older one never again (atomic, so two requests with one code cannot both pass).
     */
    async takeStep(userId: string, step: number): Promise<boolean> {
      const result = await db.query(
        `UPDATE staff_users SET totp_last_step = $2
         WHERE id = $1 AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $2)`,
        [userId, step],
      );
      return result.rowCount > 0;
    },

    /** Uses up a recovery code; false when it is not one of the account's unused codes. */
    async spendRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const result = await db.query(
        `UPDATE staff_recovery_codes SET used_at = now()
         WHERE staff_user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        [userId, codeHash],
      );
      return result.rowCount > 0;
    },

    /**
     * Recovery codes still stored as their plain SHA-256 (from before they were keyed), of
     * accounts whose secret is sealed with `keyId`'s key: the others wait for their key.
     */
    async plainRecoveryHashes(keyId: string): Promise<{ userId: string; codeHash: string }[]> {
      const { rows } = await db.query<{ staff_user_id: string; code_hash: string }>(
        `SELECT c.staff_user_id, c.code_hash FROM staff_recovery_codes c
         JOIN staff_users u ON u.id = c.staff_user_id
         WHERE left(c.code_hash, length($1)) <> $1 AND split_part(u.totp_secret, ':', 2) = $2`,
        [KEYED_RECOVERY_PREFIX, keyId],
      );
      return rows.map((r) => ({ userId: r.staff_user_id, codeHash: r.code_hash }));
    },

    async replaceRecoveryHash(userId: string, from: string, to: string): Promise<void> {
      await db.query('UPDATE staff_recovery_codes SET code_hash = $3 WHERE staff_user_id = $1 AND code_hash = $2', [
        userId,
        from,
        to,
      ]);
    },

    /** Until when two-factor sign-in is locked for the account after too many wrong codes; null when it is not. */
    async lockedUntil(userId: string): Promise<Date | null> {
      const { rows } = await db.query<{ until: string | Date }>(
        'SELECT two_factor_locked_until AS until FROM staff_users WHERE id = $1 AND two_factor_locked_until > now()',
        [userId],
      );
      return rows[0] ? new Date(rows[0].until) : null;
    },

    /** Locks two-factor sign-in for `minutes`; the end of the lock when this call set it, null when it was locked already. */
    async lock(userId: string, minutes: number): Promise<Date | null> {
      const { rows } = await db.query<{ until: string | Date }>(
        `UPDATE staff_users SET two_factor_locked_until = now() + $2 * interval '1 minute'
         WHERE id = $1 AND (two_factor_locked_until IS NULL OR two_factor_locked_until <= now())
         RETURNING two_factor_locked_until AS until`,
        [userId, minutes],
      );
      return rows[0] ? new Date(rows[0].until) : null;
    },

    /** Lifts the lock; whether there was one in force. */
    async unlock(userId: string): Promise<boolean> {
      const result = await db.query(
        `UPDATE staff_users SET two_factor_locked_until = NULL
         WHERE id = $1 AND two_factor_locked_until > now()`,
        [userId],
      );
      return result.rowCount > 0;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM staff_recovery_codes WHERE staff_user_id = $1 AND used_at IS NULL',
        [userId],
      );
      return rows[0]?.n ?? 0;
    },

    /** How many accounts have two-factor sign-in on, and their sealed secrets (checked at start). */
    async sealedSecrets(): Promise<{ username: string; secret: string }[]> {
      const { rows } = await db.query<{ username: string; secret: string }>(
        `SELECT username, totp_secret AS secret FROM staff_users WHERE totp_secret IS NOT NULL
         UNION ALL SELECT username, totp_pending_secret FROM staff_users WHERE totp_pending_secret IS NOT NULL`,
      );
      return rows;
    },

    async createChallenge(token: string, challenge: SignInChallenge): Promise<void> {
      await db.query('DELETE FROM staff_sign_in_challenges WHERE expires_at < now()');
      await db.query(
        `INSERT INTO staff_sign_in_challenges (token_hash, staff_user_id, address, known_address, expires_at)
         VALUES ($1, $2, $3, $4, now() + $5 * interval '1 minute')`,
        [hashToken(token), challenge.userId, challenge.address, challenge.knownAddress, CHALLENGE_MINUTES],
      );
    },

    async findChallenge(token: string): Promise<SignInChallenge | null> {
      const { rows } = await db.query<{ staff_user_id: string; address: string; known_address: boolean }>(
        `SELECT staff_user_id, address, known_address FROM staff_sign_in_challenges
         WHERE token_hash = $1 AND expires_at > now()`,
        [hashToken(token)],
      );
      const row = rows[0];
      return row ? { userId: row.staff_user_id, address: row.address, knownAddress: row.known_address } : null;
    },

    async deleteChallenge(token: string): Promise<void> {
      await db.query('DELETE FROM staff_sign_in_challenges WHERE token_hash = $1', [hashToken(token)]);
    },
  };
}

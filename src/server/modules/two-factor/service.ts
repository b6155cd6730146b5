import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '#server/db/database';
import { clientAddress } from '#server/lib/client-address';
import { HttpError } from '#server/lib/http-error';
import { queueSignInBurstNotice } from '#server/modules/staff-notices/service';
import { countHit } from '#server/plugins/rate-limit';
import { twoFactorRepository } from './repository';
import { createSecretBox, readCode, type SecretBox, totpStepOf } from './totp';

export type SecondFactor = 'authenticator code' | 'recovery code';

/**
 * Wrong codes allowed per account, from every address and form together (the sign-in's code
 * step, a code sent with the password, the Account page), before two-factor sign-in to the
 * account is locked for `lockMinutes` or until an admin unlocks it (decision 0070).
 */
export const TWO_FACTOR_LOCK = { wrongCodes: 5, windowMs: 15 * 60 * 1000, lockMinutes: 60 };

const wrongCodesKey = (userId: string) => `two-factor-fail:user:${userId}`;

export type CodeCheck =
  | { ok: true; factor: SecondFactor }
  /** `lockedUntil` when two-factor sign-in is locked (now or before); `lockedNow` when this check locked it. */
  | { ok: false; lockedUntil: Date | null; lockedNow: boolean };

/**
 * Checks a code against the account: an authenticator code of a step not used before, or an
 * unused recovery code, which it uses up. Null when it is neither.
 */
export async function checkSecondFactor(
  db: Queryable,
  box: SecretBox,
  userId: string,
  raw: string,
  now = Date.now(),
): Promise<SecondFactor | null> {
  const code = readCode(raw);
  if (!code) return null;
  const repo = twoFactorRepository(db);
  if (code.kind === 'recovery')
    return (await repo.spendRecoveryCode(userId, box.recoveryCodeHash(userId, code.code))) ? 'recovery code' : null;
  const state = await repo.state(userId);
  if (!state?.secret) return null;
  const step = totpStepOf(box.open(state.secret), code.code, now);
  return step !== null && (await repo.takeStep(userId, step)) ? 'authenticator code' : null;
}

/**
 * Checks a code under the account's limit of wrong codes. Each check is counted before the
 * code is read, so parallel guesses cannot all be read before the lock; a right code clears
 * the count. While two-factor sign-in is locked, no code is read, right or wrong.
 */
export async function checkSecondFactorLimited(
  db: Queryable,
  box: SecretBox,
  userId: string,
  raw: string,
): Promise<CodeCheck> {
  const repo = twoFactorRepository(db);
  const locked = await repo.lockedUntil(userId);
  if (locked) return { ok: false, lockedUntil: locked, lockedNow: false };
  const { wrongCodes, windowMs, lockMinutes } = TWO_FACTOR_LOCK;
  const counted = await countHit(db, wrongCodesKey(userId), windowMs, wrongCodes);
  if (!counted) {
    const lockedNow = await repo.lock(userId, lockMinutes);
    return { ok: false, lockedUntil: lockedNow ?? (await repo.lockedUntil(userId)), lockedNow: lockedNow !== null };
  }
  const factor = await checkSecondFactor(db, box, userId, raw);
  if (factor) {
    await clearWrongCodes(db, userId);
    return { ok: true, factor };
  }
  if (counted.hits < wrongCodes) return { ok: false, lockedUntil: null, lockedNow: false };
  const lockedNow = await repo.lock(userId, lockMinutes);
  return { ok: false, lockedUntil: lockedNow ?? (await repo.lockedUntil(userId)), lockedNow: lockedNow !== null };
}

/**
 * A check that found two-factor sign-in locked: the lock, when this check set it, goes in the
 * audit log (its owner's admins see it there and on Staff), then the answer is 429.
 */
export async function refuseLockedTwoFactor(
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: string; username: string },
  check: Extract<CodeCheck, { ok: false }> & { lockedUntil: Date },
): Promise<never> {
  if (check.lockedNow) {
    request.log.warn({ username: account.username, until: check.lockedUntil }, 'two-factor sign-in locked');
    await request.audit({
      action: 'auth.two-factor-locked',
      actor: { id: account.id, username: account.username },
      entity: { type: 'staff', id: account.id, title: account.username },
      changes: { wrongCodes: TWO_FACTOR_LOCK.wrongCodes, lockedUntil: check.lockedUntil.toISOString() },
    });
    await queueSignInBurstNotice(request.server.db, account, {
      lock: 'two-factor',
      attempts: TWO_FACTOR_LOCK.wrongCodes,
      address: clientAddress(request),
      lockKey: check.lockedUntil.toISOString(),
    });
  }
  const retryAfterMs = Math.max(1000, check.lockedUntil.getTime() - Date.now());
  reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
  throw new HttpError(
    429,
    request.t('admin.twoFactor.errors.locked', { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) }),
  );
}

/** Forgets the account's wrong codes (a right code, or an admin unlocking it). */
export async function clearWrongCodes(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_hits WHERE key = $1', [wrongCodesKey(userId)]);
}

/**
 * Recovery codes stored before they were keyed (a plain SHA-256) take their keyed form, for
 * every account whose secret the key in use opens: they keep working, and a backup made
 * from now on holds nothing a guess can be tested against without the key.
 */
export async function keyPlainRecoveryHashes(db: Queryable, box: SecretBox): Promise<number> {
  const repo = twoFactorRepository(db);
  const plain = await repo.plainRecoveryHashes(box.keyId);
  for (const { userId, codeHash } of plain) {
    await repo.replaceRecoveryHash(userId, codeHash, box.keyedRecoveryHash(userId, codeHash));
  }
  return plain.length;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and opens two-factor secrets with TOTP_ENCRYPTION_KEY (decision 0034). */
    secretBox: SecretBox;
  }
}

/**
 * The key for two-factor secrets, checked at start: in production a stored secret needs
 * TOTP_ENCRYPTION_KEY and must open with it, else the server refuses to start (naming the
 * accounts); elsewhere a mismatch is a warning.
 */
export const twoFactorPlugin = fp(
  async (app: FastifyInstance) => {
    const box = createSecretBox(app.config.totpEncryptionKey);
    app.decorate('secretBox', box);
    app.addHook('onReady', async () => {
      // A database not migrated yet (one a restore is about to fill) holds no secrets.
      const { rows } = await app.db.query<{ present: boolean }>(
        "SELECT to_regclass('staff_users') IS NOT NULL AS present",
      );
      if (!rows[0]?.present) return;
      const stored = await twoFactorRepository(app.db).sealedSecrets();
      const unreadable = [...new Set(stored.filter((s) => !box.opens(s.secret)).map((s) => s.username))];
      if (app.config.isProduction && stored.length > 0 && box.developmentKey) {
        throw new Error(
          `TOTP_ENCRYPTION_KEY is required: ${stored.length} two-factor secret(s) are stored (accounts ${[...new Set(stored.map((s) => s.username))].join(', ')})`,
        );
      }
      if (unreadable.length > 0) {
        const message = `two-factor secrets of ${unreadable.join(', ')} were sealed with another TOTP_ENCRYPTION_KEY; reset their two-factor sign-in or restore the key`;
        if (app.config.isProduction) throw new Error(message);
        app.log.warn(message);
      }
      const keyed = await keyPlainRecoveryHashes(app.db, box);
      if (keyed > 0) app.log.info({ recoveryCodes: keyed }, 'stored recovery codes now hashed under the key');
    });
  },
  { name: 'two-factor', dependencies: ['app-context'] },
);

// What sign-in, the account page and staff management use of the second factor.
export { CHALLENGE_MINUTES, twoFactorRepository } from './repository';
export { newRecoveryCodes, newTotpSecret, totpStepOf } from './totp';

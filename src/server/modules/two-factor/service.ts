import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/database';
import { twoFactorRepository } from './repository';
import { createSecretBox, readCode, recoveryCodeHash, type SecretBox, totpStepOf } from './totp';

export type SecondFactor = 'authenticator code' | 'recovery code';

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
    return (await repo.spendRecoveryCode(userId, recoveryCodeHash(code.code))) ? 'recovery code' : null;
  const state = await repo.state(userId);
  if (!state?.secret) return null;
  const step = totpStepOf(box.open(state.secret), code.code, now);
  return step !== null && (await repo.takeStep(userId, step)) ? 'authenticator code' : null;
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
    });
  },
  { name: 'two-factor', dependencies: ['app-context'] },
);

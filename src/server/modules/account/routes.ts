import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress } from '#server/lib/client-address';
import { HttpError } from '#server/lib/http-error';
import { parseAsyncOr400 } from '#server/lib/parse-async';
import { createSignInThrottle } from '#server/modules/auth/service';
import type { StaffSession } from '#server/modules/auth/sessions';
import {
  HASHING_BUSY_RETRY_SECONDS,
  HashingBusyError,
  hashPassword,
  staffRepository,
  verifyPassword,
} from '#server/modules/staff/service';
import {
  checkSecondFactorLimited,
  newRecoveryCodes,
  newTotpSecret,
  refuseLockedTwoFactor,
  totpStepOf,
  twoFactorRepository,
} from '#server/modules/two-factor/service';
import {
  confirmTwoFactorBodySchema,
  disableTwoFactorBodySchema,
  recoveryCodesSchema,
  startTwoFactorBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '#shared/account';
import { changePasswordBodySchema, changePasswordFormSchema } from '#shared/staff-accounts';

const session = (request: FastifyRequest) => request.staffSession as StaffSession;

/**
 * The signed-in member's own account (docs/product.md#account): their password and their
 * two-factor sign-in. Open to every role, and to an admin who must still set up two-factor.
 * Each change asks again for the password and, with two-factor sign-in on, a code: a stolen
 * session alone cannot change either (decision 0070).
 */
export async function accountRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = staffRepository(app.db);
  const twoFactor = twoFactorRepository(app.db);
  const throttle = createSignInThrottle(app.db);
  const signedIn = app.requirePermission('read', { duringTwoFactorSetup: true });

  /**
   * Checks the member's current password, counted like a sign-in (a stolen session cannot
   * try passwords faster than a sign-in could); `field` names it in a 400.
   */
  async function requireOwnPassword(request: FastifyRequest, reply: FastifyReply, password: string, field: string) {
    const { user } = session(request);
    const address = clientAddress(request);
    const attempt = await throttle.reserve(user.username, address, { kind: 'known-address', address });
    if (!attempt.ok) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
      throw new HttpError(
        429,
        request.t('admin.signIn.errors.tooManyAttempts', {
          minutes: Math.max(1, Math.ceil(attempt.retryAfterMs / 60_000)),
        }),
      );
    }
    let ok: boolean;
    try {
      ok = await verifyPassword(password.trim(), (await staff.passwordHashOf(user.id)) ?? '');
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      await attempt.cancel();
      reply.header('retry-after', String(HASHING_BUSY_RETRY_SECONDS));
      throw new HttpError(503, 'admin.signIn.errors.busy');
    }
    if (!ok)
      throw new HttpError(400, 'admin.account.errors.currentWrong', { [field]: 'admin.account.errors.currentWrong' });
    await attempt.succeeded();
  }

  /**
   * With two-factor sign-in on, checks a code (authenticator or recovery), under the
   * account's limit of wrong codes like a sign-in's.
   */
  async function requireOwnCode(request: FastifyRequest, reply: FastifyReply, code: string | undefined) {
    const { user } = session(request);
    if (!user.two_factor) return;
    if (code === undefined)
      throw new HttpError(400, 'admin.twoFactor.errors.codeRequired', { code: 'admin.twoFactor.errors.codeRequired' });
    const check = await checkSecondFactorLimited(app.db, app.secretBox, user.id, code);
    if (check.ok) return;
    if (check.lockedUntil)
      await refuseLockedTwoFactor(request, reply, user, { ...check, lockedUntil: check.lockedUntil });
    throw new HttpError(400, 'admin.twoFactor.errors.wrongCode', { code: 'admin.twoFactor.errors.wrongCode' });
  }

  api.put(
    '/admin/account/password',
    {
      onRequest: signedIn,
      schema: { body: changePasswordBodySchema, response: { 204: z.null() } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = await parseAsyncOr400(changePasswordFormSchema, request.body);
      await requireOwnPassword(request, reply, body.currentPassword, 'currentPassword');
      await requireOwnCode(request, reply, body.code);
      const { user, id: sessionId } = session(request);
      const passwordHash = await hashPassword(body.newPassword);
      await app.db.transaction(async (tx) => {
        await staffRepository(tx).setPasswordById(user.id, passwordHash);
        // Anyone else signed in as this member is out; this browser stays in.
        await staffRepository(tx).endSessions(user.id, sessionId);
        await request.audit(
          { action: 'account.password', entity: { type: 'staff', id: user.id, title: user.username } },
          tx,
        );
      });
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/admin/account/two-factor',
    { onRequest: signedIn, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      const { user } = session(request);
      return {
        enabled: user.two_factor,
        recoveryCodesLeft: user.two_factor ? await twoFactor.recoveryCodesLeft(user.id) : 0,
      };
    },
  );

  // A new secret waits for the first code; turning it on again replaces the old one only then.
  api.post(
    '/admin/account/two-factor/setup',
    {
      onRequest: signedIn,
      schema: { body: startTwoFactorBodySchema, response: { 200: twoFactorSetupSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (app.config.isProduction && app.secretBox.developmentKey) {
        throw new HttpError(503, 'admin.twoFactor.errors.noKey');
      }
      const { user } = session(request);
      if (user.two_factor) throw new HttpError(400, 'admin.twoFactor.errors.alreadyOn');
      await requireOwnPassword(request, reply, request.body.password, 'password');
      const setup = await newTotpSecret(user.username);
      await twoFactor.setPending(user.id, app.secretBox.seal(setup.secret));
      reply.header('cache-control', 'no-store');
      return setup;
    },
  );

  api.post(
    '/admin/account/two-factor/confirm',
    {
      onRequest: signedIn,
      schema: { body: confirmTwoFactorBodySchema, response: { 200: recoveryCodesSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { user } = session(request);
      const state = await twoFactor.state(user.id);
      if (!state?.pendingSecret) throw new HttpError(400, 'admin.twoFactor.errors.noSetup');
      const step = totpStepOf(app.secretBox.open(state.pendingSecret), request.body.code.replace(/\s/g, ''));
      if (step === null)
        throw new HttpError(400, 'admin.twoFactor.errors.wrongCode', { code: 'admin.twoFactor.errors.wrongCode' });
      const recoveryCodes = newRecoveryCodes();
      await app.db.transaction(async (tx) => {
        await twoFactorRepository(tx).enable(
          user.id,
          state.pendingSecret as string,
          step,
          recoveryCodes.map((code) => app.secretBox.recoveryCodeHash(user.id, code)),
        );
        await request.audit(
          {
            action: 'account.two-factor-on',
            entity: { type: 'staff', id: user.id, title: user.username },
            changes: { twoFactor: { from: false, to: true } },
          },
          tx,
        );
      });
      reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );

  api.post(
    '/admin/account/two-factor/disable',
    {
      onRequest: signedIn,
      schema: { body: disableTwoFactorBodySchema, response: { 204: z.null() } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { user } = session(request);
      if (!user.two_factor) throw new HttpError(400, 'admin.twoFactor.errors.notOn');
      if (app.twoFactorSetupRequired({ role: user.role, two_factor: false })) {
        throw new HttpError(400, 'admin.twoFactor.errors.required');
      }
      await requireOwnPassword(request, reply, request.body.password, 'password');
      await requireOwnCode(request, reply, request.body.code);
      await app.db.transaction(async (tx) => {
        await twoFactorRepository(tx).disable(user.id);
        await request.audit(
          {
            action: 'account.two-factor-off',
            entity: { type: 'staff', id: user.id, title: user.username },
            changes: { twoFactor: { from: true, to: false } },
          },
          tx,
        );
      });
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress } from '#server/lib/client-address';
import { HttpError } from '#server/lib/http-error';
import { newToken } from '#server/lib/token-hash';
import {
  DEMO_ADMIN,
  HASHING_BUSY_RETRY_SECONDS,
  HashingBusyError,
  type StaffUser,
  staffRepository,
  verifyAgainstDummy,
  verifyPassword,
} from '#server/modules/staff/service';
import { queueSignInBurstNotice } from '#server/modules/staff-notices/service';
import {
  CHALLENGE_MINUTES,
  checkSecondFactorLimited,
  refuseLockedTwoFactor,
  type SecondFactor,
  twoFactorRepository,
} from '#server/modules/two-factor/service';
import { normaliseSignIn, signInBodySchema, signInCodeBodySchema, signInProblem } from '#shared/sign-in-schema';
import {
  demoCredentialsSchema,
  type SignInAnswer,
  sessionAnswerSchema,
  signInAnswerSchema,
  staffSessionSchema,
} from '#shared/staff-session';
import type { StaffSession } from './sessions';
import { createSignInThrottle, type LockWayThrough, type Reservation, SIGN_IN_THROTTLE } from './sign-in-throttle';

function sessionBody(app: FastifyInstance, session: StaffSession) {
  const { user } = session;
  return {
    user: {
      username: user.username,
      name: user.name,
      role: user.role,
      permissions: user.permissions,
      settings: user.settings,
    },
    session: { createdAt: session.createdAt, expiresAt: session.expiresAt },
    notice: user.sign_in_notice,
    twoFactor: { enabled: user.two_factor, setupRequired: app.twoFactorSetupRequired(user) },
  };
}

async function currentSession(request: FastifyRequest): Promise<StaffSession> {
  const session = await request.loadSession();
  if (!session) {
    throw new HttpError(
      401,
      request.staleSessionCookie ? 'admin.signIn.errors.sessionExpired' : 'admin.signIn.errors.notSignedIn',
    );
  }
  return session;
}

type FailureReason =
  | 'not a username'
  | 'unknown user'
  | 'wrong password'
  | 'disabled'
  | 'wrong code'
  | 'two-factor locked'
  | 'too many attempts'
  | 'sign-in expired';

/** Staff sign-in (with its two-factor step), sign-out, session and renew (docs/product.md#admin-sign-in). */
export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const throttle = createSignInThrottle(app.db);
  const staff = staffRepository(app.db);
  const twoFactor = twoFactorRepository(app.db);
  // The pending second step: its own cookie, only ever sent to the sign-in routes.
  const challengeCookie = app.config.isProduction ? '__Secure-sdh_sign_in' : 'sdh_sign_in';
  const challengeCookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.config.isProduction,
    path: '/api/auth',
  };

  /** A refused sign-in: logged, counted on the account (its owner's notice) and in the audit log. */
  async function failed(
    request: FastifyRequest,
    tried: { account: StaffUser | null; username: string },
    reason: FailureReason,
  ) {
    const address = clientAddress(request);
    if (tried.account && reason !== 'disabled') await staff.recordFailedSignIn(tried.account.id, address);
    request.log.warn({ username: tried.username, ip: address, reason }, 'sign-in failed');
    await request.audit({
      action: 'auth.sign-in-failed',
      actor: { id: tried.account?.id ?? null, username: tried.username },
      ...(tried.account ? { entity: { type: 'staff', id: tried.account.id, title: tried.account.username } } : {}),
      changes: { reason },
    });
  }

  /**
   * A wrong password that locked the account (its window's failures reached the limit): its
   * owner is e-mailed if they asked, at most once per lock window.
   */
  async function tellOfLock(account: StaffUser, username: string, address: string, way: LockWayThrough | null) {
    const until = await throttle.accountLockedUntil(username, address, way);
    if (!until || !(await throttle.claimLockNotice(account.id))) return;
    await queueSignInBurstNotice(app.db, account, {
      lock: 'password',
      attempts: SIGN_IN_THROTTLE.perUsername,
      address,
      lockKey: until.toISOString(),
    });
  }

  function refuseThrottled(reply: FastifyReply, retryAfterMs: number, request: FastifyRequest): never {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw new HttpError(429, request.t('admin.signIn.errors.tooManyAttempts', { minutes }));
  }

  /** The password (or code) was right: the session starts. */
  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: StaffUser,
    attempt: Extract<Reservation, { ok: true }>,
    secondFactor: SecondFactor | null,
  ) {
    const address = clientAddress(request);
    await attempt.succeeded();
    await staff.recordSignIn(account.id, address);
    await app.startSession(request, reply, account.id);
    request.log.info({ username: account.username, role: account.role, ip: address }, 'sign-in succeeded');
    const session = await currentSession(request);
    await request.audit({
      action: 'auth.sign-in',
      entity: { type: 'staff', id: account.id, title: account.username },
      changes: secondFactor ? { secondFactor } : null,
    });
    return sessionBody(app, session);
  }

  /** The account's code, under its limit of wrong codes; `wrong` is the refusal of a wrong one. */
  async function requireCode(
    request: FastifyRequest,
    reply: FastifyReply,
    tried: { account: StaffUser; username: string },
    code: string,
    wrong: () => HttpError,
  ): Promise<SecondFactor> {
    const check = await checkSecondFactorLimited(app.db, app.secretBox, tried.account.id, code);
    if (check.ok) return check.factor;
    const { lockedUntil } = check;
    await failed(request, tried, lockedUntil && !check.lockedNow ? 'two-factor locked' : 'wrong code');
    if (lockedUntil) return refuseLockedTwoFactor(request, reply, tried.account, { ...check, lockedUntil });
    throw wrong();
  }

  async function checkPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    attempt: Extract<Reservation, { ok: true }>,
    password: string,
    account: { password_hash: string } | null,
  ): Promise<boolean> {
    try {
      return account ? await verifyPassword(password, account.password_hash) : await verifyAgainstDummy(password);
    } catch (error) {
      if (!(error instanceof HashingBusyError)) throw error;
      await attempt.cancel();
      request.log.warn({ ip: request.ip }, 'sign-in turned away: too many sign-ins at once');
      reply.header('retry-after', String(HASHING_BUSY_RETRY_SECONDS));
      throw new HttpError(503, 'admin.signIn.errors.busy');
    }
  }

  api.post(
    '/auth/sign-in',
    {
      schema: { body: signInBodySchema, response: { 200: signInAnswerSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply): Promise<SignInAnswer> => {
      const problem = signInProblem(request.body);
      if (problem) {
        request.log.info(
          { username: request.body.username.trim().slice(0, 64), ip: request.ip, problem },
          'sign-in refused: invalid input',
        );
        throw new HttpError(400, problem);
      }
      const { username, password } = normaliseSignIn(request.body);
      const code = request.body.code;
      const tried = { username: username ?? request.body.username.trim().slice(0, 64) };
      // With a code in the same request, any refusal says only that something was wrong.
      const invalid = code === undefined ? 'admin.signIn.errors.invalidCredentials' : 'admin.twoFactor.errors.invalid';
      const address = clientAddress(request);
      const account = username === null ? null : await staff.findForSignIn(username);
      const known = account !== null && (await staff.isKnownAddress(account.id, address));
      const way: LockWayThrough | null = known
        ? { kind: 'known-address', address }
        : account?.two_factor && code !== undefined
          ? { kind: 'second-factor', address }
          : null;
      const attempt = await throttle.reserve(username, address, way);
      if (!attempt.ok) {
        await failed(request, { ...tried, account }, 'too many attempts');
        refuseThrottled(reply, attempt.retryAfterMs, request);
      }
      if (username === null) {
        await failed(request, { ...tried, account: null }, 'not a username');
        throw new HttpError(401, invalid);
      }

      const ok = await checkPassword(request, reply, attempt, password, account);
      if (!account || !ok || account.is_disabled) {
        await failed(request, { ...tried, account }, !account ? 'unknown user' : !ok ? 'wrong password' : 'disabled');
        if (account && !ok && username !== null) await tellOfLock(account, username, address, way);
        throw new HttpError(401, invalid);
      }
      if (!account.two_factor) return signedIn(request, reply, account, attempt, null);

      if (code !== undefined) {
        const factor = await requireCode(
          request,
          reply,
          { ...tried, account },
          code,
          () => new HttpError(401, invalid),
        );
        return signedIn(request, reply, account, attempt, factor);
      }
      // A right password is not a failure, nor a sign-in yet: the code step is charged instead.
      await attempt.cancel();
      const token = newToken();
      await twoFactor.createChallenge(token, { userId: account.id, address, knownAddress: known });
      reply.setCookie(challengeCookie, token, { ...challengeCookieOptions, maxAge: CHALLENGE_MINUTES * 60 });
      request.log.info({ username: account.username, ip: address }, 'sign-in waits for a two-factor code');
      return { codeRequired: true as const };
    },
  );

  api.post(
    '/auth/sign-in/code',
    {
      schema: { body: signInCodeBodySchema, response: { 200: staffSessionSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const token = request.cookies[challengeCookie];
      const address = clientAddress(request);
      const challenge = token ? await twoFactor.findChallenge(token) : null;
      const account = challenge ? await staff.findById(challenge.userId) : null;
      if (!token || !challenge || !account || challenge.address !== address || account.is_disabled) {
        reply.clearCookie(challengeCookie, challengeCookieOptions);
        throw new HttpError(401, 'admin.twoFactor.errors.expired');
      }
      const tried = { account, username: account.username };
      const attempt = await throttle.reserve(
        account.username,
        address,
        challenge.knownAddress ? { kind: 'known-address', address } : null,
      );
      if (!attempt.ok) {
        await failed(request, tried, 'too many attempts');
        refuseThrottled(reply, attempt.retryAfterMs, request);
      }
      const factor = await requireCode(
        request,
        reply,
        tried,
        request.body.code,
        () => new HttpError(401, 'admin.twoFactor.errors.wrongCode'),
      );
      await twoFactor.deleteChallenge(token);
      reply.clearCookie(challengeCookie, challengeCookieOptions);
      return signedIn(request, reply, account, attempt, factor);
    },
  );

  api.post('/auth/sign-out', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const session = await request.loadSession();
    if (session) await request.audit({ action: 'auth.sign-out' });
    await app.endSession(request, reply);
    if (session) request.log.info({ username: session.user.username, ip: request.ip }, 'signed out');
    return reply.status(204).send(null);
  });

  api.get('/auth/session', { schema: { response: { 200: sessionAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await request.loadSession();
    if (session) return sessionBody(app, session);
    const expired = request.staleSessionCookie === true;
    if (expired) await app.endSession(request, reply);
    return { user: null, expired };
  });

  api.post(
    '/auth/renew',
    {
      schema: { response: { 200: staffSessionSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const session = await currentSession(request);
      // Renew = a fresh session (new id, a new 24 h), so a stolen old id stops working.
      await app.startSession(request, reply, session.user.id);
      return sessionBody(app, await currentSession(request));
    },
  );

  // The owner has read the failed sign-in notice.
  api.delete('/auth/notice', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const session = await currentSession(request);
    await staff.dismissSignInNotice(session.user.id);
    return reply.status(204).send(null);
  });

  // Demo Mode only: the panel's credentials come from here, never from the bundle.
  api.get('/auth/demo-credentials', { schema: { response: { 200: demoCredentialsSchema } } }, async (_r, reply) => {
    reply.header('cache-control', 'no-store');
    if (!app.config.demoMode || app.config.isProduction) return { enabled: false as const };
    return { enabled: true as const, username: DEMO_ADMIN.username, password: DEMO_ADMIN.password };
  });
}

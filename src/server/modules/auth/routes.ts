import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseSignIn, signInBodySchema, signInProblem } from '../../../shared/sign-in-schema';
import { demoCredentialsSchema, sessionAnswerSchema, staffSessionSchema } from '../../../shared/staff-session';
import { clientAddress } from '../../lib/client-address';
import { HttpError } from '../../plugins/error-handler';
import type { StaffSession } from '../../plugins/sessions';
import { HASHING_BUSY_RETRY_SECONDS, HashingBusyError, verifyAgainstDummy, verifyPassword } from '../staff/password';
import { staffRepository } from '../staff/repository';
import { DEMO_ADMIN } from '../staff/service';
import { createSignInThrottle } from './sign-in-throttle';

function sessionBody(session: StaffSession) {
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

/** Staff sign-in, sign-out, session and renew (D2). */
export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const throttle = createSignInThrottle(app.db);
  const staff = staffRepository(app.db);

  api.post(
    '/auth/sign-in',
    {
      schema: { body: signInBodySchema, response: { 200: staffSessionSchema } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const problem = signInProblem(request.body);
      if (problem) {
        request.log.info(
          { username: request.body.username.trim().slice(0, 64), ip: request.ip, problem },
          'sign-in refused: invalid input',
        );
        throw new HttpError(400, problem);
      }
      const { username, password } = normaliseSignIn(request.body);
      const address = clientAddress(request);
      const account = username === null ? null : await staff.findForSignIn(username);
      const known = account !== null && (await staff.isKnownAddress(account.id, address));
      const attempt = await throttle.reserve(username, address, known ? { kind: 'known-address', address } : null);
      if (!attempt.ok) {
        if (account) await staff.recordFailedSignIn(account.id, address);
        request.log.warn({ username, ip: address }, 'sign-in refused: too many failed attempts');
        const minutes = Math.max(1, Math.ceil(attempt.retryAfterMs / 60_000));
        reply.header('retry-after', String(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
        throw new HttpError(429, request.t('admin.signIn.errors.tooManyAttempts', { minutes }));
      }
      if (username === null) {
        request.log.warn({ ip: address, reason: 'not a username' }, 'sign-in failed');
        throw new HttpError(401, 'admin.signIn.errors.invalidCredentials');
      }

      let ok: boolean;
      try {
        ok = account ? await verifyPassword(password, account.password_hash) : await verifyAgainstDummy(password);
      } catch (error) {
        if (!(error instanceof HashingBusyError)) throw error;
        await attempt.cancel();
        request.log.warn({ username, ip: address }, 'sign-in turned away: too many sign-ins at once');
        reply.header('retry-after', String(HASHING_BUSY_RETRY_SECONDS));
        throw new HttpError(503, 'admin.signIn.errors.busy');
      }
      if (!account || !ok || account.is_disabled) {
        if (account && !ok) await staff.recordFailedSignIn(account.id, address);
        request.log.warn(
          { username, ip: address, reason: !account ? 'unknown user' : !ok ? 'wrong password' : 'disabled' },
          'sign-in failed',
        );
        throw new HttpError(401, 'admin.signIn.errors.invalidCredentials');
      }
      await attempt.succeeded();
      await staff.recordSignIn(account.id, address);
      await app.startSession(request, reply, account.id);
      request.log.info({ username: account.username, role: account.role, ip: address }, 'sign-in succeeded');
      return sessionBody(await currentSession(request));
    },
  );

  api.post('/auth/sign-out', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    const session = await request.loadSession();
    await app.endSession(request, reply);
    if (session) request.log.info({ username: session.user.username, ip: request.ip }, 'signed out');
    return reply.status(204).send(null);
  });

  api.get('/auth/session', { schema: { response: { 200: sessionAnswerSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await request.loadSession();
    if (session) return sessionBody(session);
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
      return sessionBody(await currentSession(request));
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

import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isCrossSite } from '#server/lib/cross-site';
import { HttpError } from '#server/lib/http-error';
import { tokenHash as hashToken, newToken } from '#server/lib/token-hash';
import { type StaffUser, staffRepository } from '#server/modules/staff/service';
import { can, type Permission, permissionsOf } from '#shared/permissions';

/** Absolute lifetime of a session (24 h: docs/product.md#sessions). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface StaffSession {
  /** SHA-256 of the cookie value: what the table stores. */
  id: string;
  user: StaffUser & { permissions: Permission[] };
  createdAt: string;
  expiresAt: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookieName: string;
    /** Issues a new session for the user and sets its cookie. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
    /** Deletes the request's session (if any) and clears the cookie. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Refuses with 401 when there is no valid session, 403 when the role lacks the permission,
     * and 403 for an admin who must still set up two-factor sign-in (REQUIRE_ADMIN_2FA),
     * unless `duringTwoFactorSetup` (the routes that set it up).
     */
    requirePermission(permission: Permission, options?: { duringTwoFactorSetup?: boolean }): preHandlerAsyncHookHandler;
    /** Whether this member must set up two-factor sign-in before anything else. */
    twoFactorSetupRequired(user: Pick<StaffUser, 'role' | 'two_factor'>): boolean;
  }
  interface FastifyRequest {
    /** The signed-in staff session, loaded by loadSession(); undefined until then. */
    staffSession?: StaffSession | null;
    /** Whether the browser sent a session cookie the server no longer knows. */
    staleSessionCookie?: boolean;
    loadSession(): Promise<StaffSession | null>;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PLAIN_FORM_TYPE = /^\s*(text\/plain|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** Where the cross-site check and `Cache-Control: no-store` apply: every staff route. */
export function isStaffApi(url: string): boolean {
  return url.startsWith('/api/admin/') || url === '/api/admin' || url.startsWith('/api/auth/');
}

/**
 * Database-backed staff sessions (docs/product.md#sessions): a random 256-bit id in an HttpOnly SameSite=Strict
 * cookie, only its SHA-256 in the sessions table, 24 h absolute lifetime.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    const secure = app.config.isProduction;
    // __Host- pins the cookie to this exact origin (Secure, path /, no Domain).
    const cookieName = secure ? '__Host-sdh_session' : 'sdh_session';
    const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/' };
    app.decorate('sessionCookieName', cookieName);

    app.decorateRequest('staffSession', undefined);
    app.decorateRequest('staleSessionCookie', false);
    app.decorateRequest('loadSession', async function loadSession(this: FastifyRequest) {
      if (this.staffSession !== undefined) return this.staffSession;
      const token = this.cookies[cookieName];
      if (!token) {
        this.staffSession = null;
        return null;
      }
      const { rows } = await app.db.query<{
        id: string;
        created_at: string;
        expires_at: string;
        user_id: string;
      }>(
        `SELECT s.id, s.created_at, s.expires_at, u.id AS user_id
         FROM sessions s JOIN staff_users u ON u.id = s.staff_user_id
         WHERE s.id = $1 AND s.expires_at > now() AND NOT u.is_disabled`,
        [hashToken(token)],
      );
      const row = rows[0];
      const user = row ? await staffRepository(app.db).findById(row.user_id) : null;
      if (!row || !user) {
        this.staleSessionCookie = true;
        this.staffSession = null;
        return null;
      }
      this.staffSession = {
        id: row.id,
        user: { ...user, permissions: permissionsOf(user.role) },
        createdAt: new Date(row.created_at).toISOString(),
        expiresAt: new Date(row.expires_at).toISOString(),
      };
      return this.staffSession;
    });

    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
      // A new id at every sign-in (no fixation); the old one, if any, is gone.
      await app.endSession(request, reply);
      const token = newToken();
      await app.db.query(
        `INSERT INTO sessions (id, staff_user_id, expires_at, ip, user_agent)
         VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4, $5)`,
        [
          hashToken(token),
          userId,
          SESSION_LIFETIME_MS,
          request.ip,
          String(request.headers['user-agent'] ?? '').slice(0, 300),
        ],
      );
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_LIFETIME_MS / 1000 });
      request.staffSession = undefined;
      request.cookies[cookieName] = token;
      // Expired sessions are swept now and then rather than by a timer.
      if (Math.random() < 0.05) await app.db.query('DELETE FROM sessions WHERE expires_at < now()');
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[cookieName];
      if (token) await app.db.query('DELETE FROM sessions WHERE id = $1', [hashToken(token)]);
      reply.clearCookie(cookieName, cookieOptions);
      request.staffSession = null;
    });

    app.decorate(
      'twoFactorSetupRequired',
      (user: Pick<StaffUser, 'role' | 'two_factor'>) =>
        app.config.requireAdmin2fa && user.role === 'admin' && !user.two_factor,
    );

    app.decorate('requirePermission', (permission: Permission, options: { duringTwoFactorSetup?: boolean } = {}) => {
      return async function checkPermission(request: FastifyRequest) {
        const session = await request.loadSession();
        if (!session) {
          throw new HttpError(
            401,
            request.staleSessionCookie ? 'admin.signIn.errors.sessionExpired' : 'admin.signIn.errors.notSignedIn',
          );
        }
        if (!can(session.user.role, permission)) throw new HttpError(403, 'admin.access.forbidden');
        if (!options.duringTwoFactorSetup && app.twoFactorSetupRequired(session.user)) {
          throw new HttpError(403, 'admin.twoFactor.errors.setupRequired');
        }
      };
    });

    // No staff answer is kept by a browser or a cache on the way, errors included: they carry
    // visitors' personal data, settings and one-time links.
    app.addHook('onSend', async (request, reply) => {
      if (isStaffApi(request.routeOptions.url ?? '') || isStaffApi(request.url))
        reply.header('cache-control', 'no-store');
    });

    // Cross-site request refusal on top of SameSite=Strict: a browser always sends Origin
    // (and Sec-Fetch-Site) on a state-changing fetch; it must be this site.
    app.addHook('onRequest', async (request) => {
      // The router decodes the path (/%61pi/admin/... reaches /api/admin/...), so the route it
      // chose decides, not the spelling; the raw path too, for requests no route takes.
      if (!STATE_CHANGING.has(request.method)) return;
      if (!isStaffApi(request.routeOptions.url ?? '') && !isStaffApi(request.url)) return;
      if (isCrossSite(request)) {
        const { origin, 'sec-fetch-site': site } = request.headers;
        request.log.warn({ site, origin, url: request.url }, 'refused a cross-site staff request');
        throw new HttpError(403, 'admin.access.crossSite');
      }
      // What a plain HTML form can send without the page's script: never a staff request.
      if (PLAIN_FORM_TYPE.test(request.headers['content-type'] ?? '')) {
        request.log.warn({ url: request.url }, 'refused a plain-form staff request');
        throw new HttpError(415, 'admin.access.formBody');
      }
    });
  },
  { name: 'sessions', dependencies: ['app-context', '@fastify/cookie'] },
);

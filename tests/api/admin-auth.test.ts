import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, DEMO_ADMIN, seedDemoStaff } from '../../src/server/modules/staff/service';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`admin sign-in and sessions (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createStaffUser(t.db, { username: 'amina', password: 'correct-horse', role: 'editor' });
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password }, headers });

  it('signs in, returns the user without secrets, and sets a strict HttpOnly cookie', async () => {
    const response = await signIn('  Amina ', ' correct-horse ');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      username: 'amina',
      name: null,
      role: 'editor',
      permissions: ['read', 'write'],
      settings: { theme: 'light', notifications: true },
    });
    expect(JSON.stringify(body)).not.toMatch(/hash|scrypt|correct-horse/);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/sdh_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Max-Age=86400/);
  });

  it('stores only the SHA-256 of the session id, with a 24 h lifetime', async () => {
    const response = await signIn('amina', 'correct-horse');
    const token = response.cookies.find((c) => c.name === 'sdh_session')?.value as string;
    const { createHash } = await import('node:crypto');
    const { rows } = await t.db.query<{ id: string; hours: number }>(
      `SELECT id, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM sessions WHERE id = $1`,
      [createHash('sha256').update(token).digest('hex')],
    );
    expect(rows).toEqual([{ id: expect.any(String), hours: 24 }]);
    expect((await t.db.query('SELECT 1 FROM sessions WHERE id = $1', [token])).rowCount).toBe(0);
  });

  it.each([
    ['', 'whatever', 'Please fill in all fields'],
    ['   ', '     ', 'Please fill in all fields'],
    ['ab', 'secret123', 'Username must be at least 3 characters long'],
    ['amina', '12345', 'Password must be at least 6 characters long'],
    ['amina', 'wrong-password', 'Invalid username or password'],
    ['nobody', 'correct-horse', 'Invalid username or password'],
  ])('refuses username %j / password %j with "%s"', async (username, password, message) => {
    const response = await signIn(username, password);
    expect(response.statusCode).toBe(message.startsWith('Invalid') ? 401 : 400);
    expect(response.json().message).toBe(message);
  });

  it('refuses malformed JSON, wrong types, unknown fields and over-long values', async () => {
    const cases = [
      { payload: '{"username": "amina", ', type: 'application/json' },
      { payload: JSON.stringify({ username: 123, password: 'correct-horse' }), type: 'application/json' },
      {
        payload: JSON.stringify({ username: 'amina', password: 'correct-horse', role: 'admin' }),
        type: 'application/json',
      },
      { payload: JSON.stringify({ username: 'a'.repeat(65), password: 'correct-horse' }), type: 'application/json' },
    ];
    for (const c of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: c.payload,
        headers: { 'content-type': c.type },
      });
      expect(response.statusCode, c.payload).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('a disabled account cannot sign in', async () => {
    await createStaffUser(t.db, { username: 'gone-user', password: 'secret-pw-7319-x', role: 'admin' });
    await t.db.query("UPDATE staff_users SET is_disabled = true WHERE username = 'gone-user'");
    expect((await signIn('gone-user', 'secret-pw-7319-x')).statusCode).toBe(401);
  });

  it('throttles failed sign-ins per username with a clear 429', async () => {
    await createStaffUser(t.db, { username: 'target', password: 'right-password-7319', role: 'viewer' });
    for (let i = 0; i < 5; i++) expect((await signIn('target', `wrong-${i}-pw`)).statusCode).toBe(401);
    const blocked = await signIn('target', 'right-password-7319');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Another account from elsewhere is not affected.
    expect((await signIn('amina', 'correct-horse')).statusCode).toBe(200);
  });

  it('throttles failed sign-ins per client address', async () => {
    const other = await createTestApp();
    try {
      await createStaffUser(other.db, { username: 'victim', password: 'right-password-7319', role: 'viewer' });
      for (let i = 0; i < 20; i++) {
        const r = await other.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { username: `user${i}`, password: 'guess-123' },
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await other.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { username: 'victim', password: 'right-password-7319' },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await other.close();
    }
    // Twenty deliberate password hashes: slow on a busy machine.
  }, 180_000);

  it('knows the session, renews it with a new id, and logout kills it on the server', async () => {
    const { cookie } = await signedInAs(t, 'viewer');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.role).toBe('viewer');

    const renew = await t.app.inject({ method: 'POST', url: '/api/auth/renew', headers: { cookie } });
    expect(renew.statusCode).toBe(200);
    const renewed = `sdh_session=${renew.cookies.find((c) => c.name === 'sdh_session')?.value}`;
    expect(renewed).not.toBe(cookie);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user,
    ).toBeNull();

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: renewed } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: renewed } });
    expect(after.json()).toEqual({ user: null, expired: true });
    expect(String(after.headers['set-cookie'])).toMatch(/sdh_session=;/);
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(none.json()).toEqual({ user: null, expired: false });
  });

  it('an expired session opens nothing', async () => {
    const { cookie } = await signedInAs(t, 'admin');
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/listings', headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Session expired. Please login again.');
  });

  it('a made-up session cookie opens nothing', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/listings',
      headers: { cookie: 'sdh_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses cross-site state-changing requests (Origin and Sec-Fetch-Site)', async () => {
    const { cookie } = await signedInAs(t, 'admin');
    const crossOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/renew',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().message).toBe('Cross-site requests are not allowed.');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/renew',
      headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('offers demo credentials only in demo mode', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/demo-credentials' })).json()).toEqual({
      enabled: false,
    });
    const demo = await createTestApp({ demoMode: true });
    try {
      await seedDemoStaff(demo.db);
      const response = await demo.app.inject({ method: 'GET', url: '/api/auth/demo-credentials' });
      expect(response.json()).toEqual({ enabled: true, username: DEMO_ADMIN.username, password: DEMO_ADMIN.password });
      const signIn = await demo.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password },
      });
      expect(signIn.json().user.role).toBe('admin');
    } finally {
      await demo.close();
    }
  }, 120_000);
});

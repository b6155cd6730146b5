import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../src/server/modules/staff/service';
import { totpCodeAt } from '../../src/server/modules/two-factor/totp';
import type { Role } from '../../src/shared/permissions';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const PASSWORD = 'right-password-7319';
const STEP_MS = 30_000;

describe(`two-factor sign-in (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let nextAddress = 1;
  const newAddress = () => `203.0.113.${nextAddress++}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
    const cookie = response.cookies.find((c) => c.name === name && c.value);
    return cookie ? `${name}=${cookie.value}` : undefined;
  };
  const signIn = (username: string, password: string, remoteAddress: string, code?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username, password, ...(code === undefined ? {} : { code }) },
      remoteAddress,
    });
  const sendCode = (challenge: string | undefined, code: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/code',
      payload: { code },
      remoteAddress,
      headers: challenge ? { cookie: challenge } : {},
    });
  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  /** A member with two-factor sign-in on: their secret, recovery codes, address and the step their confirming code used. */
  async function memberWithTwoFactor(username: string, role: Role = 'editor') {
    await createStaffUser(t.db, { username, password: PASSWORD, role });
    const home = newAddress();
    const first = await signIn(username, PASSWORD, home);
    expect(first.statusCode).toBe(200);
    const cookie = cookieOf(first, 'sdh_session') as string;
    const setup = await as(cookie, 'POST', '/api/admin/account/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrDataUrl } = setup.json();
    expect(uri).toMatch(new RegExp(`^otpauth://totp/SD%20Hub:${username}\\?.*secret=${secret}`));
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const now = Date.now();
    const confirm = await as(cookie, 'POST', '/api/admin/account/two-factor/confirm', {
      code: totpCodeAt(secret, now),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json();
    return { secret, recoveryCodes: recoveryCodes as string[], home, cookie, confirmedAt: now };
  }

  it('turns on with a QR code and a confirming code; the secret is stored encrypted', async () => {
    await createStaffUser(t.db, { username: 'setup-person', password: PASSWORD, role: 'viewer' });
    const first = await signIn('setup-person', PASSWORD, newAddress());
    const cookie = cookieOf(first, 'sdh_session') as string;
    const setup = (await as(cookie, 'POST', '/api/admin/account/two-factor/setup')).json();
    const wrong = await as(cookie, 'POST', '/api/admin/account/two-factor/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: expect.stringMatching(/not right/) });
    const bad = await as(cookie, 'POST', '/api/admin/account/two-factor/confirm', { code: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['code']);
    const ok = await as(cookie, 'POST', '/api/admin/account/two-factor/confirm', {
      code: totpCodeAt(setup.secret, Date.now()),
    });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const { rows } = await t.db.query<{ totp_secret: string }>(
      "SELECT totp_secret FROM staff_users WHERE username = 'setup-person'",
    );
    expect(rows[0]?.totp_secret).toMatch(/^v1:/);
    expect(rows[0]?.totp_secret).not.toContain(setup.secret);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM staff_recovery_codes');
    expect(stored.rows.map((r) => r.code_hash).some((h) => codes.includes(h))).toBe(false);
    const status = await as(cookie, 'GET', '/api/admin/account/two-factor');
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  }, 60_000);

  it('asks for a code after the password; the password alone gives no session', async () => {
    const { secret, home, confirmedAt } = await memberWithTwoFactor('two-step');
    const step1 = await signIn('two-step', PASSWORD, home);
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ codeRequired: true });
    expect(cookieOf(step1, 'sdh_session')).toBeUndefined();
    const challenge = cookieOf(step1, 'sdh_sign_in');
    expect(challenge).toBeDefined();
    // The pending state is not a session.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: challenge as string },
    });
    expect(session.json().user).toBeNull();
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/admin/listings',
      headers: { cookie: challenge as string },
    });
    expect(stats.statusCode).toBe(401);

    expect((await sendCode(challenge, '123456', home)).statusCode).toBe(401);
    // The code that confirmed the set-up is spent; the next step's code is good.
    expect((await sendCode(challenge, totpCodeAt(secret, confirmedAt), home)).statusCode).toBe(401);
    const next = totpCodeAt(secret, confirmedAt + STEP_MS);
    const done = await sendCode(challenge, next, home);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.username).toBe('two-step');
    expect(done.json().twoFactor).toEqual({ enabled: true, setupRequired: false });
    expect(cookieOf(done, 'sdh_session')).toBeDefined();
    // The pending sign-in is used up.
    expect((await sendCode(challenge, next, home)).statusCode).toBe(401);

    // Replay: the same code in a new sign-in is refused.
    const again = cookieOf(await signIn('two-step', PASSWORD, home), 'sdh_sign_in');
    const replay = await sendCode(again, next, home);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/used already/);
  }, 60_000);

  it('takes each recovery code once', async () => {
    const { recoveryCodes, home } = await memberWithTwoFactor('recovering');
    const [code] = recoveryCodes;
    const challenge = cookieOf(await signIn('recovering', PASSWORD, home), 'sdh_sign_in');
    const ok = await sendCode(challenge, (code as string).toUpperCase().replace('-', ' '), home);
    expect(ok.statusCode, ok.body).toBe(200);
    const challenge2 = cookieOf(await signIn('recovering', PASSWORD, home), 'sdh_sign_in');
    expect((await sendCode(challenge2, code as string, home)).statusCode).toBe(401);
    expect((await sendCode(challenge2, recoveryCodes[1] as string, home)).statusCode).toBe(200);
  }, 60_000);

  it('throttles wrong codes like wrong passwords', async () => {
    await memberWithTwoFactor('code-guesser');
    const address = newAddress();
    const challenge = cookieOf(await signIn('code-guesser', PASSWORD, address), 'sdh_sign_in');
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await sendCode(challenge, String(100000 + i), address)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it('refuses a pending sign-in from another address', async () => {
    const { secret, home } = await memberWithTwoFactor('moving');
    const challenge = cookieOf(await signIn('moving', PASSWORD, home), 'sdh_sign_in');
    const elsewhere = await sendCode(challenge, totpCodeAt(secret, Date.now() + STEP_MS), newAddress());
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toMatch(/took too long/);
  }, 60_000);

  it('a right password and a right code get past a locked account (the way through)', async () => {
    const { secret, confirmedAt } = await memberWithTwoFactor('locked-owner');
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await signIn('locked-owner', `guess-${i}-password`, attacker)).statusCode).toBe(401);
    }
    const travelling = newAddress();
    expect((await signIn('locked-owner', PASSWORD, travelling)).statusCode).toBe(429);
    // A wrong code with the password says nothing of which was wrong.
    const wrong = await signIn('locked-owner', PASSWORD, travelling, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username, password or code');
    const wrongPassword = await signIn(
      'locked-owner',
      'not-the-password',
      travelling,
      totpCodeAt(secret, confirmedAt + STEP_MS),
    );
    expect(wrongPassword.json().message).toBe('Invalid username, password or code');
    const ok = await signIn('locked-owner', PASSWORD, travelling, totpCodeAt(secret, confirmedAt + STEP_MS));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.username).toBe('locked-owner');
    // The way is counted per address: guesses there are still limited.
    const guesser = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await signIn('locked-owner', PASSWORD, guesser, `55555${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  }, 120_000);

  it('turning it off takes the password; an admin can reset another member', async () => {
    const member = await memberWithTwoFactor('resettable');
    const off = await as(member.cookie, 'POST', '/api/admin/account/two-factor/disable', {
      password: 'wrong-password-1',
    });
    expect(off.statusCode).toBe(400);
    expect(Object.keys(off.json().fields)).toEqual(['password']);

    await createStaffUser(t.db, { username: 'boss', password: PASSWORD, role: 'admin' });
    const boss = cookieOf(await signIn('boss', PASSWORD, newAddress()), 'sdh_session') as string;
    const { rows } = await t.db.query<{ id: string }>("SELECT id FROM staff_users WHERE username = 'resettable'");
    const reset = await as(boss, 'DELETE', `/api/admin/staff/${rows[0]?.id}/two-factor`);
    expect(reset.statusCode).toBe(204);
    const plain = await signIn('resettable', PASSWORD, member.home);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().twoFactor.enabled).toBe(false);
    expect((await as(boss, 'DELETE', `/api/admin/staff/${rows[0]?.id}/two-factor`)).statusCode).toBe(400);
  }, 60_000);
});

describe(`REQUIRE_ADMIN_2FA (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ requireAdmin2fa: true });
    await createStaffUser(t.db, { username: 'strict-admin', password: PASSWORD, role: 'admin' });
    await createStaffUser(t.db, { username: 'plain-editor', password: PASSWORD, role: 'editor' });
  });
  afterAll(() => t.close());

  it('sends an admin without two-factor to set it up before anything else', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'strict-admin', password: PASSWORD },
    });
    expect(signIn.json().twoFactor).toEqual({ enabled: false, setupRequired: true });
    const cookie = `sdh_session=${signIn.cookies.find((c) => c.name === 'sdh_session')?.value}`;
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } });
    expect(stats.statusCode).toBe(403);
    expect(stats.json().message).toMatch(/Turn on two-factor/);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/two-factor/setup',
      headers: { cookie },
    });
    expect(setup.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/two-factor/confirm',
      headers: { cookie },
      payload: { code: totpCodeAt(setup.json().secret, Date.now()) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/two-factor/disable',
      headers: { cookie },
      payload: { password: PASSWORD },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/must keep/);
  }, 60_000);

  it('leaves other roles alone', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'plain-editor', password: PASSWORD },
    });
    expect(signIn.json().twoFactor).toEqual({ enabled: false, setupRequired: false });
    const cookie = `sdh_session=${signIn.cookies.find((c) => c.name === 'sdh_session')?.value}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/listings', headers: { cookie } })).statusCode).toBe(
      200,
    );
  }, 60_000);
});

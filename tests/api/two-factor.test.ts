import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../src/server/modules/staff/service';
import { plainRecoveryCodeHash, totpCodeAt } from '../../src/server/modules/two-factor/totp';
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
    const setup = await as(cookie, 'POST', '/api/admin/account/two-factor/setup', { password: PASSWORD });
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
    const setup = (await as(cookie, 'POST', '/api/admin/account/two-factor/setup', { password: PASSWORD })).json();
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
    // The fifth wrong code also reaches the account's limit: two-factor sign-in is locked.
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
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
    // Guesses that way are limited too (and the account's fifth wrong code locks two-factor sign-in).
    const guesser = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await signIn('locked-owner', PASSWORD, guesser, `55555${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
  }, 120_000);

  it('turning it off takes the password and a code; an admin can reset another member', async () => {
    const member = await memberWithTwoFactor('resettable');
    const off = await as(member.cookie, 'POST', '/api/admin/account/two-factor/disable', {
      password: 'wrong-password-1',
      code: totpCodeAt(member.secret, member.confirmedAt + STEP_MS),
    });
    expect(off.statusCode).toBe(400);
    expect(Object.keys(off.json().fields)).toEqual(['password']);
    const noCode = await as(member.cookie, 'POST', '/api/admin/account/two-factor/disable', { password: PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(Object.keys(noCode.json().fields)).toEqual(['code']);
    const wrongCode = await as(member.cookie, 'POST', '/api/admin/account/two-factor/disable', {
      password: PASSWORD,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fields).toEqual({ code: expect.stringMatching(/not right/) });
    expect((await as(member.cookie, 'GET', '/api/admin/account/two-factor')).json().enabled).toBe(true);

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

  it('asks again for the password to start the set-up: a session alone cannot turn it on', async () => {
    await createStaffUser(t.db, { username: 'session-thief-target', password: PASSWORD, role: 'editor' });
    const cookie = cookieOf(await signIn('session-thief-target', PASSWORD, newAddress()), 'sdh_session') as string;
    const bare = await as(cookie, 'POST', '/api/admin/account/two-factor/setup');
    expect(bare.statusCode).toBe(400);
    const wrong = await as(cookie, 'POST', '/api/admin/account/two-factor/setup', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['password']);
    const { rows } = await t.db.query<{ pending: string | null }>(
      "SELECT totp_pending_secret AS pending FROM staff_users WHERE username = 'session-thief-target'",
    );
    expect(rows[0]?.pending).toBeNull();
    const right = await as(cookie, 'POST', '/api/admin/account/two-factor/setup', { password: PASSWORD });
    expect(right.statusCode).toBe(200);
  }, 60_000);

  it('turns off with the password and a right code (a recovery code does too)', async () => {
    const member = await memberWithTwoFactor('turning-off');
    const off = await as(member.cookie, 'POST', '/api/admin/account/two-factor/disable', {
      password: PASSWORD,
      code: member.recoveryCodes[0] as string,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await as(member.cookie, 'GET', '/api/admin/account/two-factor')).json().enabled).toBe(false);
  }, 60_000);

  it('changing the password with two-factor on takes a code; the current password is refused as the new one', async () => {
    const member = await memberWithTwoFactor('code-for-password');
    const put = (payload: object) => as(member.cookie, 'PUT', '/api/admin/account/password', payload);
    const same = await put({ currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ newPassword: 'Choose a new password, not the current one' });
    const noCode = await put({ currentPassword: PASSWORD, newPassword: 'Kilimani-sunrise-42' });
    expect(noCode.statusCode).toBe(400);
    expect(Object.keys(noCode.json().fields)).toEqual(['code']);
    const wrongCode = await put({ currentPassword: PASSWORD, newPassword: 'Kilimani-sunrise-42', code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(Object.keys(wrongCode.json().fields)).toEqual(['code']);
    const ok = await put({
      currentPassword: PASSWORD,
      newPassword: 'Kilimani-sunrise-42',
      code: totpCodeAt(member.secret, member.confirmedAt + STEP_MS),
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await signIn('code-for-password', 'Kilimani-sunrise-42', member.home)).json()).toEqual({
      codeRequired: true,
    });
  }, 60_000);

  it('limits wrong codes per account, from every address and form: the lock is audited, shown to admins, and an admin lifts it', async () => {
    const member = await memberWithTwoFactor('many-addresses');
    const addresses = [newAddress(), newAddress(), newAddress(), newAddress()];
    // Each address holds a pending sign-in (a right password), as an attacker who has it would.
    const challenges = await Promise.all(
      addresses.map(async (address) => cookieOf(await signIn('many-addresses', PASSWORD, address), 'sdh_sign_in')),
    );
    // 25 wrong codes at once: the code step and codes sent with the password, from four addresses.
    const guesses = Array.from({ length: 25 }, (_, i) => {
      const at = i % 4;
      const address = addresses[at] as string;
      const code = String(200000 + i);
      return i % 2 === 0 ? sendCode(challenges[at], code, address) : signIn('many-addresses', PASSWORD, address, code);
    });
    const answers = await Promise.all(guesses);
    const wrongCodesRead = answers.filter((a) => a.statusCode === 401).length;
    expect(wrongCodesRead).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(21);
    const lockedAnswer = answers.find((a) => /locked/.test(a.json().message ?? ''));
    expect(lockedAnswer?.json().message).toMatch(/locked for \d+ minutes/);
    expect(Number(lockedAnswer?.headers['retry-after'])).toBeGreaterThan(55 * 60);

    // Locked: even the right code from the owner's own address is not read.
    const owner = cookieOf(await signIn('many-addresses', PASSWORD, member.home), 'sdh_sign_in');
    const rightCode = totpCodeAt(member.secret, member.confirmedAt + STEP_MS);
    const refused = await sendCode(owner, rightCode, member.home);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/locked/);

    const { rows: locks } = await t.db.query<{ actor_username: string; changes: { wrongCodes: number } }>(
      "SELECT actor_username, changes FROM audit_log WHERE action = 'auth.two-factor-locked' AND entity_title = 'many-addresses'",
    );
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ actor_username: 'many-addresses', changes: { wrongCodes: 5 } });

    await createStaffUser(t.db, { username: 'lock-admin', password: PASSWORD, role: 'admin' });
    const admin = cookieOf(await signIn('lock-admin', PASSWORD, newAddress()), 'sdh_session') as string;
    const listed = (await as(admin, 'GET', '/api/admin/staff')).json().items;
    const shown = listed.find((m: { username: string }) => m.username === 'many-addresses');
    expect(Date.parse(shown.twoFactorLockedUntil)).toBeGreaterThan(Date.now() + 55 * 60_000);
    const unlocked = await as(admin, 'DELETE', `/api/admin/staff/${shown.id}/two-factor-lock`);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().twoFactorLockedUntil).toBeNull();
    expect((await as(admin, 'DELETE', `/api/admin/staff/${shown.id}/two-factor-lock`)).statusCode).toBe(400);
    const { rows: unlocks } = await t.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'staff.two-factor-unlock' AND entity_title = 'many-addresses'",
    );
    expect(unlocks).toHaveLength(1);

    const again = cookieOf(await signIn('many-addresses', PASSWORD, member.home), 'sdh_sign_in');
    const done = await sendCode(again, rightCode, member.home);
    expect(done.statusCode, done.body).toBe(200);
  }, 120_000);

  it('wrong codes on the Account page count too, and the lock ends by itself after its time', async () => {
    const member = await memberWithTwoFactor('page-guesser');
    const address = newAddress();
    const turnOff = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/account/two-factor/disable',
        payload: { password: PASSWORD, code },
        headers: { cookie: member.cookie },
        remoteAddress: address,
      });
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await turnOff(String(300000 + i))).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429, 429]);
    // An hour later (the lock's end moved back, as time would), the right code works again.
    await t.db.query(
      "UPDATE staff_users SET two_factor_locked_until = now() - interval '1 second' WHERE username = 'page-guesser'",
    );
    await t.db.query("DELETE FROM rate_limit_hits WHERE key LIKE 'two-factor-fail:%'");
    const off = await turnOff(totpCodeAt(member.secret, member.confirmedAt + STEP_MS));
    expect(off.statusCode, off.body).toBe(204);
  }, 60_000);

  it('keeps recovery codes as a keyed hash; codes stored as a plain SHA-256 are upgraded at start and keep working', async () => {
    const member = await memberWithTwoFactor('keyed-codes');
    const { rows: users } = await t.db.query<{ id: string }>(
      "SELECT id FROM staff_users WHERE username = 'keyed-codes'",
    );
    const userId = users[0]?.id as string;
    const stored = async () =>
      (
        await t.db.query<{ code_hash: string }>('SELECT code_hash FROM staff_recovery_codes WHERE staff_user_id = $1', [
          userId,
        ])
      ).rows.map((r) => r.code_hash);
    const plainHashes = member.recoveryCodes.map(plainRecoveryCodeHash);
    // What a backup carries: nothing a guess of 50 bits can be checked against without the key.
    for (const hash of await stored()) {
      expect(hash).toMatch(/^h1:[0-9a-f]{64}$/);
      expect(plainHashes.some((plain) => hash.includes(plain))).toBe(false);
    }

    // As an older version stored them: the plain SHA-256 of each code.
    await t.db.query('DELETE FROM staff_recovery_codes WHERE staff_user_id = $1', [userId]);
    await t.db.query('INSERT INTO staff_recovery_codes (staff_user_id, code_hash) SELECT $1, unnest($2::text[])', [
      userId,
      plainHashes,
    ]);
    const restarted = await createTestApp({}, { db: t.db });
    try {
      const upgraded = await stored();
      expect(upgraded).toHaveLength(10);
      for (const hash of upgraded) expect(hash).toMatch(/^h1:/);
      const challenge = cookieOf(
        await restarted.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { username: 'keyed-codes', password: PASSWORD },
          remoteAddress: member.home,
        }),
        'sdh_sign_in',
      );
      const used = await restarted.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/code',
        payload: { code: member.recoveryCodes[3] },
        remoteAddress: member.home,
        headers: { cookie: challenge as string },
      });
      expect(used.statusCode, used.body).toBe(200);
    } finally {
      await restarted.app.close();
    }
  }, 120_000);
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
      payload: { password: PASSWORD },
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
      payload: { password: PASSWORD, code: '000000' },
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

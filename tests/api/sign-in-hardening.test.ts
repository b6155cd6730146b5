import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_HASH_COST,
  HASHING_CONCURRENCY,
  passwordHashingStats,
  setPasswordHashCost,
} from '../../src/server/modules/staff/password';
import { createStaffUser } from '../../src/server/modules/staff/service';
import { createTestApp, TEST_PASSWORD_HASH_COST, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const PASSWORD = 'right-password-7319';

describe(`sign-in hardening (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let nextAddress = 1;
  /** A fresh client address, so one test's per-address counter never touches another's. */
  const newAddress = () => `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

  const logs: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { log: { write: (line) => logs.push(JSON.parse(line)) } });
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password }, remoteAddress });
  const statuses = (responses: { statusCode: number }[]) => {
    const count: Record<number, number> = {};
    for (const r of responses) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
    return count;
  };

  describe('attempts are reserved before the password is hashed', () => {
    it('hashes at most 5 of 40 parallel wrong passwords for one name', async () => {
      await createStaffUser(t.db, { username: 'parallel-name', password: PASSWORD, role: 'viewer' });
      const before = passwordHashingStats().started;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn('parallel-name', `wrong-${i}-password`)),
      );
      expect(passwordHashingStats().started - before).toBeLessThanOrEqual(5);
      expect(statuses(answers)).toEqual({ 401: 5, 429: 35 });
    }, 120_000);

    it('hashes at most 20 of 40 parallel wrong passwords from one address', async () => {
      const address = newAddress();
      const before = passwordHashingStats().started;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn(`someone-${i}`, 'wrong-password', address)),
      );
      expect(passwordHashingStats().started - before).toBeLessThanOrEqual(20);
      const count = statuses(answers);
      expect(Object.keys(count).every((s) => ['401', '429', '503'].includes(s))).toBe(true);
      expect(count[401] ?? 0).toBeLessThanOrEqual(20);
      expect(count[429]).toBeGreaterThanOrEqual(20);
    }, 120_000);
  });

  describe('password hashing is bounded', () => {
    // A queue only fills with hashes that take time: 2^15 (32 MiB, tens of milliseconds a hash)
    // fills it as production's 2^17 does, at a quarter of the CPU for the 26 hashes it runs.
    beforeAll(() => setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST - 2));
    afterAll(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

    it(`runs at most ${HASHING_CONCURRENCY} hashes at once and turns away a burst it cannot queue`, async () => {
      logs.length = 0;
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(`burst-${i}`, 'wrong-password')));
      expect(passwordHashingStats().maxRunning).toBeLessThanOrEqual(HASHING_CONCURRENCY);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 503)).toBe(true);
      for (const r of busy) {
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        expect(r.json().message).toBe('Too many sign-ins at once. Please try again in a few seconds.');
      }
      // Turned away on purpose, told when to try again: a warning, not an error.
      expect(logs.filter((line) => line.level >= 50)).toEqual([]);
      expect(logs.filter((line) => line.msg === 'refused: busy' && line.level === 40)).toHaveLength(busy.length);
      // Turned away before hashing, so the address is not charged for it: it can try again.
      expect((await signIn('burst-0', 'wrong-password', newAddress())).statusCode).toBe(401);
    }, 120_000);
  });

  describe('one form of a username', () => {
    it('a look-alike of a locked name does not sign in (secvİewer)', async () => {
      await createStaffUser(t.db, { username: 'secviewer', password: PASSWORD, role: 'viewer' });
      for (let i = 0; i < 5; i++) expect((await signIn('secviewer', `wrong-${i}-password`)).statusCode).toBe(401);
      expect((await signIn('secviewer', PASSWORD)).statusCode).toBe(429);
      const lookalike = await signIn('secvİewer', PASSWORD);
      expect(lookalike.statusCode).toBe(401);
      expect(lookalike.json().message).toBe('Invalid username or password');
      // Spellings that mean the same name meet the same lock.
      for (const same of ['SECVIEWER', ' SecViewer ', 'ｓｅｃｖｉｅｗｅｒ']) {
        expect((await signIn(same, PASSWORD)).statusCode, same).toBe(429);
      }
    }, 120_000);

    it.each([
      ['a name with a space', 'sec viewer'],
      ['a name with an emoji', 'sec😀viewer'],
      ['a name with a slash', 'sec/viewer'],
      ['a name that is too long', 'x'.repeat(51)],
      ['a name with a dotless i', 'secvıewer'],
    ])('answers %s with the usual message, never a 500', async (_label, username) => {
      const response = await signIn(username, PASSWORD);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid username or password');
    });

    it('refuses a name with a NUL as bad input (400), never a 500', async () => {
      const response = await signIn('sec\u0000viewer', PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('username');
    });

    it('stores new accounts in their one form', async () => {
      const user = await createStaffUser(t.db, { username: ' New.Person ', password: PASSWORD, role: 'viewer' });
      expect(user.username).toBe('new.person');
      await expect(
        createStaffUser(t.db, { username: 'NEW.PERSON', password: PASSWORD, role: 'viewer' }),
      ).rejects.toThrow(/already exists/);
      await expect(
        createStaffUser(t.db, { username: 'nеw.person', password: PASSWORD, role: 'viewer' }),
      ).rejects.toThrow(/letters, digits/);
    });
  });

  describe('an account cannot be locked against its owner', () => {
    it('lets the owner in from an address that signed in before, and tells them', async () => {
      await createStaffUser(t.db, { username: 'owner-one', password: PASSWORD, role: 'editor' });
      const home = newAddress();
      expect((await signIn('owner-one', PASSWORD, home)).statusCode).toBe(200);

      const attacker = newAddress();
      for (let i = 0; i < 5; i++) {
        expect((await signIn('owner-one', `guess-${i}-password`, attacker)).statusCode).toBe(401);
      }
      // The attacker, and anyone at an address never used before, is throttled...
      expect((await signIn('owner-one', PASSWORD, attacker)).statusCode).toBe(429);
      const stranger = newAddress();
      expect((await signIn('owner-one', PASSWORD, stranger)).statusCode).toBe(429);
      // ...while the owner at a known address is not, and learns of all 7 refusals.
      const owner = await signIn('owner-one', PASSWORD, home);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().notice).toEqual({ failedAttempts: 7, lastAddress: stranger, lastAt: expect.any(String) });
      const cookie = `sdh_session=${owner.cookies.find((c) => c.name === 'sdh_session')?.value}`;

      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.json().notice.failedAttempts).toBe(7);
      const dismiss = await t.app.inject({ method: 'DELETE', url: '/api/auth/notice', headers: { cookie } });
      expect(dismiss.statusCode).toBe(204);
      const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(after.json().notice).toBeNull();
      // A later sign-in with no failures in between brings no notice back.
      expect((await signIn('owner-one', PASSWORD, home)).json().notice).toBeNull();
    }, 120_000);

    it('still limits guesses from a known address', async () => {
      await createStaffUser(t.db, { username: 'owner-two', password: PASSWORD, role: 'viewer' });
      const office = newAddress();
      expect((await signIn('owner-two', PASSWORD, office)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect((await signIn('owner-two', `guess-${i}-password`, office)).statusCode).toBe(401);
      }
      expect((await signIn('owner-two', PASSWORD, office)).statusCode).toBe(429);
    }, 120_000);
  });
});

describe(`client addresses behind a proxy (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
    await createStaffUser(t.db, { username: 'proxied', password: PASSWORD, role: 'viewer' });
  });
  afterAll(() => t.close());

  it('takes the address the proxy saw, not one the client wrote (TRUST_PROXY=1)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'proxied', password: PASSWORD },
      remoteAddress: '10.0.0.1',
      // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await t.db.query<{ ip: string }>('SELECT ip FROM sessions');
    expect(rows).toEqual([{ ip: '203.0.113.7' }]);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffChangeRefused, staffRepository } from '../../src/server/modules/staff/repository';
import { createStaffUser } from '../../src/server/modules/staff/service';
import { appWithAdmin, STRONG_PASSWORD } from '../support/staff';
import type { TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`staff accounts (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let adminName: string;
  let call: Awaited<ReturnType<typeof appWithAdmin>>['call'];
  beforeAll(async () => {
    ({ t, adminName, call } = await appWithAdmin());
  }, 120_000);
  afterAll(() => t.close());

  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username, password } });
  const sessionCookie = (response: { cookies: { name: string; value: string }[] }) =>
    `sdh_session=${response.cookies.find((c) => c.name === 'sdh_session')?.value}`;
  const idOf = async (username: string) =>
    (await t.db.query<{ id: string }>('SELECT id FROM staff_users WHERE username = $1', [username])).rows[0]
      ?.id as string;

  it('creates an account with a first password; the member signs in and is listed', async () => {
    const created = await call('POST', '/api/admin/staff', {
      username: ' Hodan.Ali ',
      name: 'Hodan Ali',
      role: 'editor',
      setup: 'password',
      password: STRONG_PASSWORD,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      member: { username: 'hodan.ali', name: 'Hodan Ali', role: 'editor', disabled: false, twoFactor: false },
      link: null,
    });
    expect(created.body).not.toMatch(/scrypt|hash|mango/);
    const signedIn = await signIn('hodan.ali', STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const list = (await call('GET', '/api/admin/staff')).json();
    const hodan = list.items.find((m: { username: string }) => m.username === 'hodan.ali');
    expect(hodan.lastSignedInAt).toEqual(expect.any(String));
    expect(JSON.stringify(list)).not.toMatch(/scrypt|password/);
    const again = await call('POST', '/api/admin/staff', {
      username: 'HODAN.ALI',
      name: 'Someone',
      role: 'viewer',
      setup: 'password',
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ username: 'This username is already taken' });
  }, 60_000);

  it.each([
    [{ username: 'x', name: 'A', role: 'editor', setup: 'link' }, ['username']],
    [{ username: 'okname', name: '', role: 'boss', setup: 'link' }, ['name', 'role']],
    [{ username: 'okname', name: 'A', role: 'editor', setup: 'password' }, ['password']],
    [{ username: 'okname', name: 'A', role: 'editor', setup: 'password', password: 'short-one' }, ['password']],
    [{ username: 'okname', name: 'A', role: 'editor', setup: 'password', password: 'password1234' }, ['password']],
    [{ username: 'okname', name: 'A', role: 'editor', setup: 'maybe' }, ['setup']],
    [{ username: 'okname', name: 'A', role: 'editor', setup: 'link', extra: 1 }, ['body']],
  ])('refuses %j naming %j', async (body, fields) => {
    const response = await call('POST', '/api/admin/staff', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {}).sort()).toEqual([...fields].sort());
    expect((await t.db.query("SELECT 1 FROM staff_users WHERE username = 'okname'")).rows).toHaveLength(0);
  });

  it('says why a weak password is refused', async () => {
    const response = await call('POST', '/api/admin/staff', {
      username: 'weakling',
      name: 'Weak Ling',
      role: 'viewer',
      setup: 'password',
      password: 'weakling12345',
    });
    expect(response.json().fields.password).toMatch(/too easy to guess/);
  });

  it('a one-time link lets the person choose a password, once, before it expires', async () => {
    const created = await call('POST', '/api/admin/staff', {
      username: 'linked',
      name: 'Linked Person',
      role: 'viewer',
      setup: 'link',
    });
    expect(created.statusCode).toBe(201);
    const { url, expiresAt } = created.json().link;
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const token = new URL(url).searchParams.get('token') as string;
    expect(new URL(url).pathname).toBe('/admin/set-password');
    // Only its hash is stored.
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_password_links');
    expect(stored.rows.some((r) => r.token_hash.includes(token))).toBe(false);

    const info = await t.app.inject({ method: 'GET', url: `/api/auth/password-link?token=${token}` });
    expect(info.json()).toMatchObject({ username: 'linked', name: 'Linked Person' });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'linked123456' },
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['password']);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: STRONG_PASSWORD },
    });
    expect(set.statusCode).toBe(204);
    expect((await signIn('linked', STRONG_PASSWORD)).statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: `${STRONG_PASSWORD}-2` },
    });
    expect(reused.statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/password-link?token=${token}` })).statusCode).toBe(410);
    const garbage = await t.app.inject({ method: 'GET', url: '/api/auth/password-link?token=nope' });
    expect(garbage.statusCode).toBe(400);

    // An expired link is refused.
    const reset = await call('POST', `/api/admin/staff/${await idOf('linked')}/password-link`);
    const resetToken = new URL(reset.json().url).searchParams.get('token') as string;
    await t.db.query("UPDATE staff_password_links SET expires_at = now() - interval '1 minute'");
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: resetToken, password: STRONG_PASSWORD },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/not valid any more/);
  }, 60_000);

  it('a password reset ends the old password and every session at once', async () => {
    await createStaffUser(t.db, { username: 'forgetful', password: STRONG_PASSWORD, role: 'editor' });
    const theirs = sessionCookie(await signIn('forgetful', STRONG_PASSWORD));
    expect((await call('GET', '/api/admin/listings', undefined, theirs)).statusCode).toBe(200);
    const reset = await call('POST', `/api/admin/staff/${await idOf('forgetful')}/password-link`);
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/listings', undefined, theirs)).statusCode).toBe(401);
    expect((await signIn('forgetful', STRONG_PASSWORD)).statusCode).toBe(401);
  }, 60_000);

  it('disabling an account revokes its password links; one made while disabled waits for it to be enabled', async () => {
    const created = await call('POST', '/api/admin/staff', {
      username: 'leaver',
      name: 'Leaver',
      role: 'editor',
      setup: 'link',
    });
    const id = created.json().member.id as string;
    const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;
    const token = tokenOf(created.json().link.url);
    const choose = (linkToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token: linkToken, password: STRONG_PASSWORD },
      });
    expect((await call('PATCH', `/api/admin/staff/${id}`, { is_disabled: true })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/password-link?token=${token}` })).statusCode).toBe(410);
    expect((await choose(token)).statusCode).toBe(410);
    // Enabled again, the revoked link stays dead.
    expect((await call('PATCH', `/api/admin/staff/${id}`, { is_disabled: false })).statusCode).toBe(200);
    expect((await choose(token)).statusCode).toBe(410);
    const { rows } = await t.db.query('SELECT 1 FROM staff_password_links WHERE staff_user_id = $1', [id]);
    expect(rows).toHaveLength(0);

    // A reset while disabled gives a link that sets nothing until the account is enabled.
    await call('PATCH', `/api/admin/staff/${id}`, { is_disabled: true });
    const reset = tokenOf((await call('POST', `/api/admin/staff/${id}/password-link`)).json().url);
    expect((await choose(reset)).statusCode).toBe(410);
    expect((await signIn('leaver', STRONG_PASSWORD)).statusCode).toBe(401);
    await call('PATCH', `/api/admin/staff/${id}`, { is_disabled: false });
    expect((await choose(reset)).statusCode).toBe(204);
    expect((await signIn('leaver', STRONG_PASSWORD)).statusCode).toBe(200);
  }, 60_000);

  it('changes a role, disables (ending sessions at once) and enables', async () => {
    await createStaffUser(t.db, { username: 'shifting', password: STRONG_PASSWORD, role: 'viewer' });
    const theirs = sessionCookie(await signIn('shifting', STRONG_PASSWORD));
    const id = await idOf('shifting');
    const promoted = await call('PATCH', `/api/admin/staff/${id}`, { role: 'editor' });
    expect(promoted.json()).toMatchObject({ role: 'editor', disabled: false });
    // The new role applies to the session they have.
    expect((await call('GET', '/api/auth/session', undefined, theirs)).json().user.role).toBe('editor');
    const disabled = await call('PATCH', `/api/admin/staff/${id}`, { is_disabled: true });
    expect(disabled.json().disabled).toBe(true);
    expect((await call('GET', '/api/admin/listings', undefined, theirs)).statusCode).toBe(401);
    expect((await signIn('shifting', STRONG_PASSWORD)).statusCode).toBe(401);
    await call('PATCH', `/api/admin/staff/${id}`, { is_disabled: false });
    expect((await signIn('shifting', STRONG_PASSWORD)).statusCode).toBe(200);
    for (const [body, field] of [
      [{}, 'role'],
      [{ role: 'owner' }, 'role'],
      [{ is_disabled: 'yes' }, 'is_disabled'],
    ] as const) {
      const bad = await call('PATCH', `/api/admin/staff/${id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual([field]);
    }
    expect((await call('PATCH', '/api/admin/staff/not-a-uuid', { role: 'viewer' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/staff/${crypto.randomUUID()}`, { role: 'viewer' })).statusCode).toBe(404);
  }, 60_000);

  it('never changes your own account here', async () => {
    const me = await idOf(adminName);
    for (const body of [{ role: 'editor' }, { is_disabled: true }]) {
      const response = await call('PATCH', `/api/admin/staff/${me}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/your own/);
    }
    expect((await call('POST', `/api/admin/staff/${me}/password-link`)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/admin/staff/${me}/two-factor`)).statusCode).toBe(400);
  });

  it('never leaves no active admin, even when two admins demote each other at once', async () => {
    await createStaffUser(t.db, { username: 'admin-one', password: STRONG_PASSWORD, role: 'admin' });
    await createStaffUser(t.db, { username: 'admin-two', password: STRONG_PASSWORD, role: 'admin' });
    // Only these two stay admins.
    await t.db.query(
      "UPDATE staff_users SET role = 'viewer' WHERE role = 'admin' AND username NOT IN ('admin-one', 'admin-two')",
    );
    const one = sessionCookie(await signIn('admin-one', STRONG_PASSWORD));
    const two = sessionCookie(await signIn('admin-two', STRONG_PASSWORD));
    const [a, b] = await Promise.all([
      call('PATCH', `/api/admin/staff/${await idOf('admin-two')}`, { is_disabled: true }, one),
      call('PATCH', `/api/admin/staff/${await idOf('admin-one')}`, { role: 'editor' }, two),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // One wins; the other is refused (400: last admin, or 401/403: already out).
    expect(statuses[0]).toBe(200);
    expect([400, 401, 403]).toContain(statuses[1]);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_users WHERE role = 'admin' AND NOT is_disabled",
    );
    expect(rows[0]?.n).toBe(1);
    // The repository's rule on its own: the last active admin cannot be demoted or disabled.
    const [last] = (
      await t.db.query<{ id: string }>("SELECT id FROM staff_users WHERE role = 'admin' AND NOT is_disabled")
    ).rows;
    for (const change of [{ role: 'viewer' as const }, { is_disabled: true }]) {
      await expect(
        t.db.transaction((tx) => staffRepository(tx).changeAccess(last?.id as string, change)),
      ).rejects.toThrow(StaffChangeRefused);
    }
  }, 60_000);

  it('every member changes their own password with the current one; other sessions end', async () => {
    await createStaffUser(t.db, { username: 'changer', password: STRONG_PASSWORD, role: 'viewer' });
    const here = sessionCookie(await signIn('changer', STRONG_PASSWORD));
    const there = sessionCookie(await signIn('changer', STRONG_PASSWORD));
    const put = (payload: object) => call('PUT', '/api/admin/account/password', payload, here);
    const wrong = await put({ currentPassword: 'not-it-at-all', newPassword: 'Kilimani-sunrise-42' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['currentPassword']);
    const weak = await put({ currentPassword: STRONG_PASSWORD, newPassword: 'changer12345' });
    expect(Object.keys(weak.json().fields)).toEqual(['newPassword']);
    const same = await put({ currentPassword: STRONG_PASSWORD, newPassword: ` ${STRONG_PASSWORD}` });
    expect(same.json().fields).toEqual({ newPassword: 'Choose a new password, not the current one' });
    const short = await put({ currentPassword: STRONG_PASSWORD, newPassword: 'short' });
    expect(short.json().fields.newPassword).toMatch(/at least 12/);
    expect((await put({ currentPassword: STRONG_PASSWORD, newPassword: 'Kilimani-sunrise-42' })).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/listings', undefined, here)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/listings', undefined, there)).statusCode).toBe(401);
    expect((await signIn('changer', STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('changer', 'Kilimani-sunrise-42')).statusCode).toBe(200);
  }, 60_000);

  it('old, shorter passwords still sign in', async () => {
    const { hashPassword } = await import('../../src/server/modules/staff/password');
    await staffRepository(t.db).create({
      username: 'old-timer',
      passwordHash: await hashPassword('abc123'),
      role: 'viewer',
    });
    expect((await signIn('old-timer', 'abc123')).statusCode).toBe(200);
  }, 60_000);
});

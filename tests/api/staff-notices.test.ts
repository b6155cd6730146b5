import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../src/server/modules/staff/service';
import { queueMailFailingNotice } from '../../src/server/modules/staff-notices/service';
import { totpCodeAt } from '../../src/server/modules/two-factor/totp';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const PASSWORD = 'right-password-7319';

interface QueuedMail {
  key: string;
  recipient: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  reply_to: string | null;
}

describe(`staff notices (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let viewer: string;
  let nextAddress = 1;
  const newAddress = () => `198.51.100.${nextAddress++}`;

  const as = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
  const mailTo = async (recipient: string, keyLike = 'staff-notice:%') =>
    (
      await t.db.query<QueuedMail>(
        `SELECT key, recipient, language, subject, text_body, html_body, reply_to FROM mail_messages
         WHERE recipient = $1 AND key LIKE $2 ORDER BY created_at, key`,
        [recipient, keyLike],
      )
    ).rows;
  const clearMail = () => t.db.query("DELETE FROM mail_messages WHERE key LIKE 'staff-notice:%'");

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t, 'admin')).cookie;
    editor = (await signedInAs(t, 'editor')).cookie;
    viewer = (await signedInAs(t, 'viewer')).cookie;
  });
  afterAll(() => t.close());

  it('offers each role its events, with the role defaults until the member chooses', async () => {
    const adminView = await as(admin, 'GET', '/api/admin/account/notices');
    expect(adminView.statusCode, adminView.body).toBe(200);
    expect(adminView.json()).toEqual({
      email: '',
      events: ['inquiry', 'report', 'submission', 'sign-in-burst', 'backup-failed'],
      available: ['inquiry', 'report', 'submission', 'sign-in-burst', 'backup-failed', 'mail-failing'],
    });
    expect((await as(editor, 'GET', '/api/admin/account/notices')).json()).toEqual({
      email: '',
      events: ['inquiry', 'report', 'submission'],
      available: ['inquiry', 'report', 'submission'],
    });
    expect((await as(viewer, 'GET', '/api/admin/account/notices')).json()).toMatchObject({ events: [], available: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/account/notices' })).statusCode).toBe(401);
  });

  it('saves a choice, refusing a bad address and events the role does not offer', async () => {
    const bad = await as(editor, 'PUT', '/api/admin/account/notices', { email: 'not an address', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe('Enter a valid e-mail address, or leave it empty');
    const tooMuch = await as(editor, 'PUT', '/api/admin/account/notices', {
      email: 'editor@example.com',
      events: ['inquiry', 'backup-failed'],
    });
    expect(tooMuch.statusCode).toBe(400);
    for (const junk of [
      { email: 'a@example.com', events: ['nonsense'] },
      { email: 5, events: [] },
      { email: 'a@example.com' },
      [],
    ]) {
      expect((await as(editor, 'PUT', '/api/admin/account/notices', junk as object)).statusCode).toBe(400);
    }
    const saved = await as(editor, 'PUT', '/api/admin/account/notices', {
      email: ' editor@example.com ',
      events: ['report', 'inquiry', 'inquiry'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'editor@example.com', events: ['inquiry', 'report'] });
    expect((await as(editor, 'GET', '/api/admin/account/notices')).json().email).toBe('editor@example.com');
    const { rows } = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'account.notices'");
    expect(rows).toHaveLength(1);
    // The admin's address, their defaults kept.
    const adminSaved = await as(admin, 'PUT', '/api/admin/account/notices', {
      email: 'admin@example.com',
      events: ['inquiry', 'report', 'sign-in-burst', 'backup-failed', 'mail-failing'],
    });
    expect(adminSaved.statusCode).toBe(200);
  });

  it('e-mails a new inquiry with its text, reply-to the visitor, once per inquiry', async () => {
    await clearMail();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: {
        name: 'Amina <b>Yusuf</b>',
        email: 'amina@example.com',
        subject: 'Flat in Eastleigh',
        message: 'Is the flat still free?\n\nI can come on Monday.',
      },
      remoteAddress: newAddress(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    for (const to of ['admin@example.com', 'editor@example.com']) {
      const [mail, ...more] = await mailTo(to);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({
        language: 'en',
        subject: 'New inquiry: Flat in Eastleigh',
        reply_to: 'amina@example.com',
      });
      expect(mail?.text_body).toContain('Is the flat still free?');
      expect(mail?.text_body).toContain('I can come on Monday.');
      expect(mail?.text_body).toContain('From Amina <b>Yusuf</b> <amina@example.com>');
      expect(mail?.html_body).toContain('Amina &lt;b&gt;Yusuf&lt;/b&gt;');
      expect(mail?.html_body).not.toContain('<b>Yusuf');
    }
    // A member without an address gets nothing; nor does a disabled one.
    expect((await t.db.query("SELECT 1 FROM mail_messages WHERE key LIKE 'staff-notice:inquiry:%'")).rows).toHaveLength(
      2,
    );
  });

  it('e-mails a listing report to admins and editors', async () => {
    await clearMail();
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
       VALUES ('product', 'phones', 'Reported phone', 'Nice', 100, '0712345678') RETURNING id`,
    );
    const id = rows[0]?.id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/reports`,
      payload: { reason: 'scam', note: 'Asked for money first', contact: 'reporter@example.com' },
      remoteAddress: newAddress(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    for (const to of ['admin@example.com', 'editor@example.com']) {
      const [mail, ...more] = await mailTo(to);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('Listing reported: Reported phone');
      expect(mail?.text_body).toContain('Reason: Scam or fraud');
      expect(mail?.text_body).toContain('Asked for money first');
      expect(mail?.text_body).toContain(`/marketplace/${id}`);
      expect(mail?.reply_to).toBeNull();
    }
  });

  it('tells a member once when wrong passwords lock their own account, and no one else', async () => {
    await clearMail();
    await createStaffUser(t.db, { username: 'burst-owner', password: PASSWORD, role: 'editor' });
    await createStaffUser(t.db, { username: 'burst-admin', password: PASSWORD, role: 'admin' });
    await t.db.query(
      "UPDATE staff_users SET notice_email = username || '@example.com' WHERE username IN ('burst-owner', 'burst-admin')",
    );
    const attacker = newAddress();
    const tries = [];
    for (let i = 0; i < 7; i++) {
      tries.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in',
            payload: { username: 'burst-admin', password: `wrong-${i}` },
            remoteAddress: attacker,
          })
        ).statusCode,
      );
    }
    expect(tries).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const mail = await mailTo('burst-admin@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Sign-in to your account was locked');
    expect(mail[0]?.text_body).toContain(`after 5 wrong passwords, the last from ${attacker}`);
    // An editor is never told of sign-in bursts; the admins of other accounts are not told of this one.
    expect(await mailTo('burst-owner@example.com')).toEqual([]);
    expect(await mailTo('admin@example.com')).toEqual([]);
  });

  it('tells of locks at most once a window, however many addresses trip one', async () => {
    await clearMail();
    await createStaffUser(t.db, { username: 'many-homes', password: PASSWORD, role: 'admin' });
    await t.db.query("UPDATE staff_users SET notice_email = 'many-homes@example.com' WHERE username = 'many-homes'");
    // Addresses that signed in before each have a lock of their own.
    const homes = [newAddress(), newAddress(), newAddress()];
    for (const home of homes) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { username: 'many-homes', password: PASSWORD },
        remoteAddress: home,
      });
      expect(signIn.statusCode).toBe(200);
    }
    for (const home of homes) {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { username: 'many-homes', password: `wrong-${i}` },
          remoteAddress: home,
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.at(-1), home).toBe(429);
    }
    expect(await mailTo('many-homes@example.com')).toHaveLength(1);
  });

  it('tells a member when wrong codes lock their two-factor sign-in', async () => {
    await clearMail();
    await createStaffUser(t.db, { username: 'code-owner', password: PASSWORD, role: 'admin' });
    const home = newAddress();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'code-owner', password: PASSWORD },
      remoteAddress: home,
    });
    const session = first.cookies.find((c) => c.name === 'sdh_session');
    const cookie = `sdh_session=${session?.value}`;
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/two-factor/setup',
      payload: { password: PASSWORD },
      headers: { cookie },
    });
    const { secret } = setup.json();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/two-factor/confirm',
      payload: { code: totpCodeAt(secret, Date.now()) },
      headers: { cookie },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/account/notices',
      payload: { email: 'code-owner@example.com', events: ['sign-in-burst'] },
      headers: { cookie },
    });
    const right = totpCodeAt(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { username: 'code-owner', password: PASSWORD, code: wrong },
        remoteAddress: newAddress(),
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const mail = await mailTo('code-owner@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text_body).toContain('Two-factor sign-in to code-owner was locked after 5 wrong codes');
  });

  it('queueMailFailingNotice tells the admins who asked, at most once an hour, and never of its own failures', async () => {
    await clearMail();
    const failed = {
      key: 'alert:abc',
      recipient: 'reader@example.com',
      subject: 'New listings for you',
      attempts: 5,
      lastError: '550 mailbox unavailable',
    };
    const now = new Date('2026-11-29T10:05:00Z');
    expect(await queueMailFailingNotice(t.db, failed, now)).toBe(1);
    await queueMailFailingNotice(t.db, { ...failed, key: 'alert:def' }, new Date('2026-11-29T10:55:00Z'));
    const mail = await mailTo('admin@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Mail is failing');
    expect(mail[0]?.text_body).toContain(
      'The message "New listings for you" to reader@example.com could not be delivered after 5 attempts',
    );
    expect(mail[0]?.text_body).toContain('550 mailbox unavailable');
    // The next hour, again; a failing notice of this kind is not told of.
    await queueMailFailingNotice(t.db, failed, new Date('2026-11-29T11:01:00Z'));
    await queueMailFailingNotice(t.db, { ...failed, key: mail[0]?.key as string }, new Date('2026-11-29T12:01:00Z'));
    expect(await mailTo('admin@example.com')).toHaveLength(2);
    // The editor may not choose it.
    expect(await mailTo('editor@example.com')).toEqual([]);
  });

  it('tells the admins when a backup fails', async () => {
    await clearMail();
    const base = await createTestApp();
    await base.app.close();
    const token = 'a-local-token-for-the-backup-command-0123456789';
    const failing: ObjectStorage = Object.assign(Object.create(base.storage), {
      get: () => Promise.reject(new Error('the disk went away')),
    });
    await base.storage.put('products/photo.jpg', Buffer.from('photo'));
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({ config: base.config, db: base.db, storage: failing, backupToken: token });
    try {
      await app.ready();
      await base.db.query(
        `INSERT INTO staff_users (username, password_hash, role, notice_email) VALUES
           ('backup-admin', 'x', 'admin', 'backup-admin@example.com'),
           ('backup-editor', 'x', 'editor', 'backup-editor@example.com')`,
      );
      // The archive breaks off mid-stream: the client sees a cut response.
      await app
        .inject({ method: 'POST', url: '/api/admin/backup', headers: { authorization: `Bearer ${token}` } })
        .catch(() => null);
      const queued = async () =>
        (
          await base.db.query<{ recipient: string; subject: string; text_body: string }>(
            "SELECT recipient, subject, text_body FROM mail_messages WHERE key LIKE 'staff-notice:backup-failed:%'",
          )
        ).rows;
      await expect.poll(queued, { timeout: 20_000 }).toHaveLength(1);
      const [mail] = await queued();
      expect(mail).toMatchObject({ recipient: 'backup-admin@example.com', subject: 'A backup failed' });
      expect(mail?.text_body).toContain('the disk went away');
    } finally {
      await app.close();
      await base.close();
    }
  });
});

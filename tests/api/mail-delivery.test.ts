// Delivery of queued mail through a real SMTP server (smtp-server on loopback, parsed with
// mailparser): what arrives, retries while the server refuses or is down, refusals for good,
// two instances sending each message once, the outbox without a mail server, and /metrics.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messageIdOf } from '#server/modules/mail/delivery';
import { type OutgoingMail, queueMail } from '#server/modules/mail/service';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const FROM = 'Soomaal Hub <no-reply@hub.example>';

let counter = 0;
const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  key: `test:${++counter}:${Math.random()}`,
  to: `reader${counter}@example.com`,
  language: 'so',
  subject: `Fariin ${counter}`,
  text: `Qoraal ${counter}`,
  html: `<p>Qoraal <b>${counter}</b></p>`,
  ...overrides,
});

describe(`mail delivery through an SMTP server (${testDatabaseKind()})`, () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ mail: { delivery: 'smtp', url: smtp.url, from: FROM } });
    await signedInAs(t, 'admin', 'postmaster');
    await t.db.query(
      `UPDATE staff_users SET notice_email = 'postmaster@hub.example', notice_events = '{mail-failing}'
       WHERE username = 'postmaster'`,
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.setRefusal(null);
    smtp.received.length = 0;
  });

  const queue = (message: OutgoingMail) => t.db.transaction((tx) => queueMail(tx, message));
  const stored = async (key: string) =>
    (
      await t.db.query<{ status: string; attempts: number; last_error: string | null; due_in: number }>(
        `SELECT status, attempts, last_error, extract(epoch FROM next_attempt_at - now())::float8 AS due_in
         FROM mail_messages WHERE key = $1`,
        [key],
      )
    ).rows[0];
  /** As if the wait before the next try were over. */
  const makeDue = (key: string) => t.db.query('UPDATE mail_messages SET next_attempt_at = now() WHERE key = $1', [key]);
  const metric = async (name: string) => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = text.split('\n').find((l) => l.startsWith(name));
    return Number(line?.split(' ').at(-1));
  };

  it('sends both parts in the recipient language, from MAIL_FROM, with a Message-ID that is the same on every try', async () => {
    const message = mail({ replyTo: 'visitor@example.com' });
    await queue(message);
    await t.app.deliverMail();
    const [arrived, ...others] = await smtp.waitFor(1);
    expect(others).toHaveLength(0);
    expect(arrived).toMatchObject({
      to: [message.to],
      from: 'no-reply@hub.example',
      replyTo: 'visitor@example.com',
      subject: message.subject,
      messageId: messageIdOf(message.key, FROM),
    });
    expect(arrived?.text?.trim()).toBe(message.text);
    expect(arrived?.html).toContain('<b>1</b>'.replace('1', String(counter)));
    expect(arrived?.headers.get('content-language')).toBe('so');
    // Not bulk mail: no unsubscribe headers.
    expect(arrived?.headers.has('list-unsubscribe')).toBe(false);
    expect(await stored(message.key)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('marks bulk mail with one-click unsubscribe headers (RFC 8058)', async () => {
    const message = mail({ unsubscribeUrl: 'https://hub.example/alerts/unsubscribe?token=abc&lang=so' });
    await queue(message);
    await t.app.deliverMail();
    const [arrived] = await smtp.waitFor(1);
    expect(arrived?.headerLines).toEqual(
      expect.arrayContaining([
        'List-Unsubscribe: <https://hub.example/alerts/unsubscribe?token=abc&lang=so>',
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      ]),
    );
  });

  it('retries a message the server refused for now, later, and delivers it once', async () => {
    const retriedBefore = await metric('sdh_mail_retried_total');
    const message = mail();
    await queue(message);
    smtp.setRefusal({ phase: 'data', code: 451, message: 'Try again later' });
    await t.app.deliverMail();
    const waiting = await stored(message.key);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.last_error).toContain('451');
    // Backoff: the next try is about a minute away, and nothing is sent before it.
    expect(waiting?.due_in).toBeGreaterThan(30);
    expect(await t.app.deliverMail()).toBe(0);
    expect(await metric('sdh_mail_retried_total')).toBe(retriedBefore + 1);
    expect(await metric('sdh_mail_queue_depth')).toBeGreaterThanOrEqual(1);

    smtp.setRefusal(null);
    await makeDue(message.key);
    await t.app.deliverMail();
    await smtp.waitFor(1);
    expect(smtp.received.map((m) => m.messageId)).toEqual([messageIdOf(message.key, FROM)]);
    expect(await stored(message.key)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('gives up at once on a recipient refused for good, and counts it failed', async () => {
    const failedBefore = await metric('sdh_mail_failed_total');
    const message = mail();
    await queue(message);
    smtp.setRefusal({ phase: 'rcpt', code: 550, message: 'No such mailbox' });
    await t.app.deliverMail();
    const given = await stored(message.key);
    expect(given).toMatchObject({ status: 'failed', attempts: 1 });
    expect(given?.last_error).toContain('550');
    // The notice to staff, sent in the same pass and refused the same way, fails too, and tells
    // no one in turn (no loop).
    expect(await metric('sdh_mail_failed_total')).toBe(failedBefore + 2);
    // An admin who asked to hear of failing mail is told, once.
    const notices = await t.db.query<{ recipient: string; text_body: string }>(
      `SELECT recipient, text_body FROM mail_messages WHERE key LIKE 'staff-notice:mail-failing:%'`,
    );
    expect(notices.rows).toHaveLength(1);
    expect(notices.rows[0]?.recipient).toBe('postmaster@hub.example');
    expect(notices.rows[0]?.text_body).toContain(message.to);
    // Out of the way of the next tests' counts.
    await t.db.query(`DELETE FROM mail_messages WHERE key LIKE 'staff-notice:%'`);
  });

  it('keeps mail waiting while the mail server is down, and the site stays ready', async () => {
    const down = await startSmtpServer();
    await down.close();
    const app = await createTestApp({ mail: { delivery: 'smtp', url: down.url, from: FROM } });
    try {
      await app.db.transaction((tx) => queueMail(tx, mail({ key: 'while-down' })));
      await app.app.deliverMail();
      const { rows } = await app.db.query<{ status: string; last_error: string }>(
        `SELECT status, last_error FROM mail_messages WHERE key = 'while-down'`,
      );
      expect(rows[0]?.status).toBe('queued');
      expect(rows[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect((await app.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('sends each message once when two instances deliver at the same time', async () => {
    const second = await createTestApp({ mail: { delivery: 'smtp', url: smtp.url, from: FROM } }, { db: t.db });
    try {
      const messages = Array.from({ length: 30 }, () => mail());
      await t.db.transaction(async (tx) => {
        for (const message of messages) await queueMail(tx, message);
      });
      // The instances' own polling may take some too: what counts is that each arrives once.
      const [a, b] = await Promise.all([t.app.deliverMail(), second.app.deliverMail()]);
      expect(a + b).toBeLessThanOrEqual(30);
      await smtp.waitFor(30);
      const ids = smtp.received.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(30);
      expect(ids.sort()).toEqual(messages.map((m) => messageIdOf(m.key, FROM)).sort());
    } finally {
      // The database is this file's: only the second app closes here.
      await second.app.close();
      await second.storage.close();
    }
  });
});

describe(`the outbox without a mail server (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t, 'admin')).cookie;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('keeps every message for admins to read, with both parts, and sends nothing', async () => {
    expect(t.config.mail).toEqual({ delivery: 'outbox' });
    const message = mail({ to: 'hodan@example.com', html: '<p>Soo <b>dhawoow</b></p>' });
    await t.db.transaction((tx) => queueMail(tx, message));
    await t.app.deliverMail();

    const list = await get('/api/admin/mail?recipient=HODAN@example.com');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const page = list.json();
    expect(page).toMatchObject({ delivery: 'outbox', total: 1 });
    expect(page.items[0]).toMatchObject({ recipient: 'hodan@example.com', subject: message.subject, status: 'outbox' });
    expect(page.summary.outbox).toBeGreaterThanOrEqual(1);

    const one = await get(`/api/admin/mail/${page.items[0].id}`);
    expect(one.json()).toMatchObject({ text: message.text, html: message.html, status: 'outbox' });
    // The HTML part as a page for the outbox's frame: sandboxed, no script, framed by the site only.
    const view = await get(`/api/admin/mail/${page.items[0].id}/view`);
    expect(view.body).toBe(message.html);
    expect(view.headers['content-security-policy']).toContain("default-src 'none'");
    expect(view.headers['content-security-policy']).toContain('sandbox');
    expect(view.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await get(`/api/admin/mail/${page.items[0].id}/view`, '')).statusCode).toBe(401);
  });

  it('is for admins only, and answers 404 for an unknown message and 400 for a bad id or filter', async () => {
    const editor = (await signedInAs(t, 'editor')).cookie;
    expect((await get('/api/admin/mail', editor)).statusCode).toBe(403);
    expect((await get('/api/admin/mail', '')).statusCode).toBe(401);
    expect((await get('/api/admin/mail/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/mail/not-an-id')).statusCode).toBe(400);
    expect((await get('/api/admin/mail?status=lost')).statusCode).toBe(400);
    // Hostile filters: a NUL byte, an overlong address.
    expect((await get('/api/admin/mail?recipient=a%00b@example.com')).statusCode).toBe(400);
    expect((await get(`/api/admin/mail?recipient=${'a'.repeat(300)}`)).statusCode).toBe(400);
  });

  it('queues a failed message again when an admin asks, and only a failed one', async () => {
    const message = mail();
    await t.db.transaction((tx) => queueMail(tx, message));
    const { rows } = await t.db.query<{ id: string }>(
      `UPDATE mail_messages SET status = 'failed', attempts = 10, last_error = '550 no' WHERE key = $1 RETURNING id`,
      [message.key],
    );
    const id = rows[0]?.id;
    const retry = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/mail/${id}/retry`, headers: { cookie: admin } });
    expect((await retry()).statusCode).toBe(200);
    expect((await retry()).statusCode).toBe(409);
    await t.app.deliverMail();
    expect((await get(`/api/admin/mail/${id}`)).json()).toMatchObject({ status: 'outbox', attempts: 1 });
  });
});

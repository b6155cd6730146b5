// One-off newsletter issues: staff write a subject and Markdown, see the counts and the
// digest's schedule, send once per send key (a double click or a retry sends nothing more),
// every confirmed subscriber gets the issue with their own unsubscribe link, in batches that a
// restart resumes; the issue is listed and in the audit log.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInMail, type QueuedMail } from '../support/mail';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';

describe(`newsletter issues (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    editor = (await signedInAs(t, 'editor', 'hodan')).cookie;
  }, 120_000);
  afterAll(() => t.close());

  const send = (payload: Record<string, unknown>, cookie = editor) =>
    t.app.inject({ method: 'POST', url: '/api/admin/newsletter/issues', headers: { cookie }, payload });
  const issue = (overrides: Record<string, unknown> = {}) => ({
    subject: 'Eid Mubarak from the team',
    body: '## Eid Mubarak\n\nOur office is **closed** on Friday. See the [new listings](/marketplace).\n\n<script>alert(1)</script>',
    sendKey: randomUUID(),
    ...overrides,
  });
  const issueMails = async () =>
    (
      await t.db.query<QueuedMail>(
        `SELECT key, recipient, language, subject, text_body, html_body, unsubscribe_url FROM mail_messages
         WHERE key LIKE 'newsletter-issue:%' ORDER BY recipient`,
      )
    ).rows;

  it.each([
    ['no subject', { subject: '  ' }, 'subject', 'The subject is required'],
    ['a subject over 200 characters', { subject: 'x'.repeat(201) }, 'subject', 'This text is too long'],
    ['a line break in the subject', { subject: 'Eid\nMubarak' }, 'subject', undefined],
    ['no text', { body: '' }, 'body', 'The text is required'],
    ['a text over 50,000 characters', { body: 'x'.repeat(50_001) }, 'body', 'This text is too long'],
    ['a send key that is not a UUID', { sendKey: 'again' }, 'sendKey', 'Reload the page and try again'],
    ['an unknown field', { sendAt: 'tomorrow' }, 'request', undefined],
  ])('refuses %s with a 400 naming the field', async (_name, change, field, message) => {
    const response = await send(issue(change));
    expect(response.statusCode, response.body).toBe(400);
    const fields = response.json().fields as Record<string, string>;
    if (message) expect(fields[field]).toBe(message);
    else expect(Object.keys(fields).length).toBeGreaterThan(0);
  });

  it('refuses to send while nobody has confirmed, storing nothing', async () => {
    const response = await send(issue());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Nobody has confirmed a subscription yet: there is no one to send to.');
    expect((await t.db.query('SELECT 1 FROM newsletter_issues')).rows).toHaveLength(0);
  });

  it('shows the counts and the digest schedule to editors', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email, language, confirmed_at) VALUES
         ('asha@example.com', 'en', now()), ('bashir@example.com', 'so', now()), ('waiting@example.com', 'en', NULL)`,
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/newsletter', headers: { cookie: editor } });
    expect(response.json()).toEqual({ confirmed: 2, unconfirmed: 1, digest: { day: 'off', hour: 8 } });
  });

  it('sends an issue once to every confirmed subscriber, whatever posts it again', async () => {
    const payload = issue();
    const [first, second] = await Promise.all([send(payload), send(payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 202]);
    expect(first.json().id).toBe(second.json().id);
    expect(first.json()).toMatchObject({ subject: 'Eid Mubarak from the team', sentBy: 'hodan' });
    await t.app.sendNewsletterIssues();
    // A retry after it went out: the same issue, nothing more queued.
    const retry = await send(payload);
    expect(retry.statusCode).toBe(200);
    await t.app.sendNewsletterIssues();

    const mails = await issueMails();
    expect(mails.map((mail) => mail.recipient)).toEqual(['asha@example.com', 'bashir@example.com']);
    const [english, somali] = mails as [QueuedMail, QueuedMail];
    expect(english.subject).toBe('Eid Mubarak from the team');
    // The blog's rendering: headings, emphasis, links made absolute, scripts gone.
    expect(english.html_body).toContain('<h2>Eid Mubarak</h2>');
    expect(english.html_body).toContain('<strong>closed</strong>');
    expect(english.html_body).toContain(`<a href="${ORIGIN}/marketplace">new listings</a>`);
    expect(english.html_body).not.toContain('<script');
    expect(english.text_body).toContain('Our office is **closed** on Friday.');
    expect(english.text_body).toContain('You get this e-mail because you subscribed to the newsletter of');
    expect(somali.text_body).toContain('Iimaylkan waad heshay sababtoo ah waxaad iska diiwaangelisay warsidaha');
    const links = mails.map((mail) => linkInMail(mail, ORIGIN, '/newsletter/unsubscribe'));
    expect(new Set(links).size).toBe(2);
    expect(english.unsubscribe_url).toBe(`${ORIGIN}${links[0]}`);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/issues',
      headers: { cookie: editor },
    });
    expect(list.json().issues).toEqual([
      expect.objectContaining({
        subject: 'Eid Mubarak from the team',
        sentBy: 'hodan',
        recipients: 2,
        sentAt: expect.any(String),
      }),
    ]);
    const audit = await t.db.query<{ actor_username: string; entity_title: string }>(
      "SELECT actor_username, entity_title FROM audit_log WHERE action = 'newsletter.send'",
    );
    expect(audit.rows).toEqual([{ actor_username: 'hodan', entity_title: 'Eid Mubarak from the team' }]);
  });

  it('resumes an issue whose sending stopped after the subscribers it had queued', async () => {
    const ids = (
      await t.db.query<{ id: string; email: string }>(
        'SELECT id, email FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL ORDER BY id',
      )
    ).rows;
    // An instance queued the first subscriber's message, then stopped; its claim ran out.
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO newsletter_issues (send_key, subject, body, sent_by, recipients, last_subscriber_id, claimed_until)
       VALUES ($1, 'Ramadan hours', 'Open late.', 'hodan', 1, $2, now() - interval '1 minute') RETURNING id`,
      [randomUUID(), ids[0]?.id],
    );
    expect(await t.app.sendNewsletterIssues()).toBe(2);
    const queued = await t.db.query<{ recipient: string }>('SELECT recipient FROM mail_messages WHERE key LIKE $1', [
      `newsletter-issue:${rows[0]?.id}:%`,
    ]);
    expect(queued.rows).toEqual([{ recipient: ids[1]?.email }]);
    // Held by a live instance: left alone.
    await t.db.query(
      `INSERT INTO newsletter_issues (send_key, subject, body, sent_by, claimed_until)
       VALUES ($1, 'Held', 'Held.', 'hodan', now() + interval '5 minutes')`,
      [randomUUID()],
    );
    expect(await t.app.sendNewsletterIssues()).toBe(0);
  });

  it('is for editors and admins', async () => {
    const viewer = (await signedInAs(t, 'viewer')).cookie;
    expect((await send(issue(), viewer)).statusCode).toBe(403);
    expect((await send(issue(), '')).statusCode).toBe(401);
    const admin = (await signedInAs(t, 'admin')).cookie;
    expect((await send(issue({ subject: 'From the admin' }), admin)).statusCode).toBe(202);
  });
});

// The newsletter's double opt-in: subscribing queues a confirmation (JSON API and the footer
// form posted without script), the confirm page, the 7-day link, the hourly re-send, the
// one-time question to earlier subscribers, and unsubscribe (page, button, RFC 8058 one-click).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrationNames } from '../../src/server/db/migrate';
import { linkInMail, postUrlencoded, type QueuedMail, queuedMailsTo, sameSiteHeaders } from '../support/mail';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';
const sameSite = sameSiteHeaders(ORIGIN);

describe(`newsletter double opt-in (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let ip = 0;
  let remoteAddress = '';
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    remoteAddress = `10.46.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  });

  const subscribe = (email: string, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/api/newsletter?lang=${lang}`, payload: { email }, remoteAddress });
  const postForm = (url: string, fields: Record<string, string>, headers: Record<string, string> = sameSite) =>
    postUrlencoded(t.app, url, fields, headers, remoteAddress);
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
  const mailsTo = (email: string) => queuedMailsTo(t.db, email);
  const subscriber = async (email: string) =>
    (
      await t.db.query<{ email: string; language: string; confirmed_at: unknown; needs_reconfirm: boolean }>(
        'SELECT email, language, confirmed_at, needs_reconfirm FROM newsletter_subscribers WHERE lower(email) = lower($1)',
        [email],
      )
    ).rows[0];
  const confirmLink = (mail: QueuedMail | undefined) => linkInMail(mail, ORIGIN, '/newsletter/confirm');
  const unsubscribeLinkOf = (link: string) => link.replace('/confirm?', '/unsubscribe?');

  it('stores the address unconfirmed and queues one confirmation in the visitor language', async () => {
    const response = await subscribe('Amina@Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'subscribed',
      message: 'Thank you for subscribing! Check your inbox: open the link in our e-mail to confirm.',
    });
    expect(await subscriber('amina@example.com')).toMatchObject({
      email: 'Amina@Example.com',
      language: 'en',
      confirmed_at: null,
      needs_reconfirm: false,
    });
    const [mail, ...others] = await mailsTo('amina@example.com');
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Confirm your subscription to our newsletter');
    expect(mail?.text_body).toContain('Confirm my subscription: https://example.test/newsletter/confirm?token=');
    expect(mail?.text_body).toContain('This link works for 7 days.');
    expect(mail?.html_body).toContain(`href="${ORIGIN}${confirmLink(mail).replace('&', '&amp;')}"`);
    // A confirmation is not bulk mail.
    expect(mail?.unsubscribe_url).toBeNull();
  });

  it('writes the confirmation in Somali for a visitor reading in Somali', async () => {
    await subscribe('somali-reader@example.com', 'so');
    const [mail] = await mailsTo('somali-reader@example.com');
    expect(mail?.language).toBe('so');
    expect(mail?.subject).toBe('Xaqiiji is-diiwaangelintaada warsidahayaga');
    expect(confirmLink(mail)).toMatch(/&lang=so$/);
    const page = await get(confirmLink(mail));
    expect(page.body).toContain('<html lang="so">');
    expect(page.body).toContain('<button type="submit">Xaqiiji is-diiwaangelintayda</button>');
  });

  it('confirms through a page with a button: opening the link alone confirms nothing', async () => {
    await subscribe('confirm@example.com');
    const link = confirmLink((await mailsTo('confirm@example.com'))[0]);
    const opened = await get(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).not.toContain('<script');
    expect(opened.body).toContain('Receive our newsletter at confirm@example.com?');
    expect(opened.body).toContain(`action="${link.replace('&', '&amp;')}"`);
    expect((await subscriber('confirm@example.com'))?.confirmed_at).toBeNull();

    const confirmed = await postForm(link, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You are subscribed. Thank you!');
    expect((await subscriber('confirm@example.com'))?.confirmed_at).not.toBeNull();
    // Confirmed, the same sign-up sends nothing more, and answers the same.
    const again = await subscribe('CONFIRM@example.com');
    expect(again.json().message).toBe((await subscribe('someone-new@example.com')).json().message);
    expect(await mailsTo('confirm@example.com')).toHaveLength(1);
  });

  it('refuses a confirmation posted from another site', async () => {
    await subscribe('csrf@example.com');
    const link = confirmLink((await mailsTo('csrf@example.com'))[0]);
    const response = await postForm(link, {}, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect((await subscriber('csrf@example.com'))?.confirmed_at).toBeNull();
  });

  it('re-sends to an unconfirmed address at most once an hour, and answers the same either way', async () => {
    const first = await subscribe('again@example.com');
    const second = await subscribe('Again@example.com');
    expect(second.body).toBe(first.body);
    expect(await mailsTo('again@example.com')).toHaveLength(1);
    // An hour later, the next sign-up sends a new confirmation.
    await t.db.query(
      "UPDATE newsletter_subscribers SET confirmation_sent_at = now() - interval '61 minutes' WHERE lower(email) = 'again@example.com'",
    );
    await subscribe('again@example.com', 'so');
    const mails = await mailsTo('again@example.com');
    expect(mails).toHaveLength(2);
    // Still unconfirmed: the latest language asked for is the subscriber's.
    expect(mails[1]?.language).toBe('so');
    expect(confirmLink(mails[1])).not.toBe(confirmLink(mails[0]));
  });

  it('says a confirmation link older than 7 days has expired, and confirms nothing', async () => {
    await subscribe('late@example.com');
    const link = confirmLink((await mailsTo('late@example.com'))[0]);
    await t.db.query(
      `UPDATE newsletter_links SET created_at = now() - interval '7 days 1 minute'
       WHERE subscriber_id = (SELECT id FROM newsletter_subscribers WHERE email = 'late@example.com')`,
    );
    const opened = await get(link);
    expect(opened.statusCode).toBe(410);
    expect(opened.body).toContain('This link has expired');
    expect(opened.body).toContain('Subscribe again at the foot of any page');
    expect((await postForm(link, {})).statusCode).toBe(410);
    expect((await subscriber('late@example.com'))?.confirmed_at).toBeNull();
  });

  it('unsubscribes through a page with a button, and says when a link no longer works', async () => {
    await subscribe('button@example.com');
    const link = unsubscribeLinkOf(confirmLink((await mailsTo('button@example.com'))[0]));
    const opened = await get(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await subscriber('button@example.com')).toBeDefined();
    expect(
      (await postForm(link, {}, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode,
    ).toBe(403);
    const done = await postForm(link, {});
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await subscriber('button@example.com')).toBeUndefined();
    for (const url of [
      link,
      '/newsletter/unsubscribe?token=nothing',
      '/newsletter/confirm',
      '/newsletter/unsubscribe',
    ]) {
      const gone = await get(url);
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain('This link does not work');
    }
  });

  it('unsubscribes in one click (RFC 8058) without a page, from any origin', async () => {
    await subscribe('oneclick@example.com');
    const link = unsubscribeLinkOf(confirmLink((await mailsTo('oneclick@example.com'))[0]));
    const response = await postForm(
      link,
      { 'List-Unsubscribe': 'One-Click' },
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(await subscriber('oneclick@example.com')).toBeUndefined();
  });

  it('asks each address stored before double opt-in to confirm, once', async () => {
    // Rows as the migration leaves the addresses it found: kept, unconfirmed, to be asked.
    await t.db.query(
      "INSERT INTO newsletter_subscribers (email, needs_reconfirm) VALUES ('old1@example.com', true), ('Old2@example.com', true)",
    );
    expect(await t.app.askEarlierSubscribersToConfirm()).toBe(2);
    expect(await t.app.askEarlierSubscribersToConfirm()).toBe(0);
    const [mail, ...others] = await mailsTo('old2@example.com');
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Do you still want our newsletter? Please confirm');
    expect(await mailsTo('old1@example.com')).toHaveLength(1);
    expect((await subscriber('old2@example.com'))?.needs_reconfirm).toBe(false);
    // Asked already: a sign-up within the hour sends nothing more; the link confirms.
    await subscribe('old2@example.com');
    expect(await mailsTo('old2@example.com')).toHaveLength(1);
    expect((await postForm(confirmLink(mail), {})).statusCode).toBe(200);
    expect((await subscriber('old2@example.com'))?.confirmed_at).not.toBeNull();
  });

  it('takes the footer form posted without script and queues the confirmation in the page language', async () => {
    const response = await postForm(
      '/newsletter',
      { email: 'plain@example.com', returnTo: '/about' },
      { ...sameSite, cookie: 'lang=so' },
    );
    expect(response.statusCode).toBe(303);
    const [mail] = await mailsTo('plain@example.com');
    expect(mail?.language).toBe('so');
  });
});

describe(`the newsletter counts for staff (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
  }, 60_000);
  afterAll(() => t.close());

  it('counts confirmed addresses and those waiting, for editors and admins only', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email, confirmed_at) VALUES
         ('c1@example.com', now()), ('c2@example.com', now()), ('w1@example.com', NULL)`,
    );
    const counts = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/newsletter', headers: cookie ? { cookie } : {} });
    for (const role of ['admin', 'editor'] as const) {
      const response = await counts((await signedInAs(t, role)).cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ confirmed: 2, unconfirmed: 1, digest: { day: 'off', hour: 8 } });
    }
    expect((await counts((await signedInAs(t, 'viewer')).cookie)).statusCode).toBe(403);
    expect((await counts()).statusCode).toBe(401);
  });
});

describe(`the newsletter migration (${testDatabaseKind()})`, () => {
  it('keeps the addresses stored before it, unconfirmed and to be asked once', async () => {
    const db = await openTestDatabase({ migrated: false });
    try {
      const before = migrationNames().filter((file) => file < '025_newsletter_double_opt_in.sql');
      await migrate(db, undefined, { only: before });
      await db.query("INSERT INTO newsletter_subscribers (email) VALUES ('earlier@example.com')");
      await migrate(db);
      await db.query("INSERT INTO newsletter_subscribers (email) VALUES ('later@example.com')");
      const { rows } = await db.query(
        'SELECT email, language, confirmed_at, needs_reconfirm FROM newsletter_subscribers ORDER BY email',
      );
      expect(rows).toEqual([
        { email: 'earlier@example.com', language: 'en', confirmed_at: null, needs_reconfirm: true },
        { email: 'later@example.com', language: 'en', confirmed_at: null, needs_reconfirm: false },
      ]);
    } finally {
      await db.close();
    }
  });
});

// The newsletter's weekly digest: the schedule in Site settings, one run per slot across
// instances, the window since the previous digest, the subscriber's language and own link,
// no digest when nothing is new, a stopped run resumed, and batches over many subscribers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestSchedule } from '../../src/shared/newsletter-digest';
import { insertListing } from '../support/listings';
import { linkInMail, type QueuedMail } from '../support/mail';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';

describe(`newsletter weekly digest (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    admin = (await signedInAs(t, 'admin')).cookie;
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email, language, confirmed_at) VALUES
         ('asha@example.com', 'en', now()), ('bashir@example.com', 'so', now()),
         ('carla@example.com', 'en', now()), ('waiting@example.com', 'en', NULL)`,
    );
  }, 120_000);
  afterAll(() => t.close());

  const setSchedule = async (schedule: DigestSchedule) => {
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin/site-settings', headers: { cookie: admin } })
    ).json().settings;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-settings',
      headers: { cookie: admin },
      payload: { ...current, newsletterDigest: schedule },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const digests = async (slot?: string) =>
    (
      await t.db.query<QueuedMail>(
        `SELECT key, recipient, language, subject, text_body, html_body, unsubscribe_url FROM mail_messages
         WHERE key LIKE $1 ORDER BY recipient`,
        [`newsletter-digest:${slot ?? ''}%`],
      )
    ).rows;
  const digestTo = async (email: string, slot: string) =>
    (await digests(slot)).find((mail) => mail.recipient === email);
  const insertPost = (slug: string, publishedAt: string | null, somali = false) =>
    t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, category, published_at, read_time_minutes,
                               title_so, excerpt_so, body_so)
       VALUES ($1, $2, 'Fees compared.', 'Body', 'Finance', $3, 2, $4, $5, $6)`,
      [
        slug,
        `Post ${slug}`,
        publishedAt,
        somali ? `Qoraal ${slug}` : null,
        somali ? 'Kharashyada.' : null,
        somali ? 'Qoraal' : null,
      ],
    );

  // Mondays at 08:00 in Nairobi are 05:00 UTC: 2030-01-07, 01-14, 01-21, 01-28, 02-04.

  it('is off on a fresh site, and sends nothing while off', async () => {
    expect(await t.app.runNewsletterDigest(new Date('2030-01-09T12:00:00Z'))).toBeNull();
    expect(await digests()).toHaveLength(0);
  });

  it('sends each confirmed subscriber, once across instances, what is new this week in their language', async () => {
    await setSchedule({ day: 'monday', hour: 8 });
    for (let i = 1; i <= 6; i++) {
      await insertListing(t.db, {
        category: 'product',
        title: `Phone ${i}`,
        price: 10_000 * i,
        created_at: `2030-01-0${i}T09:00:00Z`,
        image_urls: ['/uploads/products/phone.jpg'],
      });
    }
    await insertListing(t.db, {
      category: 'property',
      title: 'Flat in Eastleigh',
      price: 45_000,
      listing_type: 'rent',
      rent_period: 'month',
      location: 'Eastleigh',
      created_at: '2030-01-05T09:00:00Z',
    });
    // Not in this digest: hidden, sold, older than a week, after the slot.
    await insertListing(t.db, {
      category: 'product',
      title: 'Hidden phone',
      is_active: false,
      created_at: '2030-01-05T09:00:00Z',
    });
    await insertListing(t.db, {
      category: 'business',
      title: 'Sold shop',
      availability: 'sold',
      created_at: '2030-01-05T09:00:00Z',
    });
    await insertListing(t.db, { category: 'visa', title: 'Old visa', created_at: '2029-12-30T09:00:00Z' });
    await insertListing(t.db, { category: 'visa', title: 'Late visa', created_at: '2030-01-14T06:00:00Z' });
    await insertPost('remittances-2030', '2030-01-04T07:00:00Z', true);
    await insertPost('draft-post', null);
    await insertPost('scheduled-post', '2030-01-15T07:00:00Z');

    // Not due before the hour on the Nairobi clock.
    expect(await t.app.runNewsletterDigest(new Date('2030-01-07T04:59:00Z'))).toBeNull();
    const now = new Date('2030-01-07T05:20:00Z');
    const runs = await Promise.all([t.app.runNewsletterDigest(now), t.app.runNewsletterDigest(now)]);
    expect(runs.filter((ran) => ran === null)).toHaveLength(1);
    expect(runs).toContain(3);
    // Later the same week, the slot is done.
    expect(await t.app.runNewsletterDigest(new Date('2030-01-10T12:00:00Z'))).toBeNull();

    const mails = await digests();
    expect(mails.map((mail) => mail.recipient)).toEqual([
      'asha@example.com',
      'bashir@example.com',
      'carla@example.com',
    ]);
    const english = mails[0] as QueuedMail;
    expect(english.subject).toBe('New this week on Somali Diaspora Hub');
    expect(english.text_body).toContain('ONLINE MARKETPLACE: 6 NEW');
    // The newest four, then the link to the rest.
    for (const title of ['Phone 6', 'Phone 5', 'Phone 4', 'Phone 3']) expect(english.text_body).toContain(`- ${title}`);
    expect(english.text_body).not.toContain('Phone 2');
    expect(english.text_body).toContain(`See all 6 in Online Marketplace: ${ORIGIN}/marketplace?lang=en`);
    expect(english.text_body).toContain('REAL ESTATE: 1 NEW');
    expect(english.text_body).toMatch(
      /- Flat in Eastleigh\n {2}Ksh.45,000 \/ month · Eastleigh\n {2}https:\/\/example\.test\/real-estate\//,
    );
    expect(english.text_body).toContain(
      `- Post remittances-2030\n  Fees compared.\n  ${ORIGIN}/blog/remittances-2030?lang=en`,
    );
    for (const absent of ['Hidden phone', 'Sold shop', 'Old visa', 'Late visa', 'draft-post', 'scheduled-post']) {
      expect(english.text_body).not.toContain(absent);
    }
    expect(english.html_body).toContain(`<img src="${ORIGIN}/`);
    const somali = mails[1] as QueuedMail;
    expect(somali.language).toBe('so');
    expect(somali.subject).toBe('Waxa cusub toddobaadkan Somali Diaspora Hub');
    expect(somali.text_body).toContain('- Qoraal remittances-2030\n  Kharashyada.');

    // Each message its own unsubscribe link, also in the List-Unsubscribe headers; it works.
    const links = mails.map((mail) => linkInMail(mail, ORIGIN, '/newsletter/unsubscribe'));
    expect(new Set(links).size).toBe(3);
    expect(english.unsubscribe_url).toBe(`${ORIGIN}${links[0]}`);
    const page = await t.app.inject({ method: 'GET', url: links[2] as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('carla@example.com');
  });

  it('sends no digest when nothing is new since the last one', async () => {
    expect(await t.app.runNewsletterDigest(new Date('2030-01-14T06:00:00Z'))).toBe(0);
    expect(await digests('2030-01-14')).toHaveLength(0);
  });

  it('sends a slot missed while the app was down later the same week, with only what is new since', async () => {
    await insertListing(t.db, { category: 'visa', title: 'Dubai tourist visa', created_at: '2030-01-16T09:00:00Z' });
    // Thursday: Monday's slot is still this week's.
    expect(await t.app.runNewsletterDigest(new Date('2030-01-24T10:00:00Z'))).toBe(3);
    const mail = await digestTo('asha@example.com', '2030-01-21');
    expect(mail?.text_body).toContain('VISA ASSISTANCE: 2 NEW');
    // The visa created after the first slot counts from there; nothing sent before returns.
    expect(mail?.text_body).toContain('Late visa');
    expect(mail?.text_body).not.toContain('Phone');
    // Next Monday before the hour: last week's slot (01-28) is not sent any more.
    await insertListing(t.db, { category: 'visa', title: 'Canada student visa', created_at: '2030-01-29T09:00:00Z' });
    expect(await t.app.runNewsletterDigest(new Date('2030-02-04T04:00:00Z'))).toBeNull();
    expect(await digests('2030-01-28')).toHaveLength(0);
  });

  it('resumes a stopped run after the last subscriber it queued, and leaves a running one alone', async () => {
    const ids = (
      await t.db.query<{ id: string }>(
        'SELECT id FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL ORDER BY id',
      )
    ).rows.map((row) => row.id);
    // An instance claimed 02-04 two hours ago, queued the first two and stopped.
    await t.db.query(
      `INSERT INTO newsletter_digest_runs (slot, since, started_at, last_subscriber_id, messages)
       VALUES ('2030-02-04T05:00:00Z', '2030-01-21T05:00:00Z', now() - interval '2 hours', $1, 2)`,
      [ids[1]],
    );
    expect(await t.app.runNewsletterDigest(new Date('2030-02-04T06:00:00Z'))).toBe(3);
    const mails = await digests('2030-02-04');
    expect(mails).toHaveLength(1);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM newsletter_subscribers WHERE email = $1', [
      mails[0]?.recipient,
    ]);
    expect(rows[0]?.id).toBe(ids[2]);
    expect(mails[0]?.text_body).toContain('Canada student visa');

    // One claimed a minute ago is still running: no second run.
    await t.db.query(
      `INSERT INTO newsletter_digest_runs (slot, since, started_at) VALUES ('2030-02-11T05:00:00Z', '2030-02-04T05:00:00Z', now())`,
    );
    expect(await t.app.runNewsletterDigest(new Date('2030-02-11T06:00:00Z'))).toBeNull();
    expect(await digests('2030-02-11')).toHaveLength(0);
  });

  it('never goes back to an earlier slot of a week whose later digest was sent', async () => {
    await insertListing(t.db, { category: 'product', title: 'Laptop', created_at: '2030-02-12T09:00:00Z' });
    await setSchedule({ day: 'friday', hour: 18 });
    // Friday 2030-02-15 18:00 in Nairobi.
    expect(await t.app.runNewsletterDigest(new Date('2030-02-15T15:30:00Z'))).toBe(3);
    // Moved back to Monday the next day: that Monday's slot is older than the digest sent.
    await insertListing(t.db, { category: 'product', title: 'Tablet', created_at: '2030-02-16T09:00:00Z' });
    await setSchedule({ day: 'monday', hour: 8 });
    expect(await t.app.runNewsletterDigest(new Date('2030-02-16T12:00:00Z'))).toBeNull();
    expect(await digests('2030-02-11')).toHaveLength(0);
  });

  it('queues every confirmed subscriber once across several batches', async () => {
    await t.db.query(
      `INSERT INTO newsletter_subscribers (email, language, confirmed_at)
       SELECT 'reader' || n || '@example.com', CASE WHEN n % 3 = 0 THEN 'so' ELSE 'en' END, now()
       FROM generate_series(1, 1200) AS n`,
    );
    await insertListing(t.db, { category: 'business', title: 'Cafe for sale', created_at: '2030-02-19T09:00:00Z' });
    expect(await t.app.runNewsletterDigest(new Date('2030-02-25T05:00:00Z'))).toBe(1203);
    const { rows } = await t.db.query<{ messages: number; people: number; links: number }>(
      `SELECT count(*)::int AS messages, count(DISTINCT lower(recipient))::int AS people,
              count(DISTINCT unsubscribe_url)::int AS links
       FROM mail_messages WHERE key LIKE 'newsletter-digest:2030-02-25%'`,
    );
    expect(rows[0]).toEqual({ messages: 1203, people: 1203, links: 1203 });
  });
});

describe(`a newsletter digest arriving through an SMTP server (${testDatabaseKind()})`, () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      publicUrl: ORIGIN,
      mail: { delivery: 'smtp', url: smtp.url, from: 'Hub <no-reply@hub.example>' },
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('arrives with the listing, the photo and the one-click unsubscribe headers', async () => {
    await t.db.query(
      "INSERT INTO newsletter_subscribers (email, language, confirmed_at) VALUES ('hawa@example.com', 'so', now())",
    );
    await insertListing(t.db, {
      category: 'property',
      title: 'Guri Kilimani',
      listing_type: 'sale',
      price: 9_000_000,
      image_urls: ['/uploads/properties/house.jpg'],
      created_at: '2030-03-01T09:00:00Z',
    });
    const { settings } = await t.app.siteSettings.getAll();
    await t.app.siteSettings.save({ ...settings, newsletterDigest: { day: 'monday', hour: 8 } });
    expect(await t.app.runNewsletterDigest(new Date('2030-03-04T05:00:00Z'))).toBe(1);
    await t.app.deliverMail();
    const [arrived] = await smtp.waitFor(1);
    expect(arrived?.to).toEqual(['hawa@example.com']);
    expect(arrived?.subject).toBe('Waxa cusub toddobaadkan Somali Diaspora Hub');
    expect(arrived?.text).toContain('- Guri Kilimani');
    expect(arrived?.html).toContain(`<img src="${ORIGIN}/`);
    const unsubscribe = (
      await t.db.query<{ unsubscribe_url: string }>('SELECT unsubscribe_url FROM mail_messages WHERE key LIKE $1', [
        'newsletter-digest:%',
      ])
    ).rows[0]?.unsubscribe_url;
    expect(unsubscribe).toMatch(/\/newsletter\/unsubscribe\?token=/);
    expect(arrived?.headerLines).toEqual(
      expect.arrayContaining([
        `List-Unsubscribe: <${unsubscribe}>`,
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      ]),
    );
  });
});

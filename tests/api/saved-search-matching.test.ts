// Saved-search alerts meet published listings: which confirmed alerts a listing matches (the
// results page's own rules), the instant messages queued after the staff request, never
// twice, and the daily run's one message per alert, run once a day however many instances ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '#server/storage/object-storage';
import { linkInMail, postUrlencoded, queuedMailsTo, sameSiteHeaders } from '../support/mail';
import { multipart, postListingWithPhoto, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';

interface QueuedMail {
  key: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  unsubscribe_url: string | null;
}

describe(`saved-search alert matching (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin = '';
  let ip = 0;
  afterAll(() => t.close());

  /** An alert as the form saves it, confirmed unless told otherwise. */
  const alert = async (email: string, category: string, search: string, frequency = 'instant', confirmed = true) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { email, category, search, frequency },
      remoteAddress: `10.38.0.${++ip}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    if (!confirmed) return;
    // As the visitor does: the confirmation's link, its page's button.
    const link = linkInMail((await queuedMailsTo(t.db, email))[0], ORIGIN, '/alerts/confirm');
    const page = await postUrlencoded(t.app, link, {}, sameSiteHeaders(ORIGIN), `10.38.0.${ip}`);
    expect(page.statusCode, page.body).toBe(200);
  };
  const alertMails = async (email: string) =>
    (
      await t.db.query<QueuedMail>(
        `SELECT key, recipient, subject, text_body, html_body, unsubscribe_url FROM mail_messages
         WHERE recipient = $1 AND key NOT LIKE 'alert-confirm:%' ORDER BY created_at, key`,
        [email],
      )
    ).rows;
  /** A listing published by staff, and its alerts matched (after the staff request). */
  const publish = async (title: string) => {
    const response = await postListingWithPhoto(t as unknown as TestApp<ObjectStorage>, admin, title);
    expect(response.statusCode, response.body).toBe(201);
    await t.app.matchPublishedListings();
    return response.json() as { id: string; image_urls: string[] };
  };
  const setActive = async (id: string, isActive: boolean) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/listings/${id}/status`,
      payload: { is_active: isActive },
      headers: { cookie: admin },
    });
    await t.app.matchPublishedListings();
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    admin = (await signedInAs(t as unknown as TestApp<ObjectStorage>, 'admin')).cookie;
    await alert('words@example.com', 'product', 'q=samsung&maxPrice=50000');
    await alert('typo@example.com', 'product', 'q=samsng');
    await alert('prefix@example.com', 'product', 'q=galaxy+a5');
    await alert('filters@example.com', 'product', 'subcategory=phones&condition=used');
    await alert('daily@example.com', 'product', 'q=galaxy', 'daily');
    await alert('new-only@example.com', 'product', 'condition=new');
    await alert('too-cheap@example.com', 'product', 'q=samsung&maxPrice=10000');
    await alert('other-words@example.com', 'product', 'q=iphone');
    await alert('property@example.com', 'property', '');
    await alert('unconfirmed@example.com', 'product', 'q=samsung', 'instant', false);
  }, 60_000);

  it('queues an instant message to every confirmed alert whose results the new listing joins, and only those', async () => {
    const listing = await publish('Samsung Galaxy A54');
    for (const email of ['words@example.com', 'typo@example.com', 'prefix@example.com', 'filters@example.com']) {
      expect(await alertMails(email), email).toHaveLength(1);
    }
    for (const email of [
      'daily@example.com',
      'new-only@example.com',
      'too-cheap@example.com',
      'other-words@example.com',
      'property@example.com',
      'unconfirmed@example.com',
    ]) {
      expect(await alertMails(email), email).toHaveLength(0);
    }
    const [mail] = await alertMails('words@example.com');
    expect(mail?.subject).toBe('A new match: "samsung" in Online Marketplace (1 filter)');
    expect(mail?.text_body).toContain(`Samsung Galaxy A54\n  Ksh\u00a035,000\n  ${ORIGIN}/marketplace/${listing.id}`);
    const photo = listing.image_urls[0]?.replace('/uploads/', '/media/320/');
    expect(mail?.html_body).toContain(`<img src="${ORIGIN}${photo}"`);
    expect(mail?.html_body).toContain(`href="${ORIGIN}/marketplace?q=samsung&amp;maxPrice=50000&amp;lang=en"`);
    expect(mail?.unsubscribe_url).toMatch(new RegExp(`^${ORIGIN}/alerts/unsubscribe\\?token=[\\w-]+&lang=en$`));
    expect(mail?.text_body).toContain(`Unsubscribe: ${mail?.unsubscribe_url}`);
    // The message's own links work: its unsubscribe link ends this alert.
    const unsubscribe = (mail?.unsubscribe_url ?? '').slice(ORIGIN.length);
    const page = await t.app.inject({ method: 'GET', url: unsubscribe });
    expect(page.statusCode).toBe(200);
  });

  it('never alerts a search twice about one listing, however often it is hidden and shown again', async () => {
    const listing = await publish('Samsung S23 Ultra');
    expect(await alertMails('typo@example.com')).toHaveLength(2);
    expect((await setActive(listing.id, false)).statusCode).toBe(200);
    expect((await setActive(listing.id, true)).statusCode).toBe(200);
    expect(await alertMails('typo@example.com')).toHaveLength(2);
  });

  it('alerts when a hidden listing is made public, not when it is saved hidden', async () => {
    const body = multipart({ ...validProduct, title: 'Samsung Tab hidden', is_active: false });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.matchPublishedListings();
    expect(await alertMails('typo@example.com')).toHaveLength(2);
    expect((await setActive(created.json().id, true)).statusCode).toBe(200);
    const mails = await alertMails('typo@example.com');
    expect(mails).toHaveLength(3);
    expect(mails[2]?.text_body).toContain('Samsung Tab hidden');
  });

  it('answers the staff request without matching: a publication whose matching fails is published, and matched later', async () => {
    // Matching cannot record anything while this trigger stands (the staff request used to do
    // it, and failed with it).
    await t.db.exec(`CREATE FUNCTION refuse_matches() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'matching refused by the test'; END $$;
      CREATE TRIGGER refuse_matches BEFORE INSERT ON saved_search_matches
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_matches();`);
    let listing: { id: string };
    try {
      const response = await postListingWithPhoto(t as unknown as TestApp<ObjectStorage>, admin, 'Samsung Buds');
      expect(response.statusCode, response.body).toBe(201);
      listing = response.json();
      await t.app.matchPublishedListings();
      expect(await alertMails('typo@example.com')).toHaveLength(3);
    } finally {
      await t.db.exec('DROP TRIGGER refuse_matches ON saved_search_matches; DROP FUNCTION refuse_matches();');
    }
    // The failed pass left its claim; once it runs out (as a crashed instance's does), the next pass matches it.
    await t.db.query(
      "UPDATE listing_publications SET claimed_until = now() - interval '1 second' WHERE listing_id = $1",
      [listing.id],
    );
    await t.app.matchPublishedListings();
    const mails = await alertMails('typo@example.com');
    expect(mails).toHaveLength(4);
    expect(mails[3]?.text_body).toContain('Samsung Buds');
  });

  it('sends each daily alert one message with its new matches, once a day whatever asks', async () => {
    expect(await alertMails('daily@example.com')).toHaveLength(0);
    const day = new Date('2030-01-02T06:00:00Z');
    const [first, second] = await Promise.all([t.app.runDailyAlerts(day), t.app.runDailyAlerts(day)]);
    // One instance ran it; the other found the day taken.
    expect([first, second].filter((ran) => ran === null)).toHaveLength(1);
    expect((first ?? second) as number).toBeGreaterThanOrEqual(1);
    const mails = await alertMails('daily@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('A new match: "galaxy" in Online Marketplace');
    expect(mails[0]?.text_body).toContain('Samsung Galaxy A54');
    expect(mails[0]?.unsubscribe_url).toMatch(/\/alerts\/unsubscribe\?token=/);
    // The next day has nothing new for it.
    expect(await t.app.runDailyAlerts(new Date('2030-01-03T06:00:00Z'))).toBe(0);
    expect(await alertMails('daily@example.com')).toHaveLength(1);
  });

  it('counts in /metrics the published listings whose alerts wait to be matched', async () => {
    const waiting = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text.split('\n').find((l) => l.startsWith('sdh_alert_publications_waiting '));
      return Number(line?.split(' ').at(-1));
    };
    const { id } = await publish('Tecno Spark 20 waiting to be matched');
    expect(await waiting()).toBe(0);
    // Claimed as another instance matching it would: this instance's passes leave it waiting.
    await t.db.query(
      `INSERT INTO listing_publications (listing_id, origin, claimed_until) VALUES ($1, $2, now() + interval '1 hour')`,
      [id, ORIGIN],
    );
    expect(await waiting()).toBe(1);
    await t.db.query('DELETE FROM listing_publications WHERE listing_id = $1', [id]);
    expect(await waiting()).toBe(0);
  });
});

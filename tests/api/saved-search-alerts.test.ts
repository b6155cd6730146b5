// Saved-search alerts: "E-mail me new matches" on a results page (the JSON API and the form
// posted without script), the confirmation it queues, and the link pages: confirm, manage and
// one-click unsubscribe (RFC 8058).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkInMail, postUrlencoded, type QueuedMail, queuedMailsTo, sameSiteHeaders } from '../support/mail';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';
const sameSite = sameSiteHeaders(ORIGIN);
const cookieOf = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(';')[0] ?? '';
const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(html)?.[1] ?? '';

describe(`saved-search alerts (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let ip = 0;
  let remoteAddress = '';
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    remoteAddress = `10.36.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  });

  const signUp = (body: Record<string, unknown>, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/api/alerts?lang=${lang}`, payload: body, remoteAddress });
  const postForm = (url: string, fields: Record<string, string>, headers: Record<string, string> = sameSite) =>
    postUrlencoded(t.app, url, fields, headers, remoteAddress);
  const mailsTo = (email: string) => queuedMailsTo(t.db, email);
  const savedFor = async (email: string) =>
    (
      await t.db.query<{
        category: string;
        filters: unknown;
        frequency: string;
        confirmed_at: unknown;
        language: string;
      }>(
        'SELECT category, filters, frequency, confirmed_at, language FROM saved_searches WHERE lower(email) = lower($1)',
        [email],
      )
    ).rows.map((row) => ({ ...row, filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters }));
  /** The link of the message's button, as the text part writes it out. */
  const linkIn = (mail: QueuedMail | undefined, page: string) => linkInMail(mail, ORIGIN, `/alerts/${page}`);

  it('saves the search normalized, unconfirmed, and queues one confirmation in the visitor language', async () => {
    const response = await signUp({
      email: 'Hodan@Example.com',
      category: 'product',
      // Order and page are not part of a search; an empty field is no filter; words are kept as the page reads them.
      search: '?page=3&sort=price_asc&condition=used&q=samsung+phone&minPrice=&maxPrice=20000',
      frequency: 'instant',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'pending' });
    expect(await savedFor('hodan@example.com')).toEqual([
      {
        category: 'product',
        filters: { condition: 'used', maxPrice: 20000, q: 'samsung phone' },
        frequency: 'instant',
        confirmed_at: null,
        language: 'en',
      },
    ]);
    const [mail, ...others] = await mailsTo('hodan@example.com');
    expect(others).toHaveLength(0);
    expect(mail?.recipient).toBe('Hodan@Example.com');
    expect(mail?.subject).toBe('Confirm your alert: "samsung phone" in Online Marketplace (2 filters)');
    expect(mail?.text_body).toContain('Start the alert: https://example.test/alerts/confirm?token=');
    // The HTML part holds the same link, escaped; a confirmation is not bulk mail.
    expect(mail?.html_body).toContain(`href="${ORIGIN}${linkIn(mail, 'confirm').replace('&', '&amp;')}"`);
    expect(mail?.unsubscribe_url).toBeNull();
  });

  it('writes the confirmation in Somali for a visitor reading in Somali, HTML escaped', async () => {
    await signUp({ email: 'somali@example.com', category: 'product', search: 'q=<b>tv</b>' }, 'so');
    const [mail] = await mailsTo('somali@example.com');
    expect(mail?.language).toBe('so');
    // The subject is plain text; the HTML part shows the words as typed, escaped.
    expect(mail?.subject).toBe('Xaqiiji ogeysiiskaaga: "<b>tv</b>" gudaha Suuqa Online-ka ah');
    expect(mail?.html_body).toContain('&quot;&lt;b&gt;tv&lt;/b&gt;&quot; gudaha');
    expect(mail?.html_body).not.toContain('<b>');
    expect(linkIn(mail, 'confirm')).toMatch(/&lang=so$/);
  });

  it('keeps one alert per address and search, and answers the same whatever was saved before', async () => {
    const body = { email: 'twice@example.com', category: 'property', search: 'bedrooms=2', frequency: 'daily' };
    expect((await signUp(body)).json()).toEqual((await signUp({ ...body, email: 'TWICE@example.com' })).json());
    expect(await savedFor('twice@example.com')).toHaveLength(1);
  });

  it('refuses a bad address or frequency with field messages, and saves nothing', async () => {
    const response = await signUp({ email: 'nope', category: 'product', search: '', frequency: 'hourly' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['email', 'frequency']);
    expect((await signUp({ email: 'a@example.com', category: 'cars' })).statusCode).toBe(400);
    expect((await signUp({ email: 'a@example.com', category: 'product', search: 'x'.repeat(3000) })).statusCode).toBe(
      400,
    );
    expect(await savedFor('a@example.com')).toHaveLength(0);
  });

  it('leaves out what the results page would leave out of a stale address', async () => {
    await signUp({ email: 'stale@example.com', category: 'product', search: 'minPrice=abc&bedrooms=2&condition=used' });
    expect((await savedFor('stale@example.com'))[0]?.filters).toEqual({ condition: 'used' });
  });

  it('ignores a filled honeypot silently', async () => {
    const response = await signUp({ email: 'bot@example.com', category: 'product', website: 'spam' });
    expect(response.statusCode).toBe(200);
    expect(await savedFor('bot@example.com')).toHaveLength(0);
    expect(await mailsTo('bot@example.com')).toHaveLength(0);
  });

  it('limits the posts per e-mail address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      remoteAddress = `10.37.0.${i + 1}`;
      statuses.push((await signUp({ email: 'many@example.com', category: 'visa', search: `q=visa${i}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('confirms through a page with a button: opening the link alone starts nothing', async () => {
    await signUp({ email: 'confirm@example.com', category: 'business', search: 'q=shop' });
    const link = linkIn((await mailsTo('confirm@example.com'))[0], 'confirm');
    const opened = await t.app.inject({ method: 'GET', url: link, remoteAddress });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain('<button type="submit">Start the alert</button>');
    expect(opened.body).toContain(`action="${link.replace('&', '&amp;')}"`);
    expect((await savedFor('confirm@example.com'))[0]?.confirmed_at).toBeNull();

    // As Chromium posts the page's form: the page sends no referrer, so its Origin is "null".
    const confirmed = await postForm(
      link,
      {},
      { origin: 'null', 'sec-fetch-site': 'same-origin', accept: 'text/html' },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your alert is on.');
    expect((await savedFor('confirm@example.com'))[0]?.confirmed_at).not.toBeNull();
    // Confirmed, the same sign-up sends nothing more.
    await signUp({ email: 'confirm@example.com', category: 'business', search: 'q=shop' });
    expect(await mailsTo('confirm@example.com')).toHaveLength(1);
  });

  it('refuses a confirmation posted from another site', async () => {
    await signUp({ email: 'csrf@example.com', category: 'business' });
    const link = linkIn((await mailsTo('csrf@example.com'))[0], 'confirm');
    const response = await postForm(link, {}, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect((await savedFor('csrf@example.com'))[0]?.confirmed_at).toBeNull();
  });

  it('manages the frequency and deletes the alert from its manage page, in the alert language', async () => {
    await signUp({ email: 'manage@example.com', category: 'product', search: 'q=tv' }, 'so');
    const link = linkIn((await mailsTo('manage@example.com'))[0], 'confirm').replace('/confirm?', '/manage?');
    const opened = await t.app.inject({ method: 'GET', url: link, remoteAddress });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<html lang="so">');
    expect(opened.body).toContain('value="daily" checked');
    expect((await postForm(link, { frequency: 'instant' })).body).toContain('Waa la kaydiyay.');
    expect((await savedFor('manage@example.com'))[0]?.frequency).toBe('instant');
    expect((await postForm(link, { frequency: 'hourly' })).statusCode).toBe(400);
    expect((await postForm(link, { delete: '1' })).statusCode).toBe(200);
    expect(await savedFor('manage@example.com')).toHaveLength(0);
    // Every link of a deleted alert stops working.
    expect((await t.app.inject({ method: 'GET', url: link, remoteAddress })).statusCode).toBe(404);
  });

  it('unsubscribes in one click (RFC 8058) without a page, from any origin', async () => {
    await signUp({ email: 'oneclick@example.com', category: 'visa' });
    const link = linkIn((await mailsTo('oneclick@example.com'))[0], 'confirm').replace('/confirm?', '/unsubscribe?');
    const response = await postForm(
      link,
      { 'List-Unsubscribe': 'One-Click' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(await savedFor('oneclick@example.com')).toHaveLength(0);
  });

  it('unsubscribes through a page with a button, and says when a link no longer works', async () => {
    await signUp({ email: 'button@example.com', category: 'visa' });
    const link = linkIn((await mailsTo('button@example.com'))[0], 'confirm').replace('/confirm?', '/unsubscribe?');
    const opened = await t.app.inject({ method: 'GET', url: link, remoteAddress });
    expect(opened.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await savedFor('button@example.com')).toHaveLength(1);
    const done = await postForm(link, {});
    expect(done.body).toContain('You will get no more e-mails for this search.');
    expect(await savedFor('button@example.com')).toHaveLength(0);
    for (const url of [link, '/alerts/manage?token=nothing', '/alerts/confirm', '/alerts/unsubscribe?token=']) {
      const gone = await t.app.inject({ method: 'GET', url, remoteAddress });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain('This link does not work');
    }
  });

  it('takes the form posted without script and comes back to the results page, which says what happens next', async () => {
    const response = await postForm('/alerts', {
      email: 'plain@example.com',
      frequency: 'daily',
      category: 'property',
      search: '?bedrooms=2',
      returnTo: '/real-estate?bedrooms=2',
      website: '',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/real-estate?bedrooms=2#alert');
    expect((await savedFor('plain@example.com'))[0]?.filters).toEqual({ bedrooms: 2 });
    const back = await t.app.inject({
      method: 'GET',
      url: '/real-estate?bedrooms=2',
      headers: { cookie: cookieOf(response.headers['set-cookie']) },
      remoteAddress,
    });
    expect(root(back.body)).toContain('Almost done: we sent you an e-mail.');
  });

  it('comes back with the address and its message when the form posted without script is not valid', async () => {
    const response = await postForm('/alerts', {
      email: 'nope',
      frequency: 'instant',
      category: 'product',
      search: '',
      returnTo: '/marketplace',
    });
    expect(response.statusCode).toBe(303);
    const back = await t.app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { cookie: cookieOf(response.headers['set-cookie']) },
      remoteAddress,
    });
    expect(root(back.body)).toContain('Please enter a valid email address');
    expect(root(back.body)).toContain('value="nope"');
  });
});

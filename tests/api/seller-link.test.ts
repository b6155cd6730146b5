// The seller's own link to an approved listing: mailed once on approval, only its hash kept; it
// renews the listing in its last week (or once expired), marks it sold, and sends changes that
// wait for staff. Tested as an attacker would use it: guessed, reused after staff turned it
// off, aimed at another seller's listing or photos, with oversized and malformed files.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/server/lib/token-hash';
import { DEFAULT_SITE_SETTINGS } from '../../src/server/modules/site-settings/defaults';
import { linkInMail, postUrlencoded, queuedMailsTo, sameSiteHeaders } from '../support/mail';
import { multipart, signedInAs, validProduct, validProperty } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';
const sameSite = sameSiteHeaders(ORIGIN);
const NAIROBI_TODAY = `(now() AT TIME ZONE INTERVAL '+03:00')::date`;

describe(`the seller's own link (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let editor = '';
  let jpeg: Buffer;
  let png: Buffer;
  let seq = 0;
  let remoteAddress = '';
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    await t.app.orphanSweepIdle();
    editor = (await signedInAs(t, 'editor', 'link-editor')).cookie;
    jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7c3aed' } })
      .jpeg()
      .toBuffer();
    png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    seq++;
    remoteAddress = `10.43.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
  });

  const decide = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/submissions/${id}/decision`,
      headers: { cookie: editor },
      payload,
    });

  /** A seller posts, confirms, and staff approve: the listing, and the link from the approval mail. */
  const approvedListing = async (email: string, fields: Record<string, unknown> = validProduct, photos = 2) => {
    const body = multipart(
      { ...fields, title: `${fields.title} ${seq}`, seller_name: 'Hodan Ali', seller_email: email, consent: true },
      Array.from({ length: photos }, (_, i) => ({ filename: `p${i}.jpg`, data: jpeg })),
    );
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: body.payload,
      headers: { ...body.headers, ...sameSite },
      remoteAddress,
    });
    expect(posted.statusCode, posted.body).toBe(202);
    const confirm = linkInMail((await queuedMailsTo(t.db, email))[0], ORIGIN, '/sell/confirm');
    expect((await postUrlencoded(t.app, confirm, {}, sameSite, remoteAddress)).statusCode).toBe(200);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM listing_submissions WHERE seller_email = $1 AND status = 'waiting'`,
      [email],
    );
    const submissionId = rows[0]?.id as string;
    const approved = await decide(submissionId, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    const mails = await queuedMailsTo(t.db, email);
    const mail = mails.find((m) => m.subject.startsWith('Your listing is live'));
    const link = linkInMail(mail, ORIGIN, '/sell/manage');
    return { listingId: approved.json().listingId as string, submissionId, link, mail, token: tokenOf(link) };
  };
  const tokenOf = (link: string) => new URL(link, ORIGIN).searchParams.get('token') as string;
  const listing = async (id: string) =>
    (
      await t.db.query<{
        availability: string;
        expires_on: string;
        price: number;
        title: string;
        image_urls: string[];
        days_left: number;
      }>(
        `SELECT availability, to_char(expires_on, 'YYYY-MM-DD') AS expires_on, price::int AS price, title, image_urls,
           expires_on - ${NAIROBI_TODAY} AS days_left
         FROM listings WHERE id = $1`,
        [id],
      )
    ).rows[0];
  const page = (link: string) => t.app.inject({ method: 'GET', url: link, remoteAddress });
  const act = (link: string, action: string, headers = sameSite) =>
    postUrlencoded(t.app, link, { action }, headers, remoteAddress);
  const sellerListing = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/seller-listing?token=${encodeURIComponent(token)}`, remoteAddress });
  const edit = (token: string, data: Record<string, unknown>, files: Parameters<typeof multipart>[1] = []) => {
    const body = multipart(data, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/seller-listing/edit?token=${encodeURIComponent(token)}`,
      payload: body.payload,
      headers: { ...body.headers, ...sameSite },
      remoteAddress,
    });
  };
  const stored = (url: string) => t.storage.exists(t.storage.keyFromUrl(url) as string);

  it('mails the link once on approval, keeps only its hash, and runs the listing for 30 days', async () => {
    const { listingId, link, token, mail } = await approvedListing('link-1@example.com');
    expect(mail?.text_body).toContain('Manage my listing');
    expect(mail?.html_body).toContain(`${ORIGIN}/sell/manage?token=`);
    const { rows } = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM seller_links WHERE listing_id = $1',
      [listingId],
    );
    expect(rows[0]?.token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect((await listing(listingId))?.days_left).toBe(30);

    const shown = await page(link);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body).toContain('<meta name="referrer" content="no-referrer">');
    expect(shown.body).toContain('is on the site until');
    expect(shown.body).toContain('You can renew it from');
    expect(shown.body).not.toContain('Renew for 30 days');
    expect(shown.body).toContain('Mark as sold');
    expect(shown.body).toContain('/sell/edit?token=');
  });

  it('renews only in the last week or once expired, and an expired listing shows again', async () => {
    const { listingId, link } = await approvedListing('link-2@example.com');
    const early = await act(link, 'renew');
    expect(early.statusCode).toBe(200);
    expect(early.body).toContain('This listing cannot be renewed now.');
    expect((await listing(listingId))?.days_left).toBe(30);

    await t.db.query(`UPDATE listings SET expires_on = ${NAIROBI_TODAY} + 3 WHERE id = $1`, [listingId]);
    expect((await page(link)).body).toContain('Renew for 30 days');
    const renewed = await act(link, 'renew');
    expect(renewed.body).toContain('Renewed: your listing is on the site until');
    expect((await listing(listingId))?.days_left).toBe(30);

    await t.db.query(`UPDATE listings SET expires_on = ${NAIROBI_TODAY} - 2 WHERE id = $1`, [listingId]);
    expect((await listing(listingId))?.availability).toBe('expired');
    expect((await page(link)).body).toContain('expired on');
    await act(link, 'renew');
    expect(await listing(listingId)).toMatchObject({ availability: 'active', days_left: 30 });
    const shown = await t.app.inject({ method: 'GET', url: `/api/listings/${listingId}` });
    expect(shown.statusCode).toBe(200);

    const { rows } = await t.db.query<{ action: string; actor_username: string }>(
      `SELECT action, actor_username FROM audit_log WHERE entity_id = $1 AND action = 'listing.expiry'`,
      [listingId],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.actor_username).toBe('seller link-2@example.com');
  });

  it('marks the listing sold at once (buyers see it), once', async () => {
    const { listingId, link } = await approvedListing('link-3@example.com');
    const sold = await act(link, 'sold');
    expect(sold.statusCode).toBe(200);
    expect(sold.body).toContain('Marked sold.');
    expect((await listing(listingId))?.availability).toBe('sold');
    const publicAnswer = await t.app.inject({ method: 'GET', url: `/api/listings/${listingId}` });
    expect(publicAnswer.json().availability).toBe('sold');
    expect((await act(link, 'sold')).body).toContain('marked sold already');
    expect((await page(link)).body).not.toContain('Mark as sold');
    expect((await act(link, 'nonsense')).statusCode).toBe(400);
  });

  it('sends changes to the queue; the listing changes only when staff approve, photos kept and added', async () => {
    const { listingId, token } = await approvedListing('link-4@example.com');
    const before = await listing(listingId);
    const read = await sellerListing(token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const current = read.json();
    expect(current).toMatchObject({ id: listingId, category: 'product', canRenew: false, editWaiting: false });
    expect(current.values.title).toBe(before?.title);
    const [kept, dropped] = before?.image_urls ?? [];

    const sent = await edit(
      token,
      { ...validProduct, title: 'Samsung Galaxy A54, new price', price: 30000, keep_images: [kept] },
      [{ filename: 'new.png', data: png, contentType: 'image/png' }],
    );
    expect(sent.statusCode, sent.body).toBe(202);
    expect(await listing(listingId)).toMatchObject({ title: before?.title, price: 35000 });
    expect((await sellerListing(token)).json().editWaiting).toBe(true);
    // One edit waits at a time.
    const again = await edit(token, { ...validProduct, price: 1 });
    expect(again.statusCode).toBe(409);

    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/submissions', headers: { cookie: editor } });
    const item = queue.json().items.find((i: { editOf: string | null }) => i.editOf === listingId);
    expect(item).toMatchObject({ listingId, sellerEmail: 'link-4@example.com' });
    expect(item.imageUrls).toHaveLength(2);
    expect(item.imageUrls[0]).toBe(kept);

    expect((await decide(item.id, { decision: 'approve' })).statusCode).toBe(200);
    const after = await listing(listingId);
    expect(after).toMatchObject({ title: 'Samsung Galaxy A54, new price', price: 30000 });
    expect(after?.image_urls).toEqual(item.imageUrls);
    expect(await stored(dropped as string)).toBe(false);
    expect(await stored(kept as string)).toBe(true);
    const mails = await queuedMailsTo(t.db, 'link-4@example.com');
    expect(mails.map((m) => m.subject)).toContain('Your changes are live: Samsung Galaxy A54, new price');
    // Still the seller's: the same link sends the next change.
    expect((await sellerListing(token)).json().editWaiting).toBe(false);
  });

  it('a rejected change leaves the listing as it was and its new photos go; the seller hears why', async () => {
    const { listingId, token } = await approvedListing('link-5@example.com');
    const before = await listing(listingId);
    await edit(token, { ...validProduct, price: 5, keep_images: before?.image_urls }, [
      { filename: 'x.jpg', data: jpeg },
    ]);
    const { rows } = await t.db.query<{ id: string; image_urls: string[] }>(
      `SELECT id, image_urls FROM listing_submissions WHERE edit_of = $1 AND status = 'waiting'`,
      [listingId],
    );
    const added = rows[0]?.image_urls.at(-1) as string;
    expect(await stored(added)).toBe(true);
    const rejected = await decide(rows[0]?.id as string, { decision: 'reject', reason: 'The price looks wrong.' });
    expect(rejected.statusCode).toBe(200);
    expect(await listing(listingId)).toEqual(before);
    expect(await stored(added)).toBe(false);
    for (const url of before?.image_urls ?? []) expect(await stored(url)).toBe(true);
    const mail = (await queuedMailsTo(t.db, 'link-5@example.com')).find((m) => m.subject.startsWith('Your changes'));
    expect(mail?.subject).toBe(`Your changes were not approved: ${validProduct.title}`);
    expect(mail?.text_body).toContain('The price looks wrong.');
  });

  it('a guessed, incomplete or revoked link opens nothing and changes nothing', async () => {
    const { listingId, submissionId, link, token } = await approvedListing('link-6@example.com');
    const guessed = '/sell/manage?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&lang=en';
    expect((await page(guessed)).statusCode).toBe(404);
    expect((await act(guessed, 'sold')).statusCode).toBe(404);
    expect((await page('/sell/manage')).statusCode).toBe(404);
    expect((await sellerListing('')).statusCode).toBe(404);
    expect((await sellerListing(`${token}x`)).statusCode).toBe(404);
    expect((await edit('nope', { ...validProduct })).statusCode).toBe(404);
    // The change page says so with its status too (a link checker or a preview sees it), not only in its text.
    const editPage = await page('/sell/edit?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(editPage.statusCode).toBe(404);
    expect(editPage.body).toContain('This link does not open a listing.');
    expect((await page(`/sell/edit?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    // Guessing is slowed too: an address asking for many tokens is refused after 30 a minute.
    const guesses = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        t.app.inject({ method: 'GET', url: `/api/seller-listing?token=guess${i}`, remoteAddress: '10.44.0.1' }),
      ),
    );
    expect(guesses.filter((answer) => answer.statusCode === 429).length).toBeGreaterThan(0);
    expect(guesses.every((answer) => [404, 429].includes(answer.statusCode))).toBe(true);
    // Another site's form cannot act through the seller's browser.
    const crossSite = await act(link, 'sold', {
      ...sameSite,
      origin: 'https://evil.test',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await listing(listingId))?.availability).toBe('active');

    // A viewer cannot turn it off; an editor can, and it is audited.
    const viewer = (await signedInAs(t, 'viewer', 'link-viewer')).cookie;
    const revoke = (cookie: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/submissions/${submissionId}/revoke-link`, headers: { cookie } });
    expect((await revoke(viewer)).statusCode).toBe(403);
    expect((await revoke(editor)).statusCode).toBe(200);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/submissions?status=approved',
      headers: { cookie: editor },
    });
    expect(queue.json().items.find((i: { id: string }) => i.id === submissionId)?.sellerLink).toBe('revoked');
    const { rows } = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'submission.revokeLink' AND entity_id = $1`,
      [submissionId],
    );
    expect(rows).toHaveLength(1);

    expect((await page(link)).statusCode).toBe(410);
    const revokedEditPage = await page(`/sell/edit?token=${encodeURIComponent(token)}`);
    expect(revokedEditPage.statusCode).toBe(410);
    expect(revokedEditPage.body).toContain('Our team turned off this link.');
    expect((await act(link, 'sold')).statusCode).toBe(410);
    expect((await act(link, 'renew')).statusCode).toBe(410);
    expect((await sellerListing(token)).statusCode).toBe(410);
    expect((await edit(token, { ...validProduct, price: 1 })).statusCode).toBe(410);
    expect((await listing(listingId))?.availability).toBe('active');
    const waiting = await t.db.query(`SELECT 1 FROM listing_submissions WHERE edit_of = $1`, [listingId]);
    expect(waiting.rows).toHaveLength(0);
  });

  it("one seller's link reaches neither another listing nor its photos; the kind stays; bad files are refused", async () => {
    const mine = await approvedListing('link-7@example.com');
    const theirs = await approvedListing('link-8@example.com', { ...validProperty, listing_type: 'sale' }, 1);
    const theirPhoto = (await listing(theirs.listingId))?.image_urls[0] as string;
    const borrowed = await edit(mine.token, { ...validProduct, keep_images: [theirPhoto] });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().fields.keep_images).toBe('A photo to keep is not one of this listing’s.');
    // The token alone names the listing: an id sent along is refused, a staff field ignored.
    const aimed = await edit(mine.token, { ...validProduct, id: theirs.listingId });
    expect(aimed.statusCode).toBe(400);
    const otherKind = await edit(mine.token, { ...validProperty, listing_type: 'sale', is_active: false });
    expect(otherKind.statusCode).toBe(400);
    expect(otherKind.json().fields?.category).toBe('A listing keeps its kind. Post a new listing for another kind.');

    const text = await edit(mine.token, { ...validProduct }, [
      { filename: 'photo.jpg', data: Buffer.from('not an image at all') },
    ]);
    expect(text.statusCode).toBe(415);
    const tooLarge = await edit(mine.token, { ...validProduct }, [
      { filename: 'big.jpg', data: Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]) },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    const eleven = await edit(
      mine.token,
      { ...validProduct, keep_images: (await listing(mine.listingId))?.image_urls },
      Array.from({ length: 9 }, (_, i) => ({ filename: `n${i}.jpg`, data: jpeg })),
    );
    expect(eleven.statusCode).toBe(400);
    const waiting = await t.db.query(`SELECT 1 FROM listing_submissions WHERE edit_of IN ($1, $2)`, [
      mine.listingId,
      theirs.listingId,
    ]);
    expect(waiting.rows).toHaveLength(0);
    expect(await listing(theirs.listingId)).toMatchObject({ availability: 'active' });
  });

  it('a change holding a word admins blocked is refused under its field, and nothing waits', async () => {
    const { listingId, token } = await approvedListing('link-11@example.com');
    const admin = (await signedInAs(t, 'admin', 'link-words-admin')).cookie;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { ...DEFAULT_SITE_SETTINGS, blockedWords: 'wire money\nnew' },
      headers: { cookie: admin },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const refused = await edit(token, { ...validProduct, description: 'Pay first: WIRE-money to my account.' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({
        description: 'This text contains words we do not accept on this site. Please change it.',
      });
      const waiting = await t.db.query('SELECT 1 FROM listing_submissions WHERE edit_of = $1', [listingId]);
      expect(waiting.rows).toHaveLength(0);
      // A choice from the site's own list ("new") is never the seller's words.
      expect((await edit(token, { ...validProduct, product_condition: 'new' })).statusCode).toBe(202);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/site-settings',
        payload: { ...DEFAULT_SITE_SETTINGS, blockedWords: '' },
        headers: { cookie: admin },
      });
    }
  });

  it('marking a change as spam turns the link off; a privacy deletion takes the link with it', async () => {
    const first = await approvedListing('link-9@example.com');
    await edit(first.token, { ...validProduct, title: 'Cheap pills here' });
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM listing_submissions WHERE edit_of = $1 AND status = 'waiting'`,
      [first.listingId],
    );
    expect((await decide(rows[0]?.id as string, { decision: 'spam' })).statusCode).toBe(200);
    expect((await page(first.link)).statusCode).toBe(410);

    const second = await approvedListing('link-10@example.com');
    const admin = (await signedInAs(t, 'admin', 'link-admin')).cookie;
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy-requests/delete',
      headers: { cookie: admin },
      payload: { email: 'link-10@example.com' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await page(second.link)).statusCode).toBe(404);
  });
});

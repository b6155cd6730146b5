// The moderation queue of sellers' listings: staff are told of a confirmed one (per their
// Account choices), editors and admins list the waiting ones with their photos, and approve
// (a live listing, as sent or as edited), reject with a reason the seller receives, or mark
// spam. Every decision is audited; a decided one cannot be decided again.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkInMail, postUrlencoded, queuedMailsTo, sameSiteHeaders } from '../support/mail';
import { multipart, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';
const sameSite = sameSiteHeaders(ORIGIN);

describe(`the queue of sellers' listings (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let editor = '';
  let admin = '';
  let viewer = '';
  let jpeg: Buffer;
  let seq = 0;
  let remoteAddress = '';
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    await t.app.orphanSweepIdle();
    editor = (await signedInAs(t, 'editor', 'queue-editor')).cookie;
    admin = (await signedInAs(t, 'admin', 'queue-admin')).cookie;
    viewer = (await signedInAs(t, 'viewer', 'queue-viewer')).cookie;
    jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7c3aed' } })
      .jpeg()
      .toBuffer();
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    remoteAddress = `10.41.0.${(seq % 250) + 1}`;
  });

  /** A seller posts a listing with `photos` photos and confirms it: its id. */
  const waitingSubmission = async (email: string, title = 'Seller radio', photos = 2, confirm = true) => {
    seq++;
    const body = multipart(
      { ...validProduct, title, seller_name: 'Ayaan Noor', seller_email: email, consent: true },
      Array.from({ length: photos }, (_, i) => ({ filename: `p${i}.jpg`, data: jpeg })),
    );
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: body.payload,
      headers: { ...body.headers, ...sameSite },
      remoteAddress,
    });
    expect(posted.statusCode).toBe(202);
    if (confirm) {
      const link = linkInMail((await queuedMailsTo(t.db, email))[0], ORIGIN, '/sell/confirm');
      expect((await postUrlencoded(t.app, link, {}, sameSite, remoteAddress)).statusCode).toBe(200);
    }
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id FROM listing_submissions WHERE seller_email = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    return rows[0]?.id as string;
  };
  const queue = (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/submissions${query}`, headers: { cookie } });
  const decide = (cookie: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/submissions/${id}/decision`, headers: { cookie }, payload });
  const submission = async (id: string) =>
    (
      await t.db.query<{
        status: string;
        image_urls: string[];
        listing_id: string | null;
        reject_reason: string | null;
      }>('SELECT status, image_urls, listing_id, reject_reason FROM listing_submissions WHERE id = $1', [id])
    ).rows[0];
  const auditOf = async (id: string) =>
    (
      await t.db.query<{ action: string; actor_username: string; changes: Record<string, unknown> | null }>(
        'SELECT action, actor_username, changes FROM audit_log WHERE entity_id = $1 ORDER BY id',
        [id],
      )
    ).rows;
  const keyOf = (url: string) => t.storage.keyFromUrl(url) as string;

  it("e-mails staff who chose it when a seller confirms, and nobody before (per each member's Account choice)", async () => {
    await t.db.query(`UPDATE staff_users SET notice_email = username || '@staff.test' WHERE username LIKE 'queue-%'`);
    // The admin chose other events; the editor keeps the role's defaults (sellers' listings among them).
    await t.db.query(`UPDATE staff_users SET notice_events = '{inquiry}' WHERE username = 'queue-admin'`);
    const id = await waitingSubmission('notify@example.com', 'Notice radio', 1, false);
    expect(await queuedMailsTo(t.db, 'queue-editor@staff.test')).toHaveLength(0);
    const link = linkInMail((await queuedMailsTo(t.db, 'notify@example.com'))[0], ORIGIN, '/sell/confirm');
    await postUrlencoded(t.app, link, {}, sameSite, remoteAddress);
    await postUrlencoded(t.app, link, {}, sameSite, remoteAddress);
    const [notice, ...more] = await queuedMailsTo(t.db, 'queue-editor@staff.test');
    expect(more).toHaveLength(0);
    expect(notice?.subject).toBe('Seller’s listing to review: Notice radio');
    expect(notice?.text_body).toContain('Ayaan Noor <notify@example.com> sent "Notice radio" (product), 1 photo(s).');
    expect(notice?.text_body).toContain(`${ORIGIN}/admin/submissions`);
    expect(await queuedMailsTo(t.db, 'queue-admin@staff.test')).toHaveLength(0);
    expect(await queuedMailsTo(t.db, 'queue-viewer@staff.test')).toHaveLength(0);
    await decide(editor, id, { decision: 'spam' });
  });

  it('lists waiting submissions oldest first with their photos for editors and admins, not viewers', async () => {
    const first = await waitingSubmission('list-1@example.com', 'First in line');
    const second = await waitingSubmission('list-2@example.com', 'Second in line');
    await waitingSubmission('list-3@example.com', 'Not confirmed', 1, false);
    const answer = await queue(editor);
    expect(answer.statusCode).toBe(200);
    const page = answer.json();
    const titles = page.items.map((item: { listing: { title: string } }) => item.listing.title);
    expect(titles.indexOf('First in line')).toBeLessThan(titles.indexOf('Second in line'));
    expect(titles).not.toContain('Not confirmed');
    expect(page.waiting).toBe(page.total);
    const item = page.items.find((i: { id: string }) => i.id === first);
    expect(item).toMatchObject({
      status: 'waiting',
      sellerName: 'Ayaan Noor',
      sellerEmail: 'list-1@example.com',
      language: 'en',
      listing: { category: 'product', title: 'First in line' },
    });
    expect(item.imageUrls).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: item.imageUrls[0] })).statusCode).toBe(200);
    expect((await queue(admin)).statusCode).toBe(200);
    expect((await queue(viewer)).statusCode).toBe(403);
    expect((await queue('')).statusCode).toBe(401);
    expect((await decide(viewer, second, { decision: 'approve' })).statusCode).toBe(403);
    expect((await submission(second))?.status).toBe('waiting');
    expect((await queue(editor, '?status=unconfirmed')).statusCode).toBe(400);
  });

  it('approves: a live listing with the photos, the seller e-mailed its address, the decision audited', async () => {
    const id = await waitingSubmission('approve@example.com', 'Approved radio qzxv');
    const before = (await queue(editor)).json().items.find((i: { id: string }) => i.id === id);
    const answer = await decide(editor, id, { decision: 'approve' });
    expect(answer.statusCode).toBe(200);
    const { listingId } = answer.json();
    expect(answer.json().status).toBe('approved');
    const stored = await submission(id);
    expect(stored).toMatchObject({ status: 'approved', listing_id: listingId, image_urls: [] });
    const publicListing = await t.app.inject({ method: 'GET', url: `/api/listings/${listingId}` });
    expect(publicListing.statusCode).toBe(200);
    expect(publicListing.json()).toMatchObject({ title: 'Approved radio qzxv', image_urls: before.imageUrls });
    const search = await t.app.inject({ method: 'GET', url: '/api/listings?category=product&q=qzxv' });
    expect(search.json().total).toBe(1);
    for (const url of before.imageUrls) expect(await t.storage.exists(keyOf(url))).toBe(true);
    const mails = await queuedMailsTo(t.db, 'approve@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your listing: Approved radio qzxv',
      'Your listing is live: Approved radio qzxv',
    ]);
    expect(mails[1]?.text_body).toContain(`${ORIGIN}/marketplace/${listingId}`);
    expect(await auditOf(id)).toEqual([
      {
        action: 'submission.approve',
        actor_username: 'queue-editor',
        changes: { listing: listingId, editedBeforeApproval: false },
      },
    ]);
    expect((await auditOf(listingId)).map((entry) => entry.action)).toEqual(['listing.create']);
    // Decided once: a second decision (another member at the same time) is refused.
    const again = await decide(admin, id, { decision: 'reject', reason: 'Late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Another member has already decided on this submission.');
  });

  it("approves as staff edited it: the staff form's rules, a choice of the seller's photos, the rest deleted", async () => {
    const id = await waitingSubmission('edit@example.com', 'Sellers title');
    const item = (await queue(admin)).json().items.find((i: { id: string }) => i.id === id);
    const [keep, drop] = item.imageUrls as string[];
    const invalid = await decide(admin, id, { decision: 'approve', listing: { ...item.listing, title: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.title).toBe('Title is required');
    const foreign = await decide(admin, id, {
      decision: 'approve',
      listing: { ...validProduct, image_urls: ['/uploads/products/someone-elses.jpg'] },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await submission(id))?.status).toBe('waiting');

    const edited = await decide(admin, id, {
      decision: 'approve',
      listing: { ...validProduct, title: 'Edited by staff', image_urls: [keep] },
    });
    expect(edited.statusCode).toBe(200);
    const listing = (await t.app.inject({ method: 'GET', url: `/api/listings/${edited.json().listingId}` })).json();
    expect(listing).toMatchObject({ title: 'Edited by staff', image_urls: [keep] });
    expect(await t.storage.exists(keyOf(keep as string))).toBe(true);
    expect(await t.storage.exists(keyOf(drop as string))).toBe(false);
    expect((await auditOf(id))[0]?.changes).toMatchObject({ editedBeforeApproval: true });
  });

  it('rejects with a reason the seller reads, deletes the photos, and audits the reason', async () => {
    const id = await waitingSubmission('reject@example.com', 'Blurry radio', 1, true);
    const item = (await queue(editor)).json().items.find((i: { id: string }) => i.id === id);
    const noReason = await decide(editor, id, { decision: 'reject', reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Write the reason the seller will read');
    const answer = await decide(editor, id, { decision: 'reject', reason: 'The photos are too dark.' });
    expect(answer.statusCode).toBe(200);
    expect(await submission(id)).toMatchObject({
      status: 'rejected',
      reject_reason: 'The photos are too dark.',
      listing_id: null,
      image_urls: [],
    });
    expect(await t.storage.exists(keyOf(item.imageUrls[0]))).toBe(false);
    const [, mail] = await queuedMailsTo(t.db, 'reject@example.com');
    expect(mail?.subject).toBe('Your listing was not approved: Blurry radio');
    expect(mail?.text_body).toContain('The photos are too dark.');
    expect(await auditOf(id)).toMatchObject([
      { action: 'submission.reject', changes: { reason: 'The photos are too dark.' } },
    ]);
    const rejected = (await queue(editor, '?status=rejected')).json();
    expect(rejected.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      decidedBy: 'queue-editor',
      rejectReason: 'The photos are too dark.',
    });
  });

  it("marks spam: photos deleted, the seller told nothing, the address's next posts dropped", async () => {
    const id = await waitingSubmission('spam-seller@example.com', 'Cheap watches', 1, true);
    const answer = await decide(admin, id, { decision: 'spam' });
    expect(answer.statusCode).toBe(200);
    expect(await submission(id)).toMatchObject({ status: 'spam', image_urls: [] });
    expect(await queuedMailsTo(t.db, 'spam-seller@example.com')).toHaveLength(1);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['submission.spam']);
    seq++;
    remoteAddress = '10.41.1.1';
    const body = multipart({
      ...validProduct,
      seller_name: 'Again',
      seller_email: 'spam-seller@example.com',
      consent: true,
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: body.payload,
      headers: { ...body.headers, ...sameSite },
      remoteAddress,
    });
    expect(posted.statusCode).toBe(202);
    const { rows } = await t.db.query(
      `SELECT 1 FROM listing_submissions WHERE seller_email = 'spam-seller@example.com'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('flags a submission whose photo was posted before, or whose title and phone another recent listing has', async () => {
    const otherPhoto = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#be123c' } })
      .jpeg()
      .toBuffer();
    const post = async (email: string, title: string, photo: Buffer | null, phone = '0712 345 678') => {
      seq++;
      remoteAddress = `10.42.0.${seq % 250}`;
      const body = multipart(
        { ...validProduct, title, whatsapp_number: phone, seller_name: 'Dup', seller_email: email, consent: true },
        photo ? [{ filename: 'p.jpg', data: photo }] : [],
      );
      await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        payload: body.payload,
        headers: { ...body.headers, ...sameSite },
        remoteAddress,
      });
      const link = linkInMail((await queuedMailsTo(t.db, email))[0], ORIGIN, '/sell/confirm');
      await postUrlencoded(t.app, link, {}, sameSite, remoteAddress);
      const { rows } = await t.db.query<{ id: string }>('SELECT id FROM listing_submissions WHERE seller_email = $1', [
        email,
      ]);
      return rows[0]?.id as string;
    };
    const flagsOf = async (id: string) =>
      (await queue(editor, '?limit=100')).json().items.find((i: { id: string }) => i.id === id)?.flags;

    const photoFirst = await post('dup-1@example.com', 'Unique lamp one', otherPhoto, '0700 111 222');
    const photoAgain = await post('dup-2@example.com', 'Unique lamp two', otherPhoto, '0700 333 444');
    expect(await flagsOf(photoAgain)).toEqual(['same-photo']);
    expect(await flagsOf(photoFirst)).toEqual(['same-photo']);

    await t.db.query(
      `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
       VALUES ('product', 'phones', 'Live Fridge LG', 'Nice', 100, '0799-888-777')`,
    );
    const sameTitlePhone = await post('dup-3@example.com', 'live fridge lg', null, '0799 888 777');
    expect(await flagsOf(sameTitlePhone)).toEqual(['same-title-phone']);
    const otherPhone = await post('dup-4@example.com', 'Live Fridge LG', null, '0799 000 001');
    expect(await flagsOf(otherPhone)).toEqual([]);
  });

  it('refuses decisions on an unconfirmed, unknown or malformed submission, and unknown decisions', async () => {
    const unconfirmed = await waitingSubmission('not-yet@example.com', 'Not yet', 0, false);
    expect((await decide(editor, unconfirmed, { decision: 'approve' })).statusCode).toBe(404);
    expect((await submission(unconfirmed))?.status).toBe('unconfirmed');
    expect((await decide(editor, '00000000-0000-4000-8000-000000000000', { decision: 'spam' })).statusCode).toBe(404);
    expect((await decide(editor, 'not-a-uuid', { decision: 'spam' })).statusCode).toBe(400);
    const unknown = await decide(editor, unconfirmed, { decision: 'publish' });
    expect(unknown.statusCode).toBe(400);
    expect((await decide(editor, unconfirmed, { decision: 'spam', extra: 1 })).statusCode).toBe(400);
  });
});

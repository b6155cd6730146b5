import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe(`reporting a listing (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let staff: string;
  let listingId: string;
  let ip = 0;
  // Each test reports from its own address so the throttle of one does not leak into another.
  const from = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  let remoteAddress = from();
  const report = (payload: unknown, id = listingId) =>
    t.app.inject({ method: 'POST', url: `/api/listings/${id}/reports`, payload: payload as object, remoteAddress });
  const newListing = async (active = true) => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number, is_active)
       VALUES ('product', 'phones', 'Reported phone', 'Nice', 100, '0712345678', $1) RETURNING id`,
      [active],
    );
    return rows[0]?.id as string;
  };
  const staffGet = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/reports${query}`, headers: { cookie: staff } })).json();

  beforeAll(async () => {
    t = await createTestApp();
    staff = (await signedInAs(t, 'editor')).cookie;
    listingId = await newListing();
  }, 180_000);
  afterAll(() => t.close());
  beforeEach(() => {
    remoteAddress = from();
  });

  it('stores a report that staff then see as open, with its listing', async () => {
    const sent = await report({ reason: 'scam', note: '  Asked for money first  ', contact: 'amina@example.com' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ status: 'received', message: 'Thank you. Your report reached our team.' });
    const page = await staffGet();
    expect(page.open).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        reason: 'scam',
        note: 'Asked for money first',
        contact: 'amina@example.com',
        status: 'open',
        listing: { id: listingId, title: 'Reported phone', path: `/marketplace/${listingId}`, isActive: true },
      }),
    ]);
  });

  it('takes a reason alone; the note and contact are optional', async () => {
    expect((await report({ reason: 'sold' })).statusCode).toBe(201);
  });

  it.each([
    [{}, 'reason', 'Choose a reason'],
    [{ reason: 'boring' }, 'reason', 'Choose a reason'],
    [{ reason: 'other', note: 'x'.repeat(1001) }, 'note', 'Keep the note under 1,000 characters'],
    [{ reason: 'other', contact: 'x'.repeat(201) }, 'contact', 'Keep your contact under 200 characters'],
    [{ reason: 'other', contact: 'a\nb' }, 'contact', undefined],
  ])('refuses %j with a message on the field', async (payload, field, message) => {
    const response = await report(payload);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().fields[field]).toBe(message);
    else expect(response.json().fields[field]).toBeTruthy();
  });

  it('refuses an unknown field, a missing listing, an inactive one and a malformed id', async () => {
    expect((await report({ reason: 'other', status: 'resolved' })).statusCode).toBe(400);
    expect((await report({ reason: 'other' }, crypto.randomUUID())).statusCode).toBe(404);
    expect((await report({ reason: 'other' }, await newListing(false))).statusCode).toBe(404);
    expect((await report({ reason: 'other' }, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('answers a bot that fills the honeypot as if all went well, and stores nothing', async () => {
    const before = (await staffGet()).open;
    const response = await report({ reason: 'other', note: 'spam', website: 'http://spam' });
    expect(response.statusCode).toBe(201);
    expect((await staffGet()).open).toBe(before);
  });

  it('throttles one address after 5 reports a minute, with a clear message', async () => {
    for (let i = 0; i < 5; i++) expect((await report({ reason: 'other' }, await newListing())).statusCode).toBe(201);
    const limited = await report({ reason: 'other' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\./);
    remoteAddress = from();
    expect((await report({ reason: 'other' })).statusCode).toBe(201);
  });

  it('keeps 3 reports per listing and address a day, says so in English and Somali, and counts an IPv6 /64 as one address', async () => {
    const id = await newListing();
    const stored = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listing_reports WHERE listing_id = $1', [id]))
        .rows[0]?.n;
    for (let i = 0; i < 3; i++) expect((await report({ reason: 'scam' }, id)).statusCode).toBe(201);
    const capped = await report({ reason: 'scam', note: 'once more' }, id);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe('You have already reported this listing today. Our team will look at it.');
    const somali = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/reports?lang=so`,
      payload: { reason: 'scam' },
      remoteAddress,
    });
    expect(somali.statusCode).toBe(429);
    expect(somali.json().message).toBe('Maanta horay ayaad u soo sheegtay xayeysiiskan. Kooxdayadu way eegi doontaa.');
    expect(await stored()).toBe(3);
    // Another address may still report it (this one has used its 5 requests a minute).
    remoteAddress = from();
    expect((await report({ reason: 'scam' }, id)).statusCode).toBe(201);
    expect(await stored()).toBe(4);

    // Addresses of one IPv6 /64 are one address.
    const v6 = await newListing();
    for (let i = 1; i <= 3; i++) {
      remoteAddress = `2001:db8:7:1::${i}`;
      expect((await report({ reason: 'other' }, v6)).statusCode).toBe(201);
    }
    remoteAddress = '2001:db8:7:1:ffff::9';
    expect((await report({ reason: 'other' }, v6)).statusCode).toBe(429);
    remoteAddress = '2001:db8:7:2::1';
    expect((await report({ reason: 'other' }, v6)).statusCode).toBe(201);
  });

  it('resolves and reopens a report, records who and when, and audits each change', async () => {
    const target = (await staffGet()).items[0];
    const patch = (status: string, id = target.id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/reports/${id}`,
        payload: { status },
        headers: { cookie: staff },
      });
    const openBefore = (await staffGet()).open;
    expect((await patch('resolved')).statusCode).toBe(204);
    const resolved = await staffGet('?status=resolved');
    expect(resolved.items.map((r: { id: string }) => r.id)).toContain(target.id);
    const row = resolved.items.find((r: { id: string }) => r.id === target.id);
    expect(row.resolvedBy).toMatch(/^editor-/);
    expect(row.resolvedAt).not.toBeNull();
    expect(resolved.open).toBe(openBefore - 1);
    expect((await patch('open')).statusCode).toBe(204);
    expect((await staffGet()).open).toBe(openBefore);
    const reopened = (await staffGet()).items.find((r: { id: string }) => r.id === target.id);
    expect(reopened.resolvedAt).toBeNull();
    const { rows } = await t.db.query<{ changes: unknown }>(
      "SELECT changes FROM audit_log WHERE action = 'report.status' AND entity_id = $1 ORDER BY at, id",
      [target.id],
    );
    expect(rows.map((r) => r.changes)).toEqual([
      { status: { from: 'open', to: 'resolved' } },
      { status: { from: 'resolved', to: 'open' } },
    ]);
    expect((await patch('closed')).statusCode).toBe(400);
    expect((await patch('resolved', crypto.randomUUID())).statusCode).toBe(404);
  });

  it('pages reports and refuses a bad query', async () => {
    const page = await staffGet('?limit=2&offset=1');
    expect(page.items).toHaveLength(2);
    for (const bad of ['status=closed', 'limit=0', 'offset=-1', 'page=2']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/reports?${bad}`,
        headers: { cookie: staff },
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it("a deleted listing's reports go with it", async () => {
    const id = await newListing();
    expect((await report({ reason: 'offensive' }, id)).statusCode).toBe(201);
    await t.db.query('DELETE FROM listings WHERE id = $1', [id]);
    const { rows } = await t.db.query('SELECT 1 FROM listing_reports WHERE listing_id = $1', [id]);
    expect(rows).toEqual([]);
  });
});

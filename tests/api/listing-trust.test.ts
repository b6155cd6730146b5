import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/audit';
import type { Listing, PublicListing } from '../../src/shared/listing';
import type { ListingPage } from '../../src/shared/listing-api';
import { insertListing } from '../support/listings';
import { appWithAdmin, signedInAs } from '../support/staff';
import { testDatabaseKind } from '../support/test-database';

/** A calendar day `days` from today in Nairobi (UTC+3), as the API takes it. */
const nairobiDay = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe(`listing trust marks (${testDatabaseKind()})`, () => {
  let ctx: Awaited<ReturnType<typeof appWithAdmin>>;
  beforeAll(async () => {
    ctx = await appWithAdmin();
  });
  afterAll(() => ctx.t.close());

  const titles = async (query: string) => {
    const response = await ctx.t.app.inject({ url: `/api/listings?${query}` });
    expect(response.statusCode).toBe(200);
    const page = response.json<ListingPage>();
    return { items: page.items.map((l) => l.title), featured: (page.featured ?? []).map((l) => l.title), page };
  };
  const trust = (id: string, body: object) => ctx.call('PATCH', `/api/admin/listings/${id}/trust`, body);
  const auditOf = async (action: string) => {
    const response = await ctx.call('GET', `/api/admin/audit?action=${action}&limit=10`);
    return response.json<{ items: AuditEntry[] }>().items;
  };

  it('a sold listing leaves the results, stays reachable, and comes back when the visitor asks for sold ones', async () => {
    const id = await insertListing(ctx.t.db, { category: 'business', title: 'Sold bakery' });
    await insertListing(ctx.t.db, { category: 'business', title: 'Open bakery' });
    expect((await titles('category=business')).items).toContain('Sold bakery');

    const marked = await trust(id, { availability: 'sold' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<Listing>().availability).toBe('sold');

    const results = await titles('category=business');
    expect(results.items).toContain('Open bakery');
    expect(results.items).not.toContain('Sold bakery');
    expect(results.page.total).toBe(1);
    const withSold = await titles('category=business&show=sold');
    expect(withSold.items).toEqual(expect.arrayContaining(['Sold bakery', 'Open bakery']));
    expect(withSold.page.total).toBe(2);

    const page = await ctx.t.app.inject({ url: `/api/listings/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json<PublicListing>().availability).toBe('sold');
    expect((await auditOf('listing.availability'))[0]).toMatchObject({
      entity: { type: 'listing', id },
      changes: { availability: { from: 'active', to: 'sold' } },
    });

    expect((await trust(id, { availability: 'active' })).json<Listing>().availability).toBe('active');
    expect((await titles('category=business')).items).toContain('Sold bakery');
  });

  it('refuses an unknown availability filter value and marks it cannot take', async () => {
    expect((await ctx.t.app.inject({ url: '/api/listings?category=visa&show=gone' })).statusCode).toBe(400);
    const id = await insertListing(ctx.t.db, { category: 'visa', title: 'Tourist visa help' });
    for (const body of [
      {},
      { availability: 'expired' },
      { availability: 'gone' },
      { featured: 'yes' },
      { expires_on: '2026-02-30' },
      { expires_on: 'tomorrow' },
      { verification: { note: '   ' } },
      { verification: { note: 'x'.repeat(301) } },
      { verification: { note: 'ID checked', extra: 1 } },
      { unknown: true },
    ]) {
      const response = await trust(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const missing = await trust('00000000-0000-4000-8000-000000000000', { featured: true });
    expect(missing.statusCode).toBe(404);
  });

  it('a listing past its expiry date leaves the results, and a new date renews it', async () => {
    const id = await insertListing(ctx.t.db, {
      category: 'product',
      title: 'Expiring phone',
      expires_on: nairobiDay(2),
    } as never);
    expect((await titles('category=product')).items).toContain('Expiring phone');

    // The day passes without anyone writing the row: the sweep expires it.
    await ctx.t.db.query('ALTER TABLE listings DISABLE TRIGGER listings_expire_on_write');
    await ctx.t.db.query('UPDATE listings SET expires_on = $2 WHERE id = $1', [id, nairobiDay(-1)]);
    await ctx.t.db.query('ALTER TABLE listings ENABLE TRIGGER listings_expire_on_write');
    expect(await ctx.t.app.expireDueListings()).toEqual([id]);
    expect((await titles('category=product')).items).not.toContain('Expiring phone');
    expect((await ctx.t.app.inject({ url: `/api/listings/${id}` })).json<PublicListing>().availability).toBe('expired');

    // Staff see it among the expiring and expired ones, and renew it with a later date.
    const expiring = await ctx.call('GET', '/api/admin/listings/expiring');
    expect(expiring.json<{ items: Listing[] }>().items.map((l) => l.id)).toContain(id);
    const renewed = await trust(id, { expires_on: nairobiDay(30) });
    expect(renewed.json<Listing>()).toMatchObject({ availability: 'active', expires_on: nairobiDay(30) });
    expect((await titles('category=product')).items).toContain('Expiring phone');
    expect((await auditOf('listing.expiry'))[0]?.changes).toMatchObject({
      expires_on: { from: nairobiDay(-1), to: nairobiDay(30) },
    });

    // A date already past expires it at once.
    expect((await trust(id, { expires_on: nairobiDay(-3) })).json<Listing>().availability).toBe('expired');
    expect((await titles('category=product')).items).not.toContain('Expiring phone');
  });

  it('featured listings come first on their category page, only in the default order', async () => {
    await insertListing(ctx.t.db, { category: 'property', title: 'Older featured flat', created_at: '2020-01-01' });
    await insertListing(ctx.t.db, { category: 'property', title: 'New plain flat' });
    const [older] = (
      await ctx.t.db.query<{ id: string }>("SELECT id FROM listings WHERE title = 'Older featured flat'")
    ).rows;
    expect((await trust(older!.id, { featured: true })).json<Listing>().featured).toBe(true);

    const first = await titles('category=property');
    expect(first.featured).toEqual(['Older featured flat']);
    expect(first.page.featured?.[0]?.featured).toBe(true);
    expect((await titles('category=property&page=2')).featured).toEqual([]);
    expect((await titles('category=property&sort=price_asc')).featured).toEqual([]);
    expect((await titles('category=property&q=flat')).featured).toEqual([]);
    // Filters apply to them too.
    expect((await titles('category=property&listingType=rent')).featured).toEqual([]);
    expect((await auditOf('listing.featured'))[0]?.changes).toMatchObject({ featured: { from: false, to: true } });
  });

  it('staff verify a listing: visitors see when and what was checked, staff also who', async () => {
    const id = await insertListing(ctx.t.db, { category: 'property', title: 'Checked house' });
    const verified = await trust(id, { verification: { note: 'Title deed and owner ID checked' } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<Listing>()).toMatchObject({
      verified_by: ctx.adminName,
      verification_note: 'Title deed and owner ID checked',
    });
    const visitor = (await ctx.t.app.inject({ url: `/api/listings/${id}` })).json<Record<string, unknown>>();
    expect(visitor.verification_note).toBe('Title deed and owner ID checked');
    expect(Date.parse(visitor.verified_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(visitor).not.toHaveProperty('verified_by');
    expect(visitor).not.toHaveProperty('expires_on');
    expect((await auditOf('listing.verify'))[0]).toMatchObject({ entity: { id } });

    const removed = await trust(id, { verification: null });
    expect(removed.json<Listing>()).toMatchObject({ verified_at: null, verified_by: null, verification_note: null });
  });

  it('only staff who may write set marks', async () => {
    const id = await insertListing(ctx.t.db, { category: 'visa', title: 'Work visa help' });
    const viewer = await signedInAs(ctx.t, 'viewer');
    expect(
      (await ctx.call('PATCH', `/api/admin/listings/${id}/trust`, { featured: true }, viewer.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await ctx.t.app.inject({ method: 'PATCH', url: `/api/admin/listings/${id}/trust`, payload: {} })).statusCode,
    ).toBe(401);
  });

  it('returns listings by ids fresh, sold and expired ones marked, hidden and deleted ones left out', async () => {
    const shown = await insertListing(ctx.t.db, { category: 'product', title: 'Saved lamp' });
    const sold = await insertListing(ctx.t.db, { category: 'product', title: 'Saved chair' });
    const hidden = await insertListing(ctx.t.db, { category: 'product', title: 'Hidden desk', is_active: false });
    await trust(sold, { availability: 'sold' });
    const gone = '00000000-0000-4000-8000-000000000001';
    const response = await ctx.t.app.inject({
      url: `/api/listings/by-ids?ids=${[shown, sold, hidden, gone].join(',')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const items = response.json<{ items: PublicListing[] }>().items;
    expect(Object.fromEntries(items.map((l) => [l.title, l.availability]))).toEqual({
      'Saved lamp': 'active',
      'Saved chair': 'sold',
    });

    for (const ids of [
      '',
      'not-an-id',
      Array.from({ length: 51 }, () => shown)
        .map((id, i) => id.slice(0, -2) + String(i).padStart(2, '0'))
        .join(','),
    ]) {
      const bad = await ctx.t.app.inject({ url: `/api/listings/by-ids?ids=${ids}` });
      expect(bad.statusCode, ids.slice(0, 40)).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
    expect((await ctx.t.app.inject({ url: '/api/listings/by-ids' })).statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/audit';
import { insertListing } from '../support/listings';
import { appWithAdmin, signedInAs } from '../support/staff';
import { testDatabaseKind } from '../support/test-database';

const today = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

describe(`prices in the visitor's currency (${testDatabaseKind()})`, () => {
  let ctx: Awaited<ReturnType<typeof appWithAdmin>>;
  beforeAll(async () => {
    ctx = await appWithAdmin();
    await insertListing(ctx.t.db, { category: 'property', title: 'Family house in Karen', price: 2_400_000 });
  });
  afterAll(() => ctx.t.close());

  const rates = async () => (await ctx.t.app.inject({ url: '/api/exchange-rates' })).json().rates;
  const putRates = (payload: object, cookie?: string) => ctx.call('PUT', '/api/admin/exchange-rates', payload, cookie);

  it('admins enter rates with their day; the public API gives them; null removes one; the audit log records it', async () => {
    expect(await rates()).toEqual({});
    const saved = await putRates({ setOn: '2026-11-21', rates: { GBP: 164.5, USD: 129.3, SEK: 12.1 } });
    expect(saved.statusCode).toBe(200);
    expect(await rates()).toEqual({
      GBP: { kesPerUnit: 164.5, setOn: '2026-11-21' },
      USD: { kesPerUnit: 129.3, setOn: '2026-11-21' },
      SEK: { kesPerUnit: 12.1, setOn: '2026-11-21' },
    });
    expect((await putRates({ setOn: today(), rates: { GBP: 165, USD: 129.3, SEK: null } })).statusCode).toBe(200);
    expect(await rates()).toEqual({
      GBP: { kesPerUnit: 165, setOn: today() },
      USD: { kesPerUnit: 129.3, setOn: today() },
    });
    const audit = await ctx.call('GET', '/api/admin/audit?action=settings.rates&limit=5');
    const [latest] = audit.json<{ items: AuditEntry[] }>().items;
    expect(latest).toMatchObject({
      actorUsername: ctx.adminName,
      changes: {
        GBP: { from: { kesPerUnit: 164.5, setOn: '2026-11-21' }, to: { kesPerUnit: 165, setOn: today() } },
        SEK: { from: { kesPerUnit: 12.1, setOn: '2026-11-21' }, to: null },
      },
    });
  });

  it('refuses bad rates and dates with a message naming the field, and changes nothing', async () => {
    const before = await rates();
    for (const [payload, field] of [
      [{ setOn: today(), rates: { GBP: 0 } }, 'rates.GBP'],
      [{ setOn: today(), rates: { GBP: -3 } }, 'rates.GBP'],
      [{ setOn: today(), rates: { GBP: '164.5' } }, 'rates.GBP'],
      [{ setOn: today(), rates: { GBP: 1.1234567 } }, 'rates.GBP'],
      [{ setOn: today(), rates: { GBP: 10_000_000 } }, 'rates.GBP'],
      [{ setOn: today(), rates: { XYZ: 3 } }, 'rates'],
      [{ setOn: today(), rates: { KES: 1 } }, 'rates'],
      [{ setOn: '2026-02-30', rates: { GBP: 160 } }, 'setOn'],
      [{ setOn: 'yesterday', rates: { GBP: 160 } }, 'setOn'],
      [{ setOn: '2999-01-01', rates: { GBP: 160 } }, 'setOn'],
      [{ rates: { GBP: 160 } }, 'setOn'],
      [{ setOn: today() }, 'rates'],
    ] as const) {
      const response = await putRates(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(body.message).toBeTruthy();
      expect(Object.keys(body.fields ?? {}).join(','), JSON.stringify(payload)).toContain(field);
    }
    expect(await rates()).toEqual(before);
  });

  it('only admins change the rates', async () => {
    const editor = await signedInAs(ctx.t, 'editor');
    expect((await putRates({ setOn: today(), rates: { GBP: 1 } }, editor.cookie)).statusCode).toBe(403);
    const anonymous = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rates',
      payload: { setOn: today(), rates: {} },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the Currency form remembers a choice in a cookie and comes back; bad input is a 400', async () => {
    const chosen = await ctx.t.app.inject({ url: '/currency?code=GBP&back=%2Freal-estate%3Fpage%3D2' });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/real-estate?page=2');
    expect(chosen.cookies.find((c) => c.name === 'currency')).toMatchObject({
      value: 'GBP',
      path: '/',
      sameSite: 'Lax',
    });
    // A path with letters outside ASCII goes back encoded (Node refuses them raw in a header).
    const euro = await ctx.t.app.inject({ url: '/currency?code=EUR&back=%2Fblog%3Fq%3D%E2%82%AC' });
    expect(euro.statusCode).toBe(303);
    expect(euro.headers.location).toBe('/blog?q=%E2%82%AC');
    const unknown = 'Choose one of the currencies in the list';
    const elsewhere = 'That page is not on this site';
    for (const [url, message] of [
      ['/currency?code=XYZ', unknown],
      ['/currency?code=gbp', unknown],
      ['/currency', unknown],
      ['/currency?code=GBP&back=%2F%2Fevil.example', elsewhere],
      ['/currency?code=GBP&back=https%3A%2F%2Fevil.example', elsewhere],
      ['/currency?code=GBP&back=%2F%5Cevil.example', elsewhere],
      // Control characters would make the Location header itself invalid (a 500 before).
      ['/currency?code=GBP&back=%2F%01x', elsewhere],
      ['/currency?code=GBP&back=%2F%7Fx', elsewhere],
      ['/currency?code=GBP&back=%2F%0D%0ASet-Cookie%3Ax', elsewhere],
    ]) {
      // A page request: the short error page says what is wrong.
      const refused = await ctx.t.app.inject({ url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.headers['set-cookie'], url).toBeUndefined();
      expect(refused.body, url).toContain(message);
    }
  });

  it('pages are rendered in the chosen currency, or the one the browser language suggests', async () => {
    await putRates({ setOn: '2026-11-21', rates: { GBP: 164.5, USD: 129.3 } });
    const page = (headers: Record<string, string>) => ctx.t.app.inject({ url: '/real-estate', headers });

    const pounds = (await page({ cookie: 'currency=GBP' })).body;
    expect(pounds).toContain('data-currency="GBP"');
    expect(pounds).toContain('≈ £14,600');
    expect(pounds).toContain('rate of 21 November 2026');

    expect((await page({ 'accept-language': 'en-US,en;q=0.9' })).body).toContain('≈ US$18,600');
    // A chosen currency wins over the browser's languages.
    expect((await page({ 'accept-language': 'en-US', cookie: 'currency=GBP' })).body).toContain('≈ £14,600');
    // No rate for kronor: the converted amount is hidden, never wrong.
    const kronor = (await page({ 'accept-language': 'sv-SE,sv;q=0.9' })).body;
    expect(kronor).toContain('data-currency="SEK"');
    expect(kronor).not.toContain('≈');
    const shillings = (await page({})).body;
    expect(shillings).toContain('data-currency="KES"');
    expect(shillings).not.toContain('≈');
  });

  it('pages read the rates once, until an admin changes them', async () => {
    await putRates({ setOn: '2026-11-21', rates: { GBP: 164.5, USD: 129.3 } });
    const { db } = ctx.t;
    const query = db.query;
    let reads = 0;
    db.query = ((sql: string, params?: unknown[]) => {
      if (/FROM exchange_rates/i.test(sql)) reads += 1;
      return query.call(db, sql, params);
    }) as typeof query;
    try {
      const page = async (url: string) => (await ctx.t.app.inject({ url, headers: { cookie: 'currency=GBP' } })).body;
      for (const url of ['/real-estate?rates=1', '/real-estate?rates=2', '/', '/about']) await page(url);
      expect(reads).toBe(1);
      await putRates({ setOn: '2026-11-21', rates: { GBP: 200, USD: 129.3 } });
      expect(await page('/real-estate?rates=3')).toContain('≈ £12,000');
      expect(reads).toBe(2);
    } finally {
      db.query = query;
    }
  });

  it('a currency without a rate says so on every page, in the page language, instead of silently showing Ksh', async () => {
    await putRates({ setOn: '2026-11-21', rates: { GBP: 164.5, USD: 129.3 } });
    const page = async (url: string, cookie: string) => (await ctx.t.app.inject({ url, headers: { cookie } })).body;
    for (const url of ['/real-estate', '/about', '/']) {
      expect(await page(url, 'currency=SEK'), url).toContain('Rates for SEK are not set yet');
      expect(await page(url, 'currency=GBP'), url).not.toContain('are not set yet');
      expect(await page(url, 'currency=KES'), url).not.toContain('are not set yet');
    }
    expect(await page('/about?lang=so', 'currency=SEK')).toContain('Sicirka SEK weli lama gelin');
    await putRates({ setOn: '2026-11-21', rates: { USD: 129.3 } });
    expect(await page('/contact', 'currency=GBP')).toContain('Rates for £ are not set yet');
  });

  it('the admin overview counts the currencies without a rate and how old the oldest rate is', async () => {
    const stats = async () => (await ctx.call('GET', '/api/admin/stats')).json();
    await putRates({ setOn: today(), rates: { GBP: 164.5, USD: 129.3 } });
    expect(await stats()).toMatchObject({
      rates: { missing: ['EUR', 'SEK', 'NOK', 'CAD', 'AED'], oldestSetOn: today(), ageDays: 0 },
    });
    await putRates({
      setOn: '2026-11-01',
      rates: { GBP: 164.5, USD: 129.3, EUR: 150, SEK: 13, NOK: 12, CAD: 92, AED: 35 },
    });
    const { rates } = await stats();
    expect(rates.missing).toEqual([]);
    expect(rates.oldestSetOn).toBe('2026-11-01');
    expect(rates.ageDays).toBeGreaterThan(7);
    await putRates({ setOn: today(), rates: {} });
    expect((await stats()).rates).toEqual({
      missing: ['USD', 'GBP', 'EUR', 'SEK', 'NOK', 'CAD', 'AED'],
      oldestSetOn: null,
      ageDays: null,
    });
  });
});

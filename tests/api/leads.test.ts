import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/server/db/database';
import { FLUSH_SQL, LEAD_EVENTS_PER_ADDRESS_PER_DAY, leadsRepository } from '../../src/server/modules/leads/repository';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe(`leads (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let ip = 0;
  const nextAddress = () => `10.7.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
  const newListing = async (category = 'product', active = true) => {
    const fields =
      category === 'property'
        ? `('property', 'land', 'Plot', 'Nice', 100, '0712345678', 'Karen', 'sale', $1)`
        : `('product', 'phones', 'Phone', 'Nice', 100, '0712345678', NULL, NULL, $1)`;
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number, location, listing_type, is_active)
       VALUES ${fields} RETURNING id`,
      [active],
    );
    return rows[0]?.id as string;
  };
  const send = (
    payload: unknown,
    { agent = CHROME, address = nextAddress(), type = 'text/plain;charset=UTF-8' } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': type, ...(agent ? { 'user-agent': agent } : {}) },
      remoteAddress: address,
    });
  const counts = async (listingId: string) => {
    await t.app.leads.flush();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/leads/listings?ids=${listingId}`,
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json()[listingId];
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t, 'admin')).cookie;
  }, 180_000);
  afterAll(() => t.close());

  it('takes every kind of event as the beacon sends it (text/plain JSON) or as JSON, with 204', async () => {
    const id = await newListing();
    for (const kind of ['view', 'whatsapp', 'phone', 'share']) {
      expect((await send({ listingId: id, kind })).statusCode).toBe(204);
    }
    expect((await send({ listingId: id, kind: 'view' }, { type: 'application/json' })).statusCode).toBe(204);
    expect(await counts(id)).toEqual({ views: 2, whatsapp: 1, phone: 1, share: 1, inquiries: 0 });
  });

  it('counts two different visitors as 2 and a repeat by the same visitor on the same day as 1', async () => {
    const id = await newListing();
    const address = nextAddress();
    expect((await send({ listingId: id, kind: 'whatsapp' }, { address, agent: CHROME })).statusCode).toBe(204);
    expect((await send({ listingId: id, kind: 'whatsapp' }, { address, agent: CHROME })).statusCode).toBe(204);
    expect((await counts(id)).whatsapp).toBe(1);
    // Another address: another visitor.
    await send({ listingId: id, kind: 'whatsapp' }, { agent: FIREFOX });
    expect((await counts(id)).whatsapp).toBe(2);
    // A repeat after a flush is still the same visitor.
    await send({ listingId: id, kind: 'whatsapp' }, { address, agent: CHROME });
    expect((await counts(id)).whatsapp).toBe(2);
  });

  it('counts one address once per listing and day whatever browser it names (100 User-Agents give 1, not 100)', async () => {
    const id = await newListing();
    const address = nextAddress();
    for (let i = 0; i < 100; i++) {
      const agent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.0 Safari/537.36`;
      expect((await send({ listingId: id, kind: 'whatsapp' }, { address, agent })).statusCode).toBe(204);
    }
    const { whatsapp } = await counts(id);
    console.log(`100 User-Agents from one address: WhatsApp count ${whatsapp}`);
    expect(whatsapp).toBe(1);
  });

  it('counts an IPv6 client by its /64: addresses it rotates through are one visitor', async () => {
    const id = await newListing();
    for (const address of ['2001:db8:5:1::1', '2001:db8:5:1::2', '2001:db8:5:1:abcd:ef01:2345:6789']) {
      expect((await send({ listingId: id, kind: 'whatsapp' }, { address })).statusCode).toBe(204);
    }
    expect((await counts(id)).whatsapp).toBe(1);
    await send({ listingId: id, kind: 'whatsapp' }, { address: '2001:db8:5:2::1' });
    expect((await counts(id)).whatsapp).toBe(2);
  });

  it("refuses an event another site's page sends (Sec-Fetch-Site, Origin), and counts nothing for it", async () => {
    const id = await newListing();
    const beacon = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload: JSON.stringify({ listingId: id, kind: 'whatsapp' }),
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
        remoteAddress: nextAddress(),
      });
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' } as Record<string, string>,
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ]) {
      const refused = await beacon(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().message).toBe('This can only be sent from this site.');
    }
    expect((await counts(id)).whatsapp).toBe(0);
    // This site's own page, and a client that says nothing of where it is.
    expect((await beacon({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
    expect((await beacon({})).statusCode).toBe(204);
    expect((await counts(id)).whatsapp).toBe(2);
  });

  it('keeps at most 300 new events per address a day, over every listing, however they are batched', async () => {
    const repo = leadsRepository(t.db);
    const listings = await Promise.all(Array.from({ length: 80 }, () => newListing()));
    const day = new Date().toISOString().slice(0, 10);
    const visitor = String(BigInt.asIntN(64, BigInt(Date.now()) * 7919n));
    const events = listings.flatMap((listingId) =>
      (['view', 'whatsapp', 'phone', 'share'] as const).map((kind) => ({ day, listingId, kind, visitor })),
    );
    expect(events).toHaveLength(320);
    expect(await repo.store(events.slice(0, 150))).toBe(150);
    // A repeat of stored events does not use the allowance.
    expect(await repo.store(events.slice(0, 150))).toBe(0);
    expect(await repo.store(events.slice(150))).toBe(150);
    expect(await repo.store(events.slice(300))).toBe(0);
    // Another address is not held back.
    expect(await repo.store([{ ...(events[0] as (typeof events)[number]), visitor: '12345' }])).toBe(1);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lead_events WHERE visitor = $1 AND day = $2',
      [visitor, day],
    );
    expect(rows[0]?.n).toBe(300);
  });

  it('flags a listing whose count jumped far above its usual in Analytics, not one busy as usual', async () => {
    // Phone taps: the other tests here rank WhatsApp taps.
    const jumped = await newListing();
    for (let i = 0; i < 25; i++) await send({ listingId: jumped, kind: 'phone' });
    // A listing shared by 10 visitors every day and by 30 today is busy, not suspicious; one
    // with 19 on a day stays under the floor of 20.
    const steady = await newListing();
    const quiet = await newListing();
    const spiked = await newListing();
    await t.db.query(
      `INSERT INTO lead_daily (day, listing_id, kind, visitors)
       SELECT current_date - n, $1::uuid, 'share', 10 FROM generate_series(1, 28) n
       UNION ALL SELECT current_date, $1::uuid, 'share', 30
       UNION ALL SELECT current_date - 3, $2::uuid, 'share', 19
       UNION ALL SELECT current_date - n, $3::uuid, 'share', 2 FROM generate_series(2, 29) n
       UNION ALL SELECT current_date - 1, $3::uuid, 'share', 40`,
      [steady, quiet, spiked],
    );
    await t.app.leads.flush();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/leads?range=30d',
      headers: { cookie: admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const jumps = response.json().jumps as { id: string }[];
    expect(jumps).toContainEqual({
      day: new Date().toISOString().slice(0, 10),
      id: jumped,
      title: 'Phone',
      category: 'product',
      path: `/marketplace/${jumped}`,
      kind: 'phone',
      visitors: 25,
      usual: 0,
    });
    expect(jumps).toContainEqual(expect.objectContaining({ id: spiked, kind: 'share', visitors: 40, usual: 2 }));
    expect(jumps.map((jump) => jump.id)).not.toContain(steady);
    expect(jumps.map((jump) => jump.id)).not.toContain(quiet);
  });

  it('leaves out known bots, headless browsers and requests without a browser name', async () => {
    const id = await newListing();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      'facebookexternalhit/1.1',
      '',
    ]) {
      expect((await send({ listingId: id, kind: 'view' }, { agent })).statusCode).toBe(204);
    }
    expect((await counts(id)).views).toBe(0);
  });

  it.each([
    ['an unknown kind', { kind: 'click' }, 400],
    ['a malformed id', { listingId: 'x' }, 400],
    ['an extra field', { extra: 1 }, 400],
    ['a listing that does not exist', { listingId: '00000000-0000-4000-8000-000000000000' }, 404],
  ])('refuses %s', async (_case, change, status) => {
    const id = await newListing();
    expect((await send({ listingId: id, kind: 'view', ...change })).statusCode).toBe(status);
  });

  it('refuses an inactive listing, broken JSON, a missing body and an oversized one, never with a 5xx', async () => {
    const inactive = await newListing('product', false);
    expect((await send({ listingId: inactive, kind: 'view' })).statusCode).toBe(404);
    expect((await send('{"listingId":')).statusCode).toBe(400);
    expect((await send('{"listingId":', { type: 'application/json' })).statusCode).toBe(400);
    expect((await send('')).statusCode).toBe(400);
    expect((await send('x'.repeat(2000))).statusCode).toBe(413);
  });

  it('limits each client to 120 events a minute (429), others unaffected', async () => {
    const id = await newListing();
    const address = nextAddress();
    for (let i = 0; i < 120; i++) {
      const response = await send({ listingId: id, kind: 'view' }, { address });
      expect(response.statusCode).toBe(204);
    }
    expect((await send({ listingId: id, kind: 'view' }, { address })).statusCode).toBe(429);
    expect((await send({ listingId: id, kind: 'view' })).statusCode).toBe(204);
  });

  it('counts the view of a page the server renders, once, and not for a HEAD or a bot', async () => {
    const id = await newListing();
    const page = (method: 'GET' | 'HEAD', agent = CHROME) =>
      t.app.inject({ method, url: `/marketplace/${id}`, headers: { 'user-agent': agent }, remoteAddress: '10.8.0.1' });
    await page('GET');
    await page('HEAD');
    await page('GET', 'Googlebot/2.1');
    expect((await counts(id)).views).toBe(1);
  });

  it('checks that a viewed listing is shown with the read its page makes, not a second one', async () => {
    const id = await newListing();
    // As a staff change would: the listings read before this one was added are forgotten.
    t.app.listingsService.invalidate();
    const { db } = t;
    const query = db.query;
    let reads = 0;
    db.query = ((sql: string, params?: unknown[]) => {
      if (/FROM listings WHERE id = \$1/i.test(sql) && params?.[0] === id) reads += 1;
      return query.call(db, sql, params);
    }) as typeof query;
    try {
      const page = await t.app.inject({
        url: `/marketplace/${id}`,
        headers: { 'user-agent': CHROME },
        remoteAddress: '10.8.0.2',
      });
      expect(page.statusCode).toBe(200);
      expect((await counts(id)).views).toBe(1);
      expect(reads).toBe(1);
    } finally {
      db.query = query;
    }
  });

  it('counts the view of every visitor of a listing page, also when the page cache answers it', async () => {
    const cached = await createTestApp({ pageCacheSeconds: 3600, publicUrl: 'https://example.test' });
    try {
      const { rows } = await cached.db.query<{ id: string }>(
        `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
         VALUES ('product', 'phones', 'Phone', 'Nice', 100, '0712345678') RETURNING id`,
      );
      const id = rows[0]?.id as string;
      for (const address of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) {
        const page = await cached.app.inject({
          url: `/marketplace/${id}`,
          headers: { 'user-agent': CHROME },
          remoteAddress: address,
        });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('name="sdh-view-counted"');
      }
      await cached.app.leads.flush();
      const { rows: views } = await cached.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM lead_events WHERE listing_id = $1 AND kind = 'view'",
        [id],
      );
      expect(views[0]?.n).toBe(3);
    } finally {
      await cached.close();
    }
  });

  it("keeps one salt per day and deletes the older ones, so yesterday's visitors cannot be recomputed", async () => {
    await t.db.query("INSERT INTO lead_salts (day, salt) VALUES (current_date - 1, 'old') ON CONFLICT DO NOTHING");
    // A new day's first event makes that day's salt and drops the others.
    await t.db.query('DELETE FROM lead_salts WHERE day = current_date');
    const { leadsRepository } = await import('../../src/server/modules/leads/repository');
    const today = new Date().toISOString().slice(0, 10);
    const salt = await leadsRepository(t.db).saltOf(today, 'fresh-salt');
    expect(salt).toBe('fresh-salt');
    expect(await leadsRepository(t.db).saltOf(today, 'another')).toBe('fresh-salt');
    const { rows } = await t.db.query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM lead_salts");
    expect(rows).toEqual([{ day: today }]);
  });

  it('rolls events up per listing and per category, and counts inquiries sent from a listing', async () => {
    const phone = await newListing('product');
    const plot = await newListing('property');
    for (let i = 0; i < 3; i++) await send({ listingId: plot, kind: 'whatsapp' });
    await send({ listingId: phone, kind: 'whatsapp' });
    await send({ listingId: plot, kind: 'view' });
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: {
        name: 'Amina',
        email: 'amina@example.com',
        subject: 'The plot',
        message: 'Is the plot still for sale?',
        listingId: plot,
      },
      remoteAddress: nextAddress(),
    });
    expect(inquiry.statusCode).toBe(201);
    // A bad listing id in a message never costs the visitor the message.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { name: 'B', email: 'b@example.com', subject: 'S', message: 'Hello there, a question', listingId: 'x' },
      remoteAddress: nextAddress(),
    });
    expect(stale.statusCode).toBe(201);
    expect(await counts(plot)).toEqual({ views: 1, whatsapp: 3, phone: 0, share: 0, inquiries: 1 });

    const { rows } = await t.db.query<{ visitors: number }>(
      "SELECT visitors FROM lead_daily WHERE listing_id = $1 AND kind = 'whatsapp'",
      [plot],
    );
    expect(rows).toEqual([{ visitors: 3 }]);
    const yearly = await t.db.query<{ visitors: number }>(
      "SELECT visitors FROM lead_yearly WHERE listing_id = $1 AND kind = 'whatsapp' AND year = extract(year FROM current_date)",
      [plot],
    );
    expect(yearly.rows).toEqual([{ visitors: 3 }]);

    const analytics = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/leads?range=30d',
      headers: { cookie: admin },
    });
    expect(analytics.statusCode, analytics.body).toBe(200);
    const body = analytics.json();
    expect(body.days).toHaveLength(31);
    const today = body.days.at(-1);
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.whatsapp).toBeGreaterThanOrEqual(4);
    expect(today.inquiries).toBeGreaterThanOrEqual(2);
    expect(body.top[0]).toMatchObject({ id: plot, whatsapp: 3, path: `/real-estate/${plot}` });
    const property = body.categories.find((c: { category: string }) => c.category === 'property');
    expect(property).toMatchObject({ whatsapp: 3, views: 1, inquiries: 1 });
  });

  it('a flush looks up only the listings of its events, not the whole catalogue', async () => {
    const read = await rolledBack(t.db, async (tx) => {
      await tx.query(
        `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
         SELECT 'product', 'phones', 'Phone ' || g, 'Nice', 100, '0712345678' FROM generate_series(1, 3000) AS g`,
      );
      await tx.query('ANALYZE listings');
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM listings ORDER BY random() LIMIT 500');
      const day = new Date().toISOString().slice(0, 10);
      const plan = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${FLUSH_SQL}`, [
        rows.map(() => day),
        rows.map((row) => row.id),
        rows.map(() => 'view'),
        rows.map((_, i) => String(i + 1)),
        LEAD_EVENTS_PER_ADDRESS_PER_DAY,
      ]);
      return rowsRead(plan.rows[0]?.['QUERY PLAN'], 'listings');
    });
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(500);
  });

  describe('the top listings by WhatsApp taps over 30 or 90 days', () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const range = (days: number) => ({ from: day(days), to: day(-1) });
    /** The top 10 as the ranking was first written: every listing tapped in the range summed. */
    const everyListingSummed = (db: Queryable, from: string, to: string) =>
      db.query<{ listing_id: string; n: number }>(
        `SELECT l.id AS listing_id, t.n FROM (
           SELECT listing_id, sum(visitors)::int AS n FROM lead_daily
           WHERE kind = 'whatsapp' AND day >= $1::date AND day < $2::date
           GROUP BY listing_id ORDER BY n DESC, listing_id LIMIT 10
         ) t JOIN listings l ON l.id = t.listing_id ORDER BY t.n DESC, l.created_at DESC`,
        [from, to],
      );
    /** The 11th and 12th sums, to show ties around the tenth place. */
    const nextTwo = (db: Queryable, from: string, to: string) =>
      db.query<{ n: number }>(
        `SELECT sum(visitors)::int AS n FROM lead_daily WHERE kind = 'whatsapp' AND day >= $1::date AND day < $2::date
         GROUP BY listing_id ORDER BY n DESC OFFSET 10 LIMIT 2`,
        [from, to],
      );
    /**
     * 2,000 listings tapped now and then over 120 days (one visitor a day, as most are) and
     * 30 busy ones, several tied; their yearly roll-up as the flush keeps it.
     */
    const seed = async (tx: Queryable) => {
      await tx.query(
        `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
         SELECT 'product', 'phones', 'Phone ' || g, 'Nice', 100, '0712345678' FROM generate_series(1, 2030) AS g`,
      );
      await tx.query(
        `WITH l AS (SELECT id, row_number() OVER (ORDER BY id) AS i FROM listings WHERE title LIKE 'Phone %')
         INSERT INTO lead_daily (day, listing_id, kind, visitors)
         SELECT current_date - d, l.id, 'whatsapp', CASE WHEN l.i <= 30 THEN 1 + (l.i % 7) + (d % 3) ELSE 1 END
         FROM l, generate_series(0, 119) AS d
         WHERE l.i <= 30 OR (l.i * 7 + d) % 4 = 0`,
      );
      await tx.query(
        `INSERT INTO lead_yearly (year, listing_id, kind, visitors)
         SELECT extract(year FROM day), listing_id, kind, sum(visitors) FROM lead_daily GROUP BY 1, 2, 3
         ON CONFLICT (year, listing_id, kind) DO UPDATE SET visitors = excluded.visitors`,
      );
      await tx.query('ANALYZE lead_daily');
      await tx.query('ANALYZE lead_yearly');
    };

    it.each([30, 90])('are the same as summing every listing (%i days), ties included', async (days) => {
      const { from, to } = range(days);
      const [top, all, next] = await rolledBack(t.db, async (tx) => {
        await seed(tx);
        return [
          await leadsRepository(tx).topByWhatsApp(from, to),
          (await everyListingSummed(tx, from, to)).rows,
          (await nextTwo(tx, from, to)).rows,
        ] as const;
      });
      expect(all).toHaveLength(10);
      expect(top.map((row) => ({ listing_id: row.id, n: row.whatsapp }))).toEqual(all);
      // The tenth place is tied with listings left out: the same ones are left out.
      expect(next[0]?.n).toBe(all[9]?.n);
    });

    it('sum the days of only the listings that can rank, not of every listing tapped in the range', async () => {
      const { from, to } = range(90);
      const { rows, inRange } = await rolledBack(t.db, async (tx) => {
        await seed(tx);
        const counting = countingReads(tx, 'lead_daily');
        await leadsRepository(counting.db).topByWhatsApp(from, to);
        const { rows } = await tx.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM lead_daily WHERE kind = 'whatsapp' AND day >= $1::date AND day < $2::date",
          [from, to],
        );
        return { rows: counting.counted.rows, inRange: rows[0]?.n ?? 0 };
      });
      expect(inRange).toBeGreaterThan(40_000);
      expect(rows).toBeLessThan(inRange / 4);
    });

    it('still rank exactly when the yearly roll-up points elsewhere or says nothing', async () => {
      const { from, to } = range(30);
      const [top, all] = await rolledBack(t.db, async (tx) => {
        await seed(tx);
        // The year's busiest listings are quiet in these 30 days.
        await tx.query(
          `UPDATE lead_yearly SET visitors = visitors + 100000 WHERE listing_id IN
             (SELECT listing_id FROM lead_daily WHERE visitors = 1 ORDER BY listing_id LIMIT 20)`,
        );
        const first = await leadsRepository(tx).topByWhatsApp(from, to);
        await tx.query('DELETE FROM lead_yearly');
        return [
          [first, await leadsRepository(tx).topByWhatsApp(from, to)],
          (await everyListingSummed(tx, from, to)).rows,
        ];
      });
      for (const ranked of top) {
        expect(ranked.map((row) => ({ listing_id: row.id, n: row.whatsapp }))).toEqual(all);
      }
    });
  });

  it('reads figures of past days from the roll-ups, within the range asked', async () => {
    const id = await newListing();
    await t.db.query(
      `INSERT INTO lead_daily (day, listing_id, kind, visitors) VALUES
         (current_date - 45, $1, 'whatsapp', 50), (current_date - 10, $1, 'whatsapp', 7)`,
      [id],
    );
    await t.db.query(
      `INSERT INTO lead_daily_category (day, category, kind, visitors) VALUES
         (current_date - 45, 'visa', 'view', 500), (current_date - 10, 'visa', 'view', 70)`,
    );
    const get = async (range: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/analytics/leads?range=${range}`,
          headers: { cookie: admin },
        })
      ).json();
    const d30 = await get('30d');
    const d90 = await get('90d');
    expect(d30.top.find((l: { id: string }) => l.id === id).whatsapp).toBe(7);
    expect(d90.top[0]).toMatchObject({ id, whatsapp: 57 });
    expect(d30.categories.find((c: { category: string }) => c.category === 'visa').views).toBe(70);
    expect(d90.categories.find((c: { category: string }) => c.category === 'visa').views).toBe(570);
    expect(d90.days).toHaveLength(91);
    // The year so far is read from the yearly roll-up.
    const popular = await newListing();
    await t.db.query(
      `INSERT INTO lead_yearly (year, listing_id, kind, visitors)
       VALUES (extract(year FROM current_date), $1, 'whatsapp', 900), (extract(year FROM current_date) - 1, $2, 'whatsapp', 5000)`,
      [popular, id],
    );
    expect((await get('year')).top[0]).toMatchObject({ id: popular, whatsapp: 900 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/analytics/leads?range=week', headers: { cookie: admin } }))
        .statusCode,
    ).toBe(400);
  });

  it('the CSV export carries each listing’s views, WhatsApp taps, phone taps, shares and inquiries', async () => {
    const id = await newListing();
    await send({ listingId: id, kind: 'whatsapp' });
    await t.app.leads.flush();
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/export?range=30d',
      headers: { cookie: admin },
    });
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'id,category,subcategory,title,price,location,whatsapp_number,is_active,created_at,views,whatsapp_taps,phone_taps,shares,inquiries',
    );
    const row = lines.find((line) => line.startsWith(id));
    expect(row?.split(',').slice(-5)).toEqual(['0', '1', '0', '0', '0']);
  });

  it('refuses a bad list of ids for the staff figures', async () => {
    for (const query of ['ids=nope', `ids=${Array.from({ length: 101 }, () => crypto.randomUUID()).join(',')}`, '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/leads/listings?${query}`,
        headers: { cookie: admin },
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

/** Rows an EXPLAIN (ANALYZE, FORMAT JSON) plan read from `table` (kept or filtered out), over every loop. */
function rowsRead(explained: unknown, table: string): number {
  const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as { Plan: PlanNode }[];
  type PlanNode = {
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    Plans?: PlanNode[];
  };
  const walk = (node: PlanNode): number =>
    (node['Relation Name'] === table
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      : 0) + (node.Plans ?? []).reduce((sum, child) => sum + walk(child), 0);
  return plan.reduce((sum, entry) => sum + walk(entry.Plan), 0);
}

/** `db`, also counting the rows every statement reads from `table` (each is explained first). */
function countingReads(db: Queryable, table: string) {
  const counted = { rows: 0 };
  const counting: Queryable = {
    async query(sql, params) {
      const plan = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      counted.rows += rowsRead(plan.rows[0]?.['QUERY PLAN'], table);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  return { db: counting, counted };
}

/** Runs `fn` in a transaction that is always rolled back; resolves to what `fn` returned. */
async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const undo = new Error('rolled back');
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await fn(tx);
      throw undo;
    })
    .catch((error) => {
      if (error !== undo) throw error;
    });
  return result as T;
}

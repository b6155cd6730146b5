import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../src/server/modules/site-settings/defaults';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(html)?.[1] ?? '';

describe(`privacy (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
    admin = (await signedInAs(t, 'admin')).cookie;
    editor = (await signedInAs(t, 'editor')).cookie;
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const send = (method: 'PUT' | 'POST', url: string, payload: unknown, cookie = admin) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });

  describe('the privacy page', () => {
    it('is served rendered in English and Somali, with the default text, the retention and its date', async () => {
      const english = await get('/privacy');
      expect(english.statusCode).toBe(200);
      const en = root(english.body);
      expect(en).toContain('<h1');
      expect(en).toContain('Privacy Policy');
      expect(en).toContain('Last updated 29 November 2026');
      expect(en).toContain('deleted automatically after <strong>24 months</strong>');
      for (const stored of [
        'Newsletter sign-ups',
        'Saved searches',
        'Listings you post',
        'Anonymous counts',
        'audit log',
      ]) {
        expect(en).toContain(stored);
      }
      expect(en).toContain('href="/contact"');
      const somali = root((await get('/privacy', { cookie: 'lang=so' })).body);
      expect(somali).toContain('Siyaasadda Sirta');
      expect(somali).toContain('La cusboonaysiiyay 29 Noofeembar 2026');
      expect(somali).toContain('<strong>24 bilood</strong>');
      const api = (await get('/api/privacy-policy?lang=so')).json();
      expect(api).toMatchObject({ language: 'so', updatedOn: '2026-11-29' });
      expect((await get('/api/privacy-policy?lang=xx')).json().language).toBe('en');
    });

    it('takes an admin’s Markdown, sanitised, dated today, and shows the retention set in Site settings', async () => {
      const refused = await send('PUT', '/api/admin/privacy-policy', { text: { en: 'x', so: 'y' } }, editor);
      expect(refused.statusCode).toBe(403);
      for (const bad of [
        { text: { en: '', so: 'y' } },
        { text: { en: 'x' } },
        { text: { en: 'x', so: 'y'.repeat(20_001) } },
        {},
      ]) {
        const answer = await send('PUT', '/api/admin/privacy-policy', bad);
        expect(answer.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      }
      const saved = await send('PUT', '/api/admin/privacy-policy', {
        text: {
          en: '## What we keep\n\nInquiries for {inquiryMonths} months. <script>alert(1)</script><a href="javascript:alert(1)">x</a>',
          so: '## Waxa aan hayno\n\nFariimaha {inquiryMonths} bilood.',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const today = saved.json().updatedOn;
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const settings = await send('PUT', '/api/admin/site-settings', {
        ...DEFAULT_SITE_SETTINGS,
        inquiryRetentionMonths: 6,
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const page = (await get('/api/privacy-policy?lang=en')).json();
      expect(page.updatedOn).toBe(today);
      expect(page.html).toContain('<h2>What we keep</h2>');
      expect(page.html).toContain('Inquiries for 6 months.');
      expect(page.html).not.toMatch(/script|javascript/);
      expect(root((await get('/privacy', { cookie: 'lang=so' })).body)).toContain('Fariimaha 6 bilood.');
      const staffView = await get('/api/admin/privacy-policy', { cookie: admin });
      expect(staffView.json()).toMatchObject({ isDefault: false, updatedOn: today });
      const { rows } = await t.db.query("SELECT 1 FROM audit_log WHERE entity_id = 'privacy'");
      expect(rows).toHaveLength(1);
    });

    it('refuses a retention that is not a whole number of months from 1 to 120', async () => {
      for (const months of [0, 121, 2.5, '12', null]) {
        const answer = await send('PUT', '/api/admin/site-settings', {
          ...DEFAULT_SITE_SETTINGS,
          inquiryRetentionMonths: months,
        });
        expect(answer.statusCode, String(months)).toBe(400);
      }
      const kept = await send('PUT', '/api/admin/site-settings', {
        ...DEFAULT_SITE_SETTINGS,
        inquiryRetentionMonths: 120,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().settings.inquiryRetentionMonths).toBe(120);
    });
  });

  describe('privacy requests', () => {
    /** Stores one of everything for `email` (in the letter case given), as visitors' forms would. */
    async function storeFor(email: string, label: string) {
      await t.db.query(`INSERT INTO inquiries (name, email, subject, message) VALUES ($1, $2, 'Hello', $3)`, [
        `Name ${label}`,
        email,
        `Message of ${label}`,
      ]);
      await t.db.query('INSERT INTO newsletter_subscribers (email) VALUES ($1)', [email]);
      await t.db.query(
        `INSERT INTO saved_searches (email, language, category, filters) VALUES ($1, 'en', 'product', $2::jsonb)`,
        [email, JSON.stringify({ q: label })],
      );
      const { rows } = await t.db.query<{ id: string }>(
        `INSERT INTO listings (category, subcategory, title, description, price, whatsapp_number)
         VALUES ('product', 'phones', $1, 'Nice', 100, '0712345678') RETURNING id`,
        [`Phone of ${label}`],
      );
      await t.db.query(
        `INSERT INTO listing_reports (listing_id, reason, note, contact, reporter) VALUES ($1, 'scam', $2, $3, 1)`,
        [rows[0]?.id, `Report by ${label}`, email],
      );
      // A listing they posted through "Post a listing".
      await t.db.query(
        `INSERT INTO listing_submissions (listing, seller_name, seller_email, language, confirm_token_hash, image_hashes)
         VALUES ($1::jsonb, $2, $3, 'en', $4, '{abc}')`,
        [JSON.stringify({ title: `Radio of ${label}` }), `Seller ${label}`, email, `hash-of-${label}`],
      );
      await t.db.query(
        `INSERT INTO mail_messages (key, recipient, language, subject, text_body, html_body) VALUES ($1, $2, 'en', 'Hi', 'x', 'x')`,
        [`test:${label}`, email],
      );
      // A staff notice of their inquiry: to a member, their text in it, replying to them.
      await t.db.query(
        `INSERT INTO mail_messages (key, recipient, language, subject, text_body, html_body, reply_to)
         VALUES ($1, 'staff@example.com', 'en', 'New inquiry', $2, 'x', $3)`,
        [`test:notice:${label}`, `Message of ${label}`, email],
      );
    }

    it('finds everything stored for an address, in any letter case, and nothing of another', async () => {
      await storeFor('Person.One@Example.com', 'one');
      await storeFor('person.two@example.com', 'two');
      const found = await send('POST', '/api/admin/privacy-requests/find', { email: ' person.one@example.COM ' });
      expect(found.statusCode, found.body).toBe(200);
      const data = found.json();
      expect(data.counts).toEqual({
        inquiries: 1,
        newsletter: 1,
        savedSearches: 1,
        reports: 1,
        submissions: 1,
        mail: 2,
      });
      expect(data.records.inquiries[0]).toMatchObject({ name: 'Name one', message: 'Message of one' });
      expect(data.records.savedSearches[0].filters).toEqual({ q: 'one' });
      expect(data.records.reports[0]).toMatchObject({ note: 'Report by one', contact: 'Person.One@Example.com' });
      expect(data.records.reports[0]).not.toHaveProperty('reporter');
      expect(data.records.submissions[0]).toMatchObject({
        seller_name: 'Seller one',
        listing: { title: 'Radio of one' },
      });
      expect(data.records.submissions[0]).not.toHaveProperty('confirm_token_hash');
      expect(JSON.stringify(data)).not.toContain('two');
      // Finding is not recorded; nothing personal is in the answer's headers.
      expect((await t.db.query("SELECT 1 FROM audit_log WHERE action LIKE 'privacy.%'")).rows).toEqual([]);
    });

    it('exports the same as a JSON download, recorded in the audit log with the address and counts only', async () => {
      const exported = await send('POST', '/api/admin/privacy-requests/export', { email: 'person.one@example.com' });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-type']).toMatch(/^application\/json/);
      expect(exported.headers['content-disposition']).toMatch(
        /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(exported.json().records.inquiries[0].message).toBe('Message of one');
      const { rows } = await t.db.query<{ entity_id: string; changes: unknown }>(
        "SELECT entity_id, changes FROM audit_log WHERE action = 'privacy.export'",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.entity_id).toBe('person.one@example.com');
      expect(JSON.stringify(rows[0]?.changes)).not.toContain('Message of one');
    });

    it('deletes everything for the address and nothing of another, recorded in the audit log', async () => {
      const deleted = await send('POST', '/api/admin/privacy-requests/delete', { email: 'PERSON.ONE@example.com' });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().deleted).toEqual({
        inquiries: 1,
        newsletter: 1,
        savedSearches: 1,
        reports: 1,
        submissions: 1,
        mail: 2,
      });
      const after = (
        await send('POST', '/api/admin/privacy-requests/find', { email: 'person.one@example.com' })
      ).json();
      expect(after.counts).toEqual({
        inquiries: 0,
        newsletter: 0,
        savedSearches: 0,
        reports: 0,
        submissions: 0,
        mail: 0,
      });
      // The report stays, about its listing, without the contact.
      const report = await t.db.query<{ contact: string }>(
        "SELECT contact FROM listing_reports WHERE note = 'Report by one'",
      );
      expect(report.rows).toEqual([{ contact: '' }]);
      const other = (
        await send('POST', '/api/admin/privacy-requests/find', { email: 'person.two@example.com' })
      ).json();
      expect(other.counts).toEqual({
        inquiries: 1,
        newsletter: 1,
        savedSearches: 1,
        reports: 1,
        submissions: 1,
        mail: 2,
      });
      const { rows } = await t.db.query<{ entity_id: string; changes: unknown }>(
        "SELECT entity_id, changes FROM audit_log WHERE action = 'privacy.delete'",
      );
      expect(rows).toEqual([
        {
          entity_id: 'PERSON.ONE@example.com',
          changes: { inquiries: 1, newsletter: 1, savedSearches: 1, reports: 1, submissions: 1, mail: 2 },
        },
      ]);
    });

    it('is for admins only, and refuses what is not an e-mail address', async () => {
      for (const action of ['find', 'export', 'delete']) {
        const url = `/api/admin/privacy-requests/${action}`;
        expect((await send('POST', url, { email: 'person.two@example.com' }, editor)).statusCode).toBe(403);
        expect(
          (await t.app.inject({ method: 'POST', url, payload: { email: 'person.two@example.com' } })).statusCode,
        ).toBe(401);
        for (const bad of [{ email: 'not-an-address' }, { email: '%' }, { email: '' }, {}, { email: ['a@b.co'] }]) {
          const answer = await send('POST', url, bad);
          expect(answer.statusCode, `${action} ${JSON.stringify(bad)}`).toBe(400);
        }
      }
      // A wildcard is not a pattern: nothing else was deleted.
      expect(
        (await send('POST', '/api/admin/privacy-requests/find', { email: 'person.two@example.com' })).json().counts
          .inquiries,
      ).toBe(1);
    });
  });

  describe('retention', () => {
    it('removes inquiries older than the months set, and saved searches and newsletter sign-ups unconfirmed for 7 days, once a day', async () => {
      expect(
        (await send('PUT', '/api/admin/site-settings', { ...DEFAULT_SITE_SETTINGS, inquiryRetentionMonths: 3 }))
          .statusCode,
      ).toBe(200);
      const inquiry = (label: string, age: string) =>
        t.db.query(
          `INSERT INTO inquiries (name, email, subject, message, created_at)
           VALUES ($1, 'kept@example.com', 'Old', 'x', now() - $2::interval)`,
          [label, age],
        );
      await inquiry('four months old', '4 months 1 day');
      await inquiry('two months old', '2 months');
      const search = (q: string, age: string, confirmed: boolean) =>
        t.db.query(
          `INSERT INTO saved_searches (email, language, category, filters, created_at, confirmed_at)
           VALUES ('kept@example.com', 'en', 'visa', $1::jsonb, now() - $2::interval, CASE WHEN $3 THEN now() END)`,
          [JSON.stringify({ q }), age, confirmed],
        );
      await search('unconfirmed eight days', '8 days', false);
      await search('unconfirmed six days', '6 days', false);
      await search('confirmed long ago', '30 days', true);
      const signUp = (email: string, age: string, confirmed: boolean, storedBefore = false) =>
        t.db.query(
          `INSERT INTO newsletter_subscribers (email, created_at, confirmed_at, needs_reconfirm)
           VALUES ($1, now() - $2::interval, CASE WHEN $3 THEN now() END, $4)`,
          [email, age, confirmed, storedBefore],
        );
      await signUp('late@example.com', '8 days', false);
      await signUp('recent@example.com', '6 days', false);
      await signUp('confirmed@example.com', '30 days', true);
      // Stored before double opt-in, asked once: kept.
      await signUp('earlier@example.com', '400 days', false, true);

      const day = new Date('2031-05-01T09:00:00Z');
      const removed = await t.app.runRetentionSweep(day);
      expect(removed).toMatchObject({ inquiries: 1, savedSearches: 1, newsletter: 1 });
      const subscribers = await t.db.query<{ email: string }>(`SELECT email FROM newsletter_subscribers
         WHERE email IN ('late@example.com', 'recent@example.com', 'confirmed@example.com', 'earlier@example.com')
         ORDER BY email`);
      expect(subscribers.rows.map((r) => r.email)).toEqual([
        'confirmed@example.com',
        'earlier@example.com',
        'recent@example.com',
      ]);
      const names = await t.db.query<{ name: string }>("SELECT name FROM inquiries WHERE subject = 'Old'");
      expect(names.rows.map((r) => r.name)).toEqual(['two months old']);
      const searches = await t.db.query<{ q: string }>(
        "SELECT filters ->> 'q' AS q FROM saved_searches WHERE email = 'kept@example.com' ORDER BY created_at",
      );
      expect(searches.rows.map((r) => r.q)).toEqual(['confirmed long ago', 'unconfirmed six days']);
      // The day is done: another run (another instance) that day does nothing; the next day runs.
      await inquiry('four months old again', '5 months');
      expect(await t.app.runRetentionSweep(new Date('2031-05-01T20:00:00Z'))).toBeNull();
      expect((await t.db.query("SELECT 1 FROM inquiries WHERE name = 'four months old again'")).rows).toHaveLength(1);
      expect(await t.app.runRetentionSweep(new Date('2031-05-02T09:00:00Z'))).toMatchObject({ inquiries: 1 });
      const runs = await t.db.query<{ inquiries: number }>(
        "SELECT inquiries FROM retention_sweeps WHERE day >= '2031-05-01' ORDER BY day",
      );
      expect(runs.rows).toEqual([{ inquiries: 1 }, { inquiries: 1 }]);
    });
  });
});

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
      for (const stored of ['Newsletter sign-ups', 'Saved searches', 'Anonymous counts', 'audit log']) {
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
    });
  });
});

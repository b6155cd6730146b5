// The safety page: served by the server in both languages, in the sitemap, linked from every listing page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { so } from '../../src/shared/i18n/so';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(html)?.[1] ?? '';
/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

describe(`the safety page (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
  }, 60_000);
  afterAll(() => t.close());
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each([
    ['en', en],
    ['so', so],
  ] as const)('explains scams and verification in %s, rendered by the server', async (lang, catalog) => {
    const response = await page(`/safety?lang=${lang}`);
    expect(response.statusCode).toBe(200);
    const body = root(response.body);
    const texts = catalog.pages.safety;
    for (const text of [texts.title, texts.scamsHeading, texts.verifiedHeading, ...Object.values(texts.scams)]) {
      expect(body).toContain(html(text));
    }
    expect(response.body).toContain(`<title>${html(texts.title)} | Somali Diaspora Hub</title>`);
  });

  it('has Somali texts of its own, not English copies', () => {
    for (const [key, text] of Object.entries(so.pages.safety.scams)) {
      expect(text, key).not.toBe(en.pages.safety.scams[key as keyof typeof en.pages.safety.scams]);
    }
  });

  it('is in the sitemap', async () => {
    const response = await page('/sitemap.xml');
    expect(response.body).toContain('<loc>https://example.test/safety</loc>');
  });

  it('is linked from the contact area of every listing page, sold ones included', async () => {
    for (const availability of ['active', 'sold'] as const) {
      const id = await insertListing(t.db, { category: 'product', title: `Safe ${availability}`, availability });
      const body = root((await page(`/marketplace/${id}`)).body);
      expect(body, availability).toMatch(/<a[^>]+href="\/safety"[^>]*>Buying from abroad\? How to stay safe →<\/a>/);
    }
  });
});

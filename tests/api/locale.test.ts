import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { so } from '../../src/shared/i18n/so';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const htmlLang = (body: string) => /<html lang="([^"]*)"/.exec(body)?.[1];
const alternates = (body: string) =>
  // hrefs are HTML-escaped: &amp; between query parameters.
  Object.fromEntries(
    [...body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [
      m[1],
      m[2]?.replaceAll('&amp;', '&'),
    ]),
  );

describe(`the page's language (${testDatabaseKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['/', {}, 'en'],
    ['/?lang=so', {}, 'so'],
    ['/about', { cookie: 'lang=so' }, 'so'],
    ['/about?lang=en', { cookie: 'lang=so' }, 'en'],
    ['/contact', { 'accept-language': 'so-SO,so;q=0.9,en;q=0.8' }, 'so'],
    ['/contact', { 'accept-language': 'so-SO', cookie: 'lang=en' }, 'en'],
    ['/contact', { 'accept-language': 'fr-FR,fr' }, 'en'],
    ['/contact?lang=xx', { cookie: 'lang=nope' }, 'en'],
  ])('%s with %j is served with <html lang="%s">', async (url, headers, lang) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(200);
    expect(htmlLang(response.body)).toBe(lang);
    expect(response.headers.vary).toMatch(/accept-language/i);
  });

  it('writes the default title and description in Somali for a Somali visitor', async () => {
    const { body } = await get('/blog', { cookie: 'lang=so' });
    expect(body).toContain(`<title>${so.common.meta.defaultTitle}</title>`);
    expect(body).toContain(`<meta name="description" content="${so.common.meta.defaultDescription}">`);
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('lists both languages and an x-default as hreflang alternates of every public page', async () => {
    expect(alternates((await get('/real-estate?bedrooms=2&lang=so')).body)).toEqual({
      en: 'https://example.test/real-estate?bedrooms=2&lang=en',
      so: 'https://example.test/real-estate?bedrooms=2&lang=so',
      'x-default': 'https://example.test/real-estate?bedrooms=2',
    });
    for (const path of ['/', '/marketplace', '/visa-assistance', '/blog/1', '/faq']) {
      const links = alternates((await get(path)).body);
      expect(Object.keys(links).sort(), path).toEqual(['en', 'so', 'x-default']);
    }
  });

  it('keeps the admin in English, without alternates', async () => {
    const { body } = await get('/admin', { cookie: 'lang=so' });
    expect(htmlLang(body)).toBe('en');
    expect(alternates(body)).toEqual({});
  });
});

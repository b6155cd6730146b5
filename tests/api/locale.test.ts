import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appContextPlugin } from '../../src/server/plugins/app-context';
import { errorHandlerPlugin } from '../../src/server/plugins/error-handler';
import { localePlugin } from '../../src/server/plugins/locale';
import { rateLimitPlugin } from '../../src/server/plugins/rate-limit';
import { en } from '../../src/shared/i18n/en';
import { so } from '../../src/shared/i18n/so';
import { insertListing } from '../support/listings';
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

  it("writes the page's title and description in Somali for a Somali visitor", async () => {
    const { body } = await get('/blog', { cookie: 'lang=so' });
    expect(body).toContain(`<title>${so.blog.meta.title} | ${so.common.brand.name}</title>`);
    expect(body).toContain(`<meta name="description" content="${so.blog.meta.description}"/>`);
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('lists both languages and an x-default as hreflang alternates of every public page', async () => {
    expect(alternates((await get('/real-estate?bedrooms=2&lang=so')).body)).toEqual({
      en: 'https://example.test/real-estate?bedrooms=2&lang=en',
      so: 'https://example.test/real-estate?bedrooms=2&lang=so',
      'x-default': 'https://example.test/real-estate?bedrooms=2',
    });
    for (const path of ['/', '/marketplace', '/visa-assistance', '/blog', '/faq']) {
      const links = alternates((await get(path)).body);
      expect(Object.keys(links).sort(), path).toEqual(['en', 'so', 'x-default']);
    }
  });

  it("keeps a listing's head tags on its page in Somali, with the listing's one canonical URL", async () => {
    const id = await insertListing(t.db, { category: 'product', title: 'Taleefan Samsung' });
    const somali = (await get(`/marketplace/${id}?lang=so`)).body;
    expect(somali).toContain(`<link rel="canonical" href="https://example.test/marketplace/${id}">`);
    expect(somali).toContain('<title>Taleefan Samsung | Somali Diaspora Hub</title>');
    expect(htmlLang(somali)).toBe('so');
    const bare = (await get(`/marketplace/${id}`, { cookie: 'lang=so' })).body;
    expect(bare).toContain(`<link rel="canonical" href="https://example.test/marketplace/${id}">`);
  });

  it('announces no Somali version of a page whose main content is not translated (a listing, an English-only post)', async () => {
    const id = await insertListing(t.db, { category: 'product', title: 'Samsung Galaxy A15' });
    for (const headers of [{}, { cookie: 'lang=so' }] as Record<string, string>[]) {
      const listing = (await get(`/marketplace/${id}?lang=so`, headers)).body;
      // The seller's text is one version whatever the page's language: one address for it.
      expect(alternates(listing)).toEqual({});
      expect(listing).toContain(`<link rel="canonical" href="https://example.test/marketplace/${id}">`);
    }
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, category, read_time_minutes, published_at)
       VALUES ('english-only', 'Sending money home', 'Fees compared.', 'Compare three providers.', 'Finance', 1, now()),
        ('both-languages', 'Saving', 'Why save.', 'Save.', 'Finance', 1, now())`,
    );
    await t.db.query(
      `UPDATE blog_posts SET title_so = 'Kaydin', excerpt_so = 'Sababta.', body_so = 'Kaydi.' WHERE slug = 'both-languages'`,
    );
    const english = (await get('/blog/english-only?lang=so')).body;
    expect(htmlLang(english)).toBe('so');
    expect(alternates(english)).toEqual({});
    expect(english).toContain('<link rel="canonical" href="https://example.test/blog/english-only">');
    // Its English text says so where it stands on the Somali page.
    expect(english).toMatch(/<h1 lang="en"[^>]*>Sending money home<\/h1>/);
    const translated = (await get('/blog/both-languages?lang=so')).body;
    expect(Object.keys(alternates(translated)).sort()).toEqual(['en', 'so', 'x-default']);
  });

  it('keeps the admin in English, without alternates', async () => {
    const { body } = await get('/admin', { cookie: 'lang=so' });
    expect(htmlLang(body)).toBe('en');
    expect(alternates(body)).toEqual({});
  });
});

describe(`the server's own messages follow the visitor's language (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    t = await createTestApp();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(appContextPlugin, { config: t.config, db: t.db, storage: t.storage });
    await app.register(errorHandlerPlugin);
    await app.register(cookie);
    await app.register(localePlugin);
    await app.register(rateLimitPlugin);
    for (const url of ['/api/boom', '/boom-page']) {
      app.get(url, async () => {
        throw new Error('internal detail');
      });
    }
    app.post(
      '/api/form',
      {
        schema: {
          body: z.strictObject({ name: z.string().min(1, 'contact.errors.nameRequired'), email: z.email() }),
        },
      },
      async () => ({}),
    );
    app.get('/api/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const somali = { cookie: 'lang=so' };

  it('a server failure', async () => {
    expect((await app.inject({ url: '/api/boom', headers: somali })).json().message).toBe(so.common.errors.server);
    expect((await app.inject({ url: '/api/boom' })).json().message).toBe(en.common.errors.server);
    // A page answers with a page, in the visitor's language too.
    const page = await app.inject({ url: '/boom-page', headers: somali });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(so.common.errors.server);
    expect(page.body).toContain('<html lang="so">');
  });

  it('a form with several bad fields, and each field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/form',
      payload: { name: '', email: 'x' },
      headers: somali,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: so.common.errors.invalidFields,
      fields: { name: so.contact.errors.nameRequired },
    });
  });

  it('too many requests', async () => {
    const headers = { ...somali, 'x-forwarded-for': '10.9.9.9' };
    expect((await app.inject({ url: '/api/limited', headers })).statusCode).toBe(200);
    const limited = await app.inject({ url: '/api/limited', headers });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Codsiyo aad u badan\. Fadlan sug \d+ ilbiriqsi/);
    const english = await app.inject({ url: '/api/limited', headers: { 'accept-language': 'en' } });
    expect(english.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
  });
});

// Public pages come with their content in the HTML (the build's page renderer, dist/ssr),
// and the data the browser hydrates with; anything the server should not render falls back
// to the plain app shell.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/server/lib/escape-html';
import { APP_MODULE, WEB_DIST_DIR } from '../../src/server/plugins/web-app';
import { en } from '../../src/shared/i18n/en';
import { so } from '../../src/shared/i18n/so';
import { insertListing } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const HOSTILE_TITLE = `</script><script>alert(1)</script> $' $& <!-- x`;

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id="server-state"|<\/body>)/.exec(html)?.[1];
/** The content of each <meta property|name="key"> in the HTML. */
const metaContents = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`, 'g'))].map((m) => m[1]);

const serverState = (html: string) =>
  JSON.parse(/<script id="server-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
/** The page's own queries in the server state (every public page also carries the site settings, priced ones the rates). */
const pageQueries = (html: string) =>
  (serverState(html).queries.queries as { queryKey: unknown[]; state: { data: Record<string, unknown> } }[]).filter(
    (query) => query.queryKey[0] !== 'site-settings' && query.queryKey[0] !== 'exchange-rates',
  );

describe(`server-rendered pages (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let hostileId: string;
  let postId: number;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
    const post = await t.db.query<{ id: number }>(
      `INSERT INTO blog_posts (slug, title, excerpt, body, image_url, category, published_at, read_time_minutes, featured)
       VALUES ('remittances', 'Sending money home', 'Compare fees & rates.', 'Body.', '/uploads/seed/blog/remittances.jpg',
               'Finance', '2026-01-05', 6, false) RETURNING id`,
    );
    postId = post.rows[0]!.id;
    await insertListing(t.db, { category: 'property', title: 'Sunny flat in Kilimani', location: 'Kilimani' });
    hostileId = await insertListing(t.db, { category: 'product', title: HOSTILE_TITLE, price: 4_500 });
  });
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('renders a category page with its listings from the database and hands the data to the browser', async () => {
    const response = await page('/real-estate?bedrooms=1');
    expect(response.statusCode).toBe(200);
    const html = root(response.body) ?? '';
    expect(html).toContain('Sunny flat in Kilimani');
    expect(html).toContain('1 Property(ies) Found');
    const state = serverState(response.body);
    expect(state.origin).toBe('https://example.test');
    // The browser compares it with its address: Back before the code runs leaves them apart.
    expect(state.address).toBe('/real-estate?bedrooms=1');
    expect(state.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0])).toContain('site-settings');
    const [query] = pageQueries(response.body);
    expect(query?.queryKey).toEqual(['listings', 'property', 'bedrooms=1']);
    expect((query?.state.data.items as { title: string }[] | undefined)?.[0]?.title).toBe('Sunny flat in Kilimani');
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body).toContain('<title>Real Estate | Somali Diaspora Hub</title>');
  });

  it('renders static pages in the visitor language', async () => {
    const response = await page('/about', { cookie: 'lang=so' });
    expect(response.body).toContain('<html lang="so"');
    expect(root(response.body)).toContain('Nagu Saabsan');
  });

  it('remembers the language of a shared ?lang= link in the cookie, whether or not the page code runs', async () => {
    const first = await page('/faq?lang=so');
    expect(first.headers['set-cookie']).toMatch(/^lang=so; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    const again = await page('/faq?lang=so', { cookie: 'lang=so' });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await page('/faq?lang=xx')).headers['set-cookie']).toBeUndefined();
  });

  it('escapes listing text in the markup and in the data block', async () => {
    const response = await page(`/marketplace/${hostileId}`);
    expect(response.statusCode).toBe(200);
    // One script element per real script: the title cannot open or close one.
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body.match(/<\/script>/g)).toHaveLength(response.body.match(/<script[ >]/g)?.length ?? 0);
    expect(root(response.body)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&#x27; $&amp;');
    expect(pageQueries(response.body)[0]?.state.data.title).toBe(HOSTILE_TITLE);
  });

  it('leaves the staff area to the browser', async () => {
    const response = await page('/admin');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('id="server-state"');
  });

  it('renders an unknown listing as its not-found page, with 404', async () => {
    const response = await page('/marketplace/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(/<h1[^>]*>Listing not found<\/h1>/);
    expect(response.body).toContain('href="/marketplace"');
  });

  it('gives each page one address: a trailing slash or capitals lead to it for good, /index.html is not indexed', async () => {
    for (const [url, to] of <const>[
      ['/marketplace/', '/marketplace'],
      ['/about//', '/about'],
      ['/blog/?page=2', '/blog?page=2'],
      ['/MARKETPLACE', '/marketplace'],
      ['/Real-Estate?bedrooms=2', '/real-estate?bedrooms=2'],
    ]) {
      const response = await page(url);
      expect([response.statusCode, response.headers.location], url).toEqual([301, to]);
    }
    // /index.html is the service worker's offline shell: a file, never indexed as a page.
    const shell = await page('/index.html');
    expect([shell.statusCode, shell.headers['x-robots-tag']]).toEqual([200, 'noindex']);
    // The API keeps its own addresses.
    expect((await page('/api/listings/?category=product')).statusCode).toBe(200);
  });

  it('answers HEAD with the headers GET sends, its length included', async () => {
    const id = await insertListing(t.db, { category: 'property', title: 'Head and get flat' });
    for (const url of [`/real-estate/${id}`, '/about']) {
      const get = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'identity' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-length'], url).toBe(String(Buffer.byteLength(get.body)));
    }
  });

  it('answers an alias and an unknown path with a redirect, not a page that leads on only once its script runs', async () => {
    for (const url of ['/ticketing', '/cargo', '/cargo?utm_source=whatsapp']) {
      const response = await page(url);
      expect([response.statusCode, response.headers.location], url).toEqual([301, '/visa-assistance']);
    }
    for (const url of ['/no/such/page', '/listings/00000000-0000-4000-8000-000000000000?utm=1', '/marketplac']) {
      const response = await page(url);
      expect([response.statusCode, response.headers.location], url).toEqual([302, '/']);
    }
    // A link checker's HEAD learns the same.
    const head = await t.app.inject({ method: 'HEAD', url: '/cargo' });
    expect([head.statusCode, head.headers.location]).toEqual([301, '/visa-assistance']);
    // The staff area's own paths are its router's to answer.
    expect((await page('/admin/no-such-screen')).statusCode).toBe(200);
  });

  it('reads a path that starts with two slashes as a path, not as another host', async () => {
    // `new URL('//marketplace', origin)` is the home page of a host named "marketplace": the
    // server rendered the home page at that address, which the browser then rendered afresh.
    for (const url of ['//marketplace', '//evil.example/blog']) {
      const response = await page(url);
      expect([response.statusCode, response.headers.location], url).toEqual([302, '/']);
    }
    // Nor does a page's one address lead to another host ("//marketplace" is a host's address).
    for (const url of ['//MARKETPLACE', '//marketplace/', '//evil.example/about/', '///About']) {
      const location = String((await page(url)).headers.location ?? '');
      expect(location, url).not.toMatch(/^\/\/|^\/\\|^[a-z]+:/i);
    }
  });

  it('renders a category page whose address holds a bad value, without it (decision 0044)', async () => {
    const response = await page('/marketplace?page=-1');
    expect(response.statusCode).toBe(200);
    expect(root(response.body)).toContain('Part of this link could not be used and was left out: Page number.');
  });

  it('gives every public page a link preview: title, description, picture, address, type and card, once each', async () => {
    const pages = ['/', '/marketplace', '/real-estate?bedrooms=1', '/business-sales', '/visa-assistance', '/about'];
    pages.push('/blog', '/blog?category=Finance', '/blog/remittances', '/contact', '/faq', '/terms', '/privacy');
    pages.push(`/marketplace/${hostileId}`);
    for (const url of pages) {
      const html = (await page(url)).body;
      for (const key of ['og:title', 'og:description', 'og:image', 'og:url', 'og:type', 'twitter:card']) {
        expect(metaContents(html, key), `${key} on ${url}`).toHaveLength(1);
      }
      expect(metaContents(html, 'og:url')[0], url).toBe(`https://example.test${url.replace('&', '&amp;')}`);
      expect(metaContents(html, 'og:image')[0], url).toMatch(/^https:\/\/example\.test\/\S+\.(png|jpg)$/);
      expect(metaContents(html, 'og:title')[0], url).not.toBe('');
    }
    // Pages without a picture of their own share the site's, which is really there.
    const home = (await page('/')).body;
    const siteImage = new URL(metaContents(home, 'og:image')[0] ?? '').pathname;
    const image = await page(siteImage);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it("titles a preview with the page's own title and description, in the visitor language", async () => {
    const english = (await page('/marketplace')).body;
    expect(metaContents(english, 'og:title')).toEqual(['Online Marketplace']);
    expect(metaContents(english, 'og:description')).toEqual([
      'Buy and sell electronics, baati, phones and accessories in Kenya and East Africa.',
    ]);
    const somali = (await page('/about', { cookie: 'lang=so' })).body;
    expect(metaContents(somali, 'og:title')).toEqual(['Nagu Saabsan']);
    // A listing page keeps the listing's own preview.
    const listing = (await page(`/marketplace/${hostileId}`)).body;
    expect(metaContents(listing, 'og:title')).toEqual([escapeHtml(HOSTILE_TITLE)]);
  });

  it('previews a blog post with its cover as an article, and answers an unknown post with 404', async () => {
    // Posts live at their slug; the numeric address of old leads there.
    const old = await page(`/blog/${postId}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/blog/remittances');
    const post = await page('/blog/remittances');
    expect(post.statusCode).toBe(200);
    expect(root(post.body)).toContain('Sending money home');
    expect(metaContents(post.body, 'og:type')).toEqual(['article']);
    expect(metaContents(post.body, 'og:title')).toEqual(['Sending money home']);
    expect(metaContents(post.body, 'og:description')).toEqual(['Compare fees &amp; rates.']);
    expect(metaContents(post.body, 'og:image')).toEqual(['https://example.test/uploads/seed/blog/remittances.jpg']);
    expect(metaContents(post.body, 'twitter:card')).toEqual(['summary_large_image']);

    for (const url of ['/blog/999999', '/blog/abc', '/blog/0', '/blog/99999999999999999999', '/blog/Bad_Slug']) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toMatch(/<h1[^>]*>Blog post not found<\/h1>/);
      expect(metaContents(missing.body, 'robots'), url).toEqual(['noindex']);
    }
  });

  it('answers 404 for paths deeper or longer than a post or listing can be, under the blog and every category', async () => {
    const long = 'a'.repeat(5000);
    const urls = [
      '/blog/a/b/c',
      '/blog/remittances/extra',
      `/blog/${long}`,
      `/blog/${long}/x`,
      ...['marketplace', 'real-estate', 'business-sales', 'visa-assistance'].flatMap((route) => [
        `/${route}/x/y/z`,
        `/${route}/00000000-0000-4000-8000-000000000000/more`,
        `/${route}/${long}`,
      ]),
    ];
    for (const url of urls) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url.slice(0, 60)}`).toBe(404);
      }
      const body = (await page(url)).body;
      expect(metaContents(body, 'robots'), url.slice(0, 60)).toEqual(['noindex']);
    }
  });

  it('serves the contact and newsletter forms as plain forms that post, usable before the page code runs', async () => {
    // A POST keeps the visitor's message out of the address bar; the server answers it (decision 0043).
    const html = root((await page('/contact')).body) ?? '';
    expect(html).toMatch(/<form [^>]*action="\/contact" method="post"/);
    expect(html).toMatch(/<button type="submit"(?![^>]*disabled="")[^>]*>Send Message<\/button>/);
    expect(html).toMatch(/<form [^>]*action="\/newsletter" method="post"/);
    expect(html).toContain('<input type="hidden" name="returnTo" value="/contact"/>');
    for (const name of ['name', 'email', 'subject', 'message', 'website']) expect(html).toContain(`name="${name}"`);
  });

  const preloads = async (url: string, headers: Record<string, string> = {}) =>
    [...(await page(url, headers)).body.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((m) => m[1]);

  /** The code a page loads first (what the server preloads and its scripts), as one text. */
  const scriptsOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await page(url, headers);
    const files = [
      ...(await preloads(url, headers)),
      ...[...response.body.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]),
    ];
    return (await Promise.all(files.map(async (file) => (await page(file ?? '')).body))).join('\n');
  };

  it("preloads the code of the page module the web's route table names for the URL", async () => {
    expect(await preloads('/marketplace')).toContainEqual(
      expect.stringMatching(/^\/assets\/marketplace-page-[\w-]+\.js$/),
    );
    expect(await preloads(`/marketplace/${hostileId}`)).toContainEqual(
      expect.stringMatching(/^\/assets\/listing-detail-page-[\w-]+\.js$/),
    );
    expect(await preloads('/blog/remittances')).toContainEqual(expect.stringMatching(/^\/assets\/blog-post-page-/));
  });

  it("preloads the app's code with every page: the entry runs React DOM and the app in steps, without a round trip", async () => {
    type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
    const manifest = JSON.parse(readFileSync(path.join(WEB_DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      Chunk
    >;
    /** The manifest keys a chunk runs with, through its static imports. */
    const runsWith = (key: string, seen = new Set<string>()) => {
      if (seen.has(key) || !manifest[key]) return seen;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) runsWith(next, seen);
      return seen;
    };
    // The entry's own task holds neither React DOM nor the app: each is a step of its own.
    const entry = [...runsWith('index.html')];
    expect(entry).not.toContain(APP_MODULE);
    expect(entry.filter((key) => key.endsWith('react-dom/client.js'))).toEqual([]);
    // Nor any file that holds React DOM or the router (a shared chunk imported by the entry would bring them).
    const entryCode = entry.map((key) => readFileSync(path.join(WEB_DIST_DIR, manifest[key]?.file ?? ''), 'utf8'));
    expect(
      entryCode.filter((code) => code.includes('__reactFiber') || code.includes('inside another <Router>')),
    ).toEqual([]);
    expect(manifest['index.html']?.dynamicImports).toContain(APP_MODULE);
    const appFiles = [...runsWith(APP_MODULE)].flatMap((key) =>
      manifest[key]?.isEntry ? [] : [`/${manifest[key]?.file}`],
    );
    expect(appFiles).toContainEqual(expect.stringMatching(/^\/assets\/start-[\w-]+\.js$/));
    for (const url of ['/', '/marketplace', `/marketplace/${hostileId}`, '/blog/remittances', '/admin']) {
      const html = (await page(url)).body;
      const preloaded = await preloads(url);
      for (const file of appFiles)
        expect(preloaded.includes(file) || html.includes(`"${file}"`), `${url} ${file}`).toBe(true);
    }
  });

  it('preloads the Somali texts with a page the browser starts in Somali, and only then', async () => {
    const somali = expect.stringMatching(/^\/assets\/somali-messages-[\w-]+\.js$/);
    expect(await preloads('/marketplace?lang=so')).toContainEqual(somali);
    expect(await preloads('/about', { cookie: 'lang=so' })).toContainEqual(somali);
    expect(await preloads('/about', { 'accept-language': 'so,en;q=0.8' })).toContainEqual(somali);
    expect(await preloads('/marketplace')).not.toContainEqual(somali);
    expect(await preloads('/about', { cookie: 'lang=en', 'accept-language': 'so' })).not.toContainEqual(somali);
    // The staff area's page is English whatever the browser asks for; a choice (cookie, address) still counts.
    expect(await preloads('/admin', { 'accept-language': 'so' })).not.toContainEqual(somali);
    expect(await preloads('/admin', { cookie: 'lang=so' })).toContainEqual(somali);
  });

  it("sends a page only its language's texts: a Somali page no English ones, an English page no Somali ones", async () => {
    // Texts of each catalog that differ between the languages.
    const english = [en.layout.footer.quickLinksTitle, en.home.hero.eyebrow, en.listings.filters.availableOnly];
    const somali = [so.layout.footer.quickLinksTitle, so.home.hero.eyebrow, so.listings.filters.availableOnly];
    const found = (code: string, texts: string[]) =>
      texts.filter((text) => code.includes(JSON.stringify(text).slice(1, -1)));
    const somaliPage = await scriptsOf('/marketplace?lang=so');
    expect(found(somaliPage, somali)).toEqual(somali);
    expect(found(somaliPage, english)).toEqual([]);
    const englishPage = await scriptsOf('/marketplace');
    expect(found(englishPage, english)).toEqual(english);
    expect(found(englishPage, somali)).toEqual([]);
  });

  it('loads no zod with a category page: its address is read without it, the alert form validates when sent', async () => {
    // zod's classes keep their names in the built code ('$ZodType').
    for (const url of ['/marketplace', '/real-estate?bedrooms=1', '/', '/blog/remittances']) {
      expect((await scriptsOf(url)).includes('$ZodType'), url).toBe(false);
    }
  });

  it("fetches the first result's photo ahead of the others, the next two at once, the rest when near the screen; every photo has its address in the page", async () => {
    for (const n of [1, 2, 3, 4]) {
      await insertListing(t.db, {
        category: 'business',
        title: `Shop ${n}`,
        image_urls: [`/uploads/seed/businesses/shop-${n}.jpg`],
        created_at: `2026-01-0${5 - n}T00:00:00Z`,
      });
    }
    // A query no other test has read: list pages are cached for a few seconds.
    const html = (await page('/business-sales?subcategory=retail')).body;
    const photo = (n: number) => new RegExp(`<img [^>]*shop-${n}\\.jpg[^>]*>`).exec(html)?.[0] ?? '';
    expect(photo(1)).toMatch(/ src="[^"]+"/);
    expect(photo(1)).toMatch(/fetchpriority="high"/i);
    expect(photo(1)).not.toMatch(/loading=/);
    for (const n of [2, 3]) {
      expect(photo(n)).toMatch(/ src="[^"]+"/);
      expect(photo(n)).not.toMatch(/fetchpriority|loading=/i);
    }
    // Below the first screen the browser's own lazy loading waits; text browsers, crawlers and
    // pages without script still have the photo.
    expect(photo(4)).toMatch(/ src="[^"]+"/);
    expect(photo(4)).toMatch(/ srcset="[^"]+"/i);
    expect(photo(4)).toMatch(/ loading="lazy"/);
    expect(html.match(/<img (?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    // React preloads the page's pictures in its head: only the first one first.
    const highPreloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].filter((m) =>
      /fetchpriority="high"/i.test(m[0]),
    );
    expect(highPreloads.map((m) => /shop-\d/.exec(m[0])?.[0])).toEqual(['shop-1']);
  });

  it('marks the code of a rendered page as low priority, so it does not hold up the first paint', async () => {
    const rendered = await page('/contact');
    expect(rendered.body).toMatch(/<script type="module" fetchpriority="low"/);
    const shell = await page('/admin');
    expect(shell.body).not.toContain('fetchpriority="low"');
  });
});

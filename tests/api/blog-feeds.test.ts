// What the blog gives visitors and machines: sanitised HTML made from staff Markdown, the RSS
// feed, the sitemap and robots.txt, with drafts and scheduled posts in none of them.
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../e2e/public-pages';
import { signedInAs } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const window = new Window();
const parse = (text: string, type: 'text/html' | 'application/xml') =>
  new window.DOMParser().parseFromString(text, type) as unknown as Document;

/** Hostile Markdown and HTML staff might paste, and what must not come out of any of it. */
const HOSTILE: [string, string][] = [
  ['a script tag', 'Hello <script>alert(1)</script> there'],
  ['a script in upper case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['an image with onerror', '<img src=x onerror=alert(1)>'],
  ['a Markdown javascript: link', '[click](javascript:alert(1))'],
  ['an HTML javascript: link', '<a href="javascript:alert(1)">click</a>'],
  ['an encoded javascript: link', '<a href="jav&#x09;ascript&#58;alert(1)">click</a>'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">click</a>'],
  ['a data: link', '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['a data: link in HTML', '<a href="data:text/html,<script>alert(1)</script>">d</a>'],
  ['an iframe', '<iframe src="https://evil.example"></iframe>'],
  ['an svg with onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
  ['a style attribute', '<p style="background:url(javascript:alert(1))">styled</p>'],
  ['a style element', '<style>body{display:none}</style>text'],
  ['an event handler on a link', '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(2)">ok</a>'],
  ['a form', '<form action="https://evil.example"><input name="card"><button>Pay</button></form>'],
  ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf">'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
  ['a base tag', '<base href="https://evil.example/">'],
  ['a protocol-relative link', '<a href="//evil.example/x">x</a>'],
  ['math with a link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['a tracking image in Markdown', '![pixel](https://tracker.example/p.gif)'],
  ['a broken tag soup', '<<script>script>alert(1)<</script>/script><div <img src=x onerror=alert(1)>'],
];

/** Everything in the HTML that could run code or load from elsewhere: empty when it is safe. */
function dangers(html: string): string[] {
  const document = parse(`<body>${html}</body>`, 'text/html');
  const found: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (
      ['script', 'iframe', 'svg', 'math', 'style', 'form', 'input', 'object', 'embed', 'img', 'meta', 'base'].includes(
        tag,
      )
    ) {
      found.push(`<${tag}>`);
    }
    for (const attribute of element.getAttributeNames()) {
      if (attribute.startsWith('on') || attribute === 'style' || attribute === 'src')
        found.push(`${tag}[${attribute}]`);
    }
    const href = element.getAttribute('href');
    if (href !== null && !/^(https?:\/\/[^/]|\/[^/]|mailto:|tel:)/i.test(href)) found.push(`${tag}[href=${href}]`);
  }
  return found;
}

describe(`blog output for visitors and machines (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://example.test' });
    await t.db.query('DELETE FROM blog_posts');
    cookie = (await signedInAs(t, 'admin')).cookie;
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, category, read_time_minutes, published_at, updated_at)
       VALUES ('older-news', 'Older news', 'Old.', 'Old body.', 'Business', 1, '2026-01-01T06:00:00Z', '2026-02-02T10:00:00Z')`,
    );
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, category, read_time_minutes, published_at) VALUES
         ('fees-and-rates', 'Fees & <rates> "compared"', 'Cheap & quick <b>transfers</b>', $1, 'Finance', 2, now() - interval '1 hour'),
         ('draft-only', 'A draft', 'Not yet.', 'Draft.', 'Investment', 1, NULL),
         ('coming-soon', 'Coming soon', 'Later.', 'Later.', 'Digital Marketing', 1, now() + interval '1 day')`,
      [HOSTILE.map(([, source]) => source).join('\n\n')],
    );
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each(HOSTILE)('the preview leaves nothing that runs of %s', async (_name, source) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/preview',
      payload: { body: source },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(dangers(response.json().html)).toEqual([]);
  });

  it('a published post of all of them is safe in the API and in the page the server renders', async () => {
    const post = (await get('/api/blog/posts/fees-and-rates')).json();
    expect(dangers(post.html)).toEqual([]);
    // The text of a link survives its dangerous address; a safe external link gets its rel.
    const body = parse(`<body>${post.html}</body>`, 'text/html').body;
    expect(body.textContent).toContain('click');
    expect(body.querySelector('a[href="https://ok.example"]')?.getAttribute('rel')).toBe('noopener nofollow ugc');

    const page = await get('/blog/fees-and-rates');
    expect(page.statusCode).toBe(200);
    const document = parse(page.body, 'text/html');
    const article = document.querySelector('article');
    expect(article).not.toBeNull();
    expect(dangers(article?.querySelector('.post-body')?.innerHTML ?? 'missing')).toEqual([]);
    // Scripts on the page are the app's own: none inline, none from elsewhere; inline ones are data.
    for (const script of document.querySelectorAll('script')) {
      const src = script.getAttribute('src');
      if (src) expect(src).toMatch(/^\/assets\//);
      else expect(['application/json', 'application/ld+json']).toContain(script.getAttribute('type'));
    }
  });

  it('serves a valid RSS 2.0 feed of published posts, newest first, escaped, with absolute links', async () => {
    const response = await get('/blog/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parse(response.body, 'application/xml');
    expect(feed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(feed.documentElement.tagName).toBe('rss');
    expect(feed.documentElement.getAttribute('version')).toBe('2.0');
    const channel = feed.querySelector('channel');
    expect(channel?.querySelector('title')?.textContent).toBe('Blog & News | Somali Diaspora Hub');
    expect(channel?.querySelector('link')?.textContent).toBe('https://example.test/blog');
    expect(channel?.querySelector('language')?.textContent).toBe('en');
    const items = [...feed.querySelectorAll('item')].map((item) => ({
      title: item.querySelector('title')?.textContent,
      link: item.querySelector('link')?.textContent,
      guid: item.querySelector('guid')?.textContent,
      pubDate: item.querySelector('pubDate')?.textContent,
      category: item.querySelector('category')?.textContent,
      description: item.querySelector('description')?.textContent,
    }));
    expect(items.map((item) => item.link)).toEqual([
      'https://example.test/blog/fees-and-rates',
      'https://example.test/blog/older-news',
    ]);
    expect(items[0]).toMatchObject({
      title: 'Fees & <rates> "compared"',
      guid: 'https://example.test/blog/fees-and-rates',
      category: 'Finance',
      description: 'Cheap & quick <b>transfers</b>',
    });
    expect(items[1]?.pubDate).toBe('Thu, 01 Jan 2026 06:00:00 GMT');
    expect(response.body).toContain('<title>Fees &amp; &lt;rates&gt; &quot;compared&quot;</title>');
    expect(response.body).not.toContain('draft-only');
    expect(response.body).not.toContain('coming-soon');
  });

  it('gives the blog pages a link to the feed in their head', async () => {
    for (const url of ['/blog', '/blog/fees-and-rates']) {
      const head = parse((await get(url)).body, 'text/html').head;
      const feed = head.querySelector('link[rel="alternate"][type="application/rss+xml"]');
      expect(feed?.getAttribute('href'), url).toBe('/blog/rss.xml?lang=en');
    }
  });

  it('lists the public pages, blog categories with posts and published posts in /sitemap.xml', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const sitemap = parse(response.body, 'application/xml');
    expect(sitemap.getElementsByTagName('parsererror')).toHaveLength(0);
    const urls = [...sitemap.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
      alternates: [...url.getElementsByTagName('xhtml:link')].map((link) => link.getAttribute('hreflang')),
    }));
    const locs = urls.map((url) => url.loc);
    for (const path of CONTENT_PAGES) {
      expect(locs).toContain(`https://example.test${path}`);
    }
    expect(locs).toContain('https://example.test/blog?category=Finance');
    expect(locs).toContain('https://example.test/blog?category=Business');
    expect(locs).not.toContain('https://example.test/blog?category=Investment');
    expect(urls.find((url) => url.loc === 'https://example.test/blog/older-news')).toEqual({
      loc: 'https://example.test/blog/older-news',
      lastmod: '2026-02-02',
      // Written in English only: no Somali version to announce.
      alternates: [],
    });
    expect(response.body).not.toContain('draft-only');
    expect(response.body).not.toContain('coming-soon');

    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://example.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');
  });

  it('escapes titles and excerpts once: a feed reader reads the text as written, entities and markup included', async () => {
    const title = 'AT&amp;T &lt;b&gt;deals&lt;/b&gt; & <i>more</i> ]]> "it\'s"';
    const excerpt = 'Costs &pound;5 &#60;script&#62; <script>alert(1)</script> & ]]>';
    const titleSo = 'Qiimaha &amp; <b>xawaaladda</b>';
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, title_so, excerpt_so, body, body_so, category, read_time_minutes, published_at)
       VALUES ('entities-as-text', $1, $2, $3, $2, 'Body.', 'Qoraal.', 'Finance', 1, now())`,
      [title, excerpt, titleSo],
    );
    try {
      for (const [url, expectedTitle] of [
        ['/blog/rss.xml', title],
        ['/blog/rss.xml?lang=so', titleSo],
      ] as const) {
        const feed = parse((await get(url)).body, 'application/xml');
        expect(feed.getElementsByTagName('parsererror'), url).toHaveLength(0);
        const item = [...feed.querySelectorAll('item')].find((entry) =>
          entry.querySelector('link')?.textContent?.includes('/blog/entities-as-text'),
        );
        expect(item?.querySelector('title')?.textContent, url).toBe(expectedTitle);
        expect(item?.querySelector('description')?.textContent, url).toBe(excerpt);
        // No element came out of the text: it stayed text.
        expect(item?.querySelector('title')?.children, url).toHaveLength(0);
        expect(item?.querySelector('description')?.children, url).toHaveLength(0);
      }
    } finally {
      await t.db.query(`DELETE FROM blog_posts WHERE slug = 'entities-as-text'`);
    }
  });

  it('puts a scheduled post into the feed and the sitemap once its time has come', async () => {
    await t.db.query(`UPDATE blog_posts SET published_at = now() WHERE slug = 'coming-soon'`);
    expect((await get('/blog/rss.xml')).body).toContain('https://example.test/blog/coming-soon');
    expect((await get('/sitemap.xml')).body).toContain('https://example.test/blog/coming-soon');
  });
});

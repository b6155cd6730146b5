// What search engines read besides the page: schema.org JSON-LD in the head of listing pages,
// blog posts and the home page, and the sitemap with every listing on offer.
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../src/server/modules/site-settings/defaults';
import { insertListing } from '../support/listings';
import { schemaOrgProblems } from '../support/schema-org';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

const window = new Window();
const parse = (text: string, type: 'text/html' | 'application/xml') =>
  new window.DOMParser().parseFromString(text, type) as unknown as Document;

const ORIGIN = 'https://example.test';
/** Listing text that would end the script element, or open a comment in it, if written as it is. */
const HOSTILE_TITLE = 'Phone </script><script>alert(1)</script> <!-- & more';

type Node = Record<string, unknown>;

/** The page's JSON-LD documents, each parsed. */
function structuredData(html: string): Node[] {
  const head = parse(html, 'text/html').head;
  return [...head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Node,
  );
}

const ofType = (documents: Node[], type: string) => documents.find((d) => d['@type'] === type);

describe(`structured data and the sitemap (${testDatabaseKind()})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
    await t.db.query('DELETE FROM listings');
    await t.db.query('DELETE FROM blog_posts');
    ids.product = await insertListing(t.db, {
      category: 'product',
      title: HOSTILE_TITLE,
      description: 'Line one\u2028line two </SCRIPT > <b>bold</b>',
      price: 35000.5,
      product_condition: 'used',
      image_urls: ['/uploads/products/a.jpg'],
    });
    ids.rent = await insertListing(t.db, {
      category: 'property',
      title: 'Flat to let in Kilimani',
      listing_type: 'rent',
      rent_period: 'month',
      location: 'Kilimani',
      price: 85000,
    });
    ids.business = await insertListing(t.db, { category: 'business', location: 'Eastleigh', price: 1_500_000 });
    ids.visa = await insertListing(t.db, {
      category: 'visa',
      country: 'UK',
      visa_type: 'Visitor',
      requirements: 'Passport',
    });
    ids.sold = await insertListing(t.db, { category: 'product', availability: 'sold', title: 'Sold phone' });
    ids.hidden = await insertListing(t.db, { category: 'product', is_active: false });
    ids.expired = await insertListing(t.db, { category: 'property', availability: 'expired' });
    await t.db.query(`UPDATE listings SET updated_at = '2026-03-04T05:06:07Z' WHERE id = $1`, [ids.business]);
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, category, read_time_minutes, author, published_at)
       VALUES ('money-home', 'Money home </script>', 'Fees & rates.', 'Body.', 'Finance', 1, 'Amina Yusuf', now() - interval '1 hour'),
              ('not-yet', 'Draft', 'Draft.', 'Draft.', 'Finance', 1, NULL, NULL)`,
    );
    await t.app.siteSettings.save({
      ...DEFAULT_SITE_SETTINGS,
      social: { ...DEFAULT_SITE_SETTINGS.social, facebook: 'https://facebook.com/example', x: '' },
    });
  });
  afterAll(() => t.close());

  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  it('the validator refuses what search engines would: unknown types and properties, missing fields, bad values', () => {
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'Listing', name: 'x' })).toEqual([
      'JSON-LD: Listing is not a schema.org type the site uses',
    ]);
    expect(
      schemaOrgProblems({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'x',
        description: 'y',
        url: '/relative',
        colour: 'red',
        offers: { '@type': 'Offer', price: '-1', priceCurrency: 'KSh', availability: 'InStock', url: 'https://a.b/' },
      }),
    ).toEqual([
      'JSON-LD.url: not an absolute URL: /relative',
      'JSON-LD: Product has no property colour',
      'JSON-LD.offers.price: not a price: -1',
      'JSON-LD.offers.priceCurrency: not an ISO 4217 currency: KSh',
      'JSON-LD.offers.availability: not a schema.org availability value: InStock',
    ]);
    expect(schemaOrgProblems({ '@type': 'BlogPosting', headline: 'x' })).toEqual([
      'JSON-LD: @context is not https://schema.org',
      'JSON-LD: BlogPosting lacks datePublished',
      'JSON-LD: BlogPosting lacks author',
      'JSON-LD: BlogPosting lacks image',
      'JSON-LD: BlogPosting lacks publisher',
      'JSON-LD: BlogPosting lacks url',
      'JSON-LD: BlogPosting lacks description',
    ]);
  });

  it('describes each kind of listing with its offer and breadcrumbs, all valid schema.org', async () => {
    const cases = [
      ['product', `/marketplace/${ids.product}`, 'Product'],
      ['rent', `/real-estate/${ids.rent}`, 'RealEstateListing'],
      ['business', `/business-sales/${ids.business}`, 'Product'],
      ['visa', `/visa-assistance/${ids.visa}`, 'Service'],
      ['sold', `/marketplace/${ids.sold}`, 'Product'],
    ] as const;
    for (const [name, path, type] of cases) {
      const documents = structuredData(await page(path));
      expect(
        documents.map((d) => d['@type']),
        name,
      ).toEqual([type, 'BreadcrumbList']);
      for (const document of documents) expect(schemaOrgProblems(document, name)).toEqual([]);
      const item = documents[0]!;
      expect(item.url, name).toBe(`${ORIGIN}${path}`);
      expect((item.offers as Node).priceCurrency, name).toBe('KES');
      const crumbs = (documents[1]!.itemListElement as Node[]).map((step) => step.item);
      expect(crumbs, name).toEqual([`${ORIGIN}/`, `${ORIGIN}/${path.split('/')[1]}`, `${ORIGIN}${path}`]);
    }

    const product = ofType(structuredData(await page(`/marketplace/${ids.product}`)), 'Product')!;
    expect(product).toMatchObject({
      name: HOSTILE_TITLE,
      description: 'Line one\u2028line two </SCRIPT > <b>bold</b>',
      image: [`${ORIGIN}/uploads/products/a.jpg`],
      offers: {
        price: 35000.5,
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
    const sold = ofType(structuredData(await page(`/marketplace/${ids.sold}`)), 'Product')!;
    expect((sold.offers as Node).availability).toBe('https://schema.org/SoldOut');
    const rent = ofType(structuredData(await page(`/real-estate/${ids.rent}`)), 'RealEstateListing')!;
    expect(rent).toMatchObject({
      contentLocation: { '@type': 'Place', name: 'Kilimani' },
      offers: { price: 85000, priceSpecification: { '@type': 'UnitPriceSpecification', unitCode: 'MON' } },
    });
  });

  it('cannot be broken out of by listing text: the script holds it escaped, the page one script per document', async () => {
    const html = await page(`/marketplace/${ids.product}`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script>alert(1)');
    expect(head).not.toContain('<!--');
    expect(head).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(head.match(/<script type="application\/ld\+json">/g)).toHaveLength(2);
    // Every JSON-LD script ends where it should: its text parses whole.
    for (const block of head.split('<script type="application/ld+json">').slice(1)) {
      expect(() => JSON.parse(block.slice(0, block.indexOf('</script>')))).not.toThrow();
    }
  });

  it('describes a blog post, by its author and published by the site, with breadcrumbs', async () => {
    const documents = structuredData(await page('/blog/money-home'));
    expect(documents.map((d) => d['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    for (const document of documents) expect(schemaOrgProblems(document)).toEqual([]);
    expect(documents[0]).toMatchObject({
      headline: 'Money home </script>',
      url: `${ORIGIN}/blog/money-home`,
      author: { '@type': 'Person', name: 'Amina Yusuf' },
      publisher: { '@type': 'Organization', url: `${ORIGIN}/` },
      inLanguage: 'en',
    });
  });

  it('describes the organisation on the home page, with its profiles, in the visitor’s language', async () => {
    for (const lang of ['en', 'so']) {
      const documents = structuredData(await page(`/?lang=${lang}`));
      const organization = ofType(documents, 'Organization');
      expect(organization, lang).toBeDefined();
      expect(schemaOrgProblems(organization)).toEqual([]);
      expect(organization).toMatchObject({ url: `${ORIGIN}/`, logo: `${ORIGIN}/icons/icon-512.png` });
      expect(organization?.sameAs).toContain('https://facebook.com/example');
    }
  });

  it('lists every listing on offer in the sitemap, with when it changed (language versions for translated pages only)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    const sitemap = parse(response.body, 'application/xml');
    expect(sitemap.getElementsByTagName('parsererror')).toHaveLength(0);
    // The sitemap protocol's shape: <urlset> in its namespace, <url>s of one <loc> each.
    const root = sitemap.documentElement;
    expect(root.tagName).toBe('urlset');
    expect(root.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(root.getAttribute('xmlns:xhtml')).toBe('http://www.w3.org/1999/xhtml');
    const urls = [...root.children];
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.length).toBeLessThanOrEqual(50_000);
    const entries = urls.map((url) => {
      expect(url.tagName).toBe('url');
      // happy-dom spells a prefixed name in capitals.
      const children = [...url.children].map((child) => child.tagName.toLowerCase());
      expect(children.filter((name) => name === 'loc')).toHaveLength(1);
      expect(
        children.every((name) => ['loc', 'lastmod', 'xhtml:link'].includes(name)),
        children.join(),
      ).toBe(true);
      const loc = url.getElementsByTagName('loc')[0]!.textContent ?? '';
      const lastmod = url.getElementsByTagName('lastmod')[0]?.textContent;
      if (lastmod !== undefined) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const alternates = [...url.getElementsByTagName('xhtml:link')].map((link) => [
        link.getAttribute('rel'),
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]);
      const bare = new URL(loc);
      const withLang = (lang: string) => {
        const copy = new URL(bare);
        copy.searchParams.set('lang', lang);
        return copy.href;
      };
      const versions = [
        ['alternate', 'en', withLang('en')],
        ['alternate', 'so', withLang('so')],
        ['alternate', 'x-default', bare.href],
      ];
      // A listing's text has one version: no language versions of its page; a post has them
      // when it has a Somali version.
      if (/^\/(marketplace|real-estate|business-sales|visa-assistance)\/./.test(bare.pathname)) {
        expect(alternates).toEqual([]);
      } else if (/^\/blog\/./.test(bare.pathname)) {
        expect([[], versions]).toContainEqual(alternates);
      } else {
        expect(alternates).toEqual(versions);
      }
      return { loc, lastmod };
    });
    const locs = entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);

    const live = [
      `/marketplace/${ids.product}`,
      `/real-estate/${ids.rent}`,
      `/business-sales/${ids.business}`,
      `/visa-assistance/${ids.visa}`,
    ];
    for (const path of live) {
      expect(entries.find((entry) => entry.loc === `${ORIGIN}${path}`)?.lastmod, path).toMatch(/^\d{4}-/);
    }
    expect(entries.find((entry) => entry.loc === `${ORIGIN}/business-sales/${ids.business}`)?.lastmod).toBe(
      '2026-03-04',
    );
    for (const id of [ids.sold, ids.hidden, ids.expired]) expect(response.body).not.toContain(id);
    expect(response.body).not.toContain('not-yet');
  });
});

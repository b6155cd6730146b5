import type { FastifyInstance } from 'fastify';
import { siteOrigin } from '#server/lib/site-origin';
import { escapeXml } from '#server/lib/xml';
import { createBlogRepository } from '#server/modules/blog/service';
import { languageAlternates } from '#server/plugins/web-app';
import { blogPostPath } from '#shared/blog';
import { CATEGORIES, CATEGORY_ROUTES } from '#shared/categories';
import { listingPath } from '#shared/listing-format';
import { createSitemapRepository } from './repository';

/** The sitemap protocol's limit of addresses in one file. */
const MAX_SITEMAP_URLS = 50_000;

/** Pages with content of their own (the coming-soon pages are left out until they have some). */
const PUBLIC_PAGES = [
  '/',
  ...CATEGORIES.map((category) => `/${CATEGORY_ROUTES[category]}`),
  '/about',
  '/blog',
  '/contact',
  '/safety',
  '/privacy',
];

/** A page's entry; an `untranslated` page's main content has one version, so no language versions are listed. */
function urlEntry(origin: string, path: string, lastModified?: string, untranslated = false): string {
  const alternates = (untranslated ? [] : (languageAlternates(origin, path) ?? []))
    .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`)
    .join('');
  const lastmod = lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod}${alternates}</url>`;
}

/**
 * `/sitemap.xml` for search engines: the public pages, each blog category that has posts,
 * every published post and every listing on offer, with their language versions and when
 * they last changed; `/robots.txt` points to it. Past the protocol's 50,000 addresses, the
 * listings changed longest ago are left out (the category pages lead to them).
 */
export async function sitemapRoutes(app: FastifyInstance) {
  const blog = createBlogRepository(app.db);
  const listings = createSitemapRepository(app.db);

  app.get('/sitemap.xml', async (request, reply) => {
    if (!(await app.allowPublicPage(request, reply))) return reply;
    const origin = siteOrigin(request);
    const [categories, posts] = await Promise.all([
      blog.categories(),
      // Read as a Somali reader would: a post's language then says whether it has a Somali version.
      blog.published(MAX_SITEMAP_URLS - PUBLIC_PAGES.length - 100, 'so'),
    ]);
    const room = MAX_SITEMAP_URLS - PUBLIC_PAGES.length - categories.length - posts.length;
    const live = room > 0 ? await listings.liveListings(room) : [];
    const entries = [
      ...PUBLIC_PAGES.map((path) => urlEntry(origin, path)),
      ...categories.map((category) => urlEntry(origin, `/blog?category=${encodeURIComponent(category)}`)),
      ...posts.map((post) => urlEntry(origin, blogPostPath(post.slug), post.updatedAt, post.language !== 'so')),
      ...live.map((listing) => urlEntry(origin, listingPath(listing), listing.updatedAt, true)),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', async (request, reply) => {
    const text = [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api/',
      `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
      '',
    ];
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(text.join('\n'));
  });
}

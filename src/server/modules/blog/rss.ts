import { escapeXml } from '#server/lib/xml';
import { BLOG_FEED_PATH, type BlogPostSummary, blogCategoryLabel, blogPostPath } from '#shared/blog';
import { createTranslator, type Locale } from '#shared/i18n';

/** Posts a feed carries: the newest. */
export const FEED_SIZE = 20;

/** A time as RSS 2.0 writes it (RFC 822): 'Mon, 18 Mar 2024 21:00:00 GMT'. */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

/**
 * The blog's RSS 2.0 feed (docs/product.md#blog): the newest published posts, with absolute
 * links on the site's origin, in the language asked for (`?lang=so` gives the Somali versions).
 */
export function blogFeed(posts: BlogPostSummary[], origin: string, locale: Locale, explicitLanguage: boolean): string {
  const t = createTranslator(locale);
  const brand = t('common.brand.name');
  const link = (path: string) => `${origin}${path}${explicitLanguage ? `?lang=${locale}` : ''}`;
  const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const items = posts.map((post) =>
    [
      '<item>',
      element('title', post.title),
      element('link', link(blogPostPath(post.slug))),
      `<guid isPermaLink="true">${escapeXml(link(blogPostPath(post.slug)))}</guid>`,
      element('pubDate', rfc822(post.publishedAt)),
      element('category', blogCategoryLabel(post.category, t)),
      element('description', post.excerpt),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', `${t('blog.meta.title')} | ${brand}`),
    element('link', link('/blog')),
    element('description', t('blog.meta.description')),
    element('language', locale),
    `<atom:link href="${escapeXml(link(BLOG_FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...(posts[0] ? [element('lastBuildDate', rfc822(posts[0].publishedAt))] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HeadTags } from '#server/lib/head-tags';
import { linkPreviewMeta } from '#server/lib/link-preview';
import { siteOrigin } from '#server/lib/site-origin';
import { blogPostData } from '#server/lib/structured-data';
import { BLOG_FEED_PATH, type BlogPost, blogPostPath } from '#shared/blog';
import { createTranslator, isLocale, LOCALE_PARAM, type Locale } from '#shared/i18n';
import { createBlogRepository, type PublishedPost } from './repository';
import { blogFeed, FEED_SIZE } from './rss';
import { postRefSchema } from './service';

export function blogPostHead(
  post: Omit<BlogPost, 'html'> & { hasSomali: boolean },
  origin: string,
  locale: Locale,
): HeadTags {
  const t = createTranslator(locale);
  const url = `${origin}${blogPostPath(post.slug)}`;
  const meta = [
    ...linkPreviewMeta(
      { title: post.title, description: post.excerpt, url, image: post.imageUrl ?? undefined, type: 'article' },
      origin,
      locale,
    ),
    { property: 'article:published_time', content: post.publishedAt },
  ];
  return {
    title: `${post.title} | ${t('common.brand.name')}`,
    description: post.excerpt,
    canonical: url,
    meta,
    // A post without a Somali version reads in English on a Somali page: no Somali version to announce.
    untranslated: !post.hasSomali,
    structuredData: blogPostData(post, origin, locale),
  };
}

/** The app's friendly page for a post that is not there, with 404. */
function postNotFound(request: FastifyRequest, reply: FastifyReply) {
  const t = request.t;
  return reply.sendApp(
    {
      title: `${t('blog.post.notFound')} | ${t('common.brand.name')}`,
      description: t('blog.post.notFoundText'),
      meta: [{ name: 'robots', content: 'noindex' }],
    },
    404,
  );
}

/**
 * A blog post's own page, `/blog/{slug}`: its preview (title, excerpt, cover) in the HTML;
 * an address it had before (an old slug, or the numeric id of old) answers 301 to the
 * current one; anything else, a draft or a scheduled post included, 404 with the app's
 * friendly page, as a listing page does. Also the blog's RSS feed.
 */
export async function blogPageRoutes(app: FastifyInstance) {
  const posts = createBlogRepository(app.db);

  app.get(BLOG_FEED_PATH, async (request, reply) => {
    if (!(await app.allowPublicPage(request, reply))) return reply;
    const explicit = isLocale((request.query as Record<string, unknown>)[LOCALE_PARAM]);
    const feed = blogFeed(
      await posts.published(FEED_SIZE, request.locale),
      siteOrigin(request),
      request.locale,
      explicit,
    );
    return (
      reply
        // A post is in the feed as soon as it is published.
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .type('application/rss+xml; charset=utf-8')
        .send(feed)
    );
  });

  // Deeper than a post (/blog/a/b), or a slug longer than the router takes: no post is there.
  app.get('/blog/*', postNotFound);

  app.get<{ Params: { ref: string } }>('/blog/:ref', async (request, reply) => {
    const { ref } = request.params;
    let post: PublishedPost | undefined;
    if (postRefSchema.safeParse(ref).success) post = await posts.findPublished(ref, request.locale);
    if (!post) return postNotFound(request, reply);
    if (post.slug !== ref) {
      const query = request.url.indexOf('?');
      return reply.redirect(`${blogPostPath(post.slug)}${query === -1 ? '' : request.url.slice(query)}`, 301);
    }
    return reply.sendApp(blogPostHead(post, siteOrigin(request), request.locale));
  });
}

import type { FastifyInstance } from 'fastify';
import type { BlogPost } from '../../../shared/blog';
import { createTranslator, type Locale } from '../../../shared/i18n';
import { siteOrigin } from '../../lib/site-origin';
import { linkPreviewMeta } from '../../plugins/link-preview';
import type { HeadTags } from '../../plugins/web-app';
import { createBlogRepository } from './repository';

/** Post ids are PostgreSQL integers: anything else cannot be a post. */
const POST_ID = /^[1-9]\d{0,9}$/;
const MAX_POST_ID = 2_147_483_647;

export function blogPostHead(post: BlogPost, origin: string, locale: Locale): HeadTags {
  const t = createTranslator(locale);
  const url = `${origin}/blog/${post.id}`;
  const meta = [
    ...linkPreviewMeta(
      { title: post.title, description: post.excerpt, url, image: post.imageUrl, type: 'article' },
      origin,
      locale,
    ),
    { property: 'article:published_time', content: post.publishedAt },
  ];
  return { title: `${post.title} | ${t('common.brand.name')}`, description: post.excerpt, canonical: url, meta };
}

/**
 * A blog post's own page: its preview (title, excerpt, cover) in the HTML, and 404 with the
 * app's friendly page for a post that does not exist, as a listing page does.
 */
export async function blogPageRoutes(app: FastifyInstance) {
  const posts = createBlogRepository(app.db);
  app.get<{ Params: { id: string } }>('/blog/:id', async (request, reply) => {
    const { id } = request.params;
    const post = POST_ID.test(id) && Number(id) <= MAX_POST_ID ? await posts.findById(Number(id)) : undefined;
    if (!post) {
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
    return reply.sendApp(blogPostHead(post, siteOrigin(request), request.locale));
  });
}

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_PAGE_SIZE } from '../../../shared/blog';
import { BLOG_SLUG_PATTERN } from '../../../shared/blog-editor-schema';
import { blogCategoriesSchema, blogListQuerySchema, blogListSchema, blogPostSchema } from '../../../shared/blog-schema';
import { HttpError } from '../../plugins/error-handler';
import { createBlogRepository } from './repository';

/** A post's address: a slug, or a numeric id of old (slugs always hold a letter). */
export const postRefSchema = z.string().max(100, 'blog.post.notFound').regex(BLOG_SLUG_PATTERN, 'blog.post.notFound');

/** Answers depend on the visitor's language (Somali versions) and change when staff publish. */
function languageDependent(reply: FastifyReply) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-language, cookie');
}

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = createBlogRepository(app.db);

  app.get(
    '/blog/posts',
    { schema: { querystring: blogListQuerySchema, response: { 200: blogListSchema } } },
    async (request, reply) => {
      const { category, page } = request.query;
      const { posts: rows, total } = await posts.list({
        category: category || undefined,
        limit: BLOG_PAGE_SIZE,
        offset: (page - 1) * BLOG_PAGE_SIZE,
        locale: request.locale,
      });
      languageDependent(reply);
      return { posts: rows, total, page, pageSize: BLOG_PAGE_SIZE, pageCount: Math.ceil(total / BLOG_PAGE_SIZE) };
    },
  );

  app.get('/blog/categories', { schema: { response: { 200: blogCategoriesSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { categories: await posts.categories() };
  });

  app.get(
    '/blog/posts/:ref',
    {
      schema: {
        params: z.strictObject({ ref: postRefSchema }),
        querystring: z.strictObject({ lang: z.string().optional() }),
        response: { 200: blogPostSchema },
      },
    },
    async (request, reply) => {
      const post = await posts.findPublished(request.params.ref, request.locale);
      if (!post) throw new HttpError(404, 'blog.post.notFound');
      const { markdown, ...rest } = post;
      languageDependent(reply);
      return { ...rest, html: app.renderMarkdown(markdown) };
    },
  );
};

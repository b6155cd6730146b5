import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOG_PAGE_SIZE } from '../../../shared/blog';
import { blogCategoriesSchema, blogListQuerySchema, blogListSchema, blogPostSchema } from '../../../shared/blog-schema';
import { HttpError } from '../../plugins/error-handler';
import { createBlogRepository } from './repository';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const posts = createBlogRepository(app.db);

  app.get(
    '/blog/posts',
    { schema: { querystring: blogListQuerySchema, response: { 200: blogListSchema } } },
    async (request) => {
      const { category, page } = request.query;
      const { posts: rows, total } = await posts.list({
        category: category || undefined,
        limit: BLOG_PAGE_SIZE,
        offset: (page - 1) * BLOG_PAGE_SIZE,
      });
      return { posts: rows, total, page, pageSize: BLOG_PAGE_SIZE, pageCount: Math.ceil(total / BLOG_PAGE_SIZE) };
    },
  );

  app.get('/blog/categories', { schema: { response: { 200: blogCategoriesSchema } } }, async () => ({
    categories: await posts.categories(),
  }));

  app.get(
    '/blog/posts/:id',
    {
      schema: {
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: blogPostSchema },
      },
    },
    async (request) => {
      const post = await posts.findById(request.params.id);
      if (!post) throw new HttpError(404, 'blog.post.notFound');
      return post;
    },
  );
};

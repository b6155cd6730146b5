import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogCategoriesSchema, blogListQuerySchema, blogListSchema, blogPostSchema } from '#shared/blog-schema';
import { createBlogService, postRefSchema } from './service';

/** Answers depend on the visitor's language (Somali versions) and change when staff publish. */
function languageDependent(reply: FastifyReply) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-language, cookie');
}

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const blog = createBlogService(app);

  app.get(
    '/blog/posts',
    { schema: { querystring: blogListQuerySchema, response: { 200: blogListSchema } } },
    async (request, reply) => {
      languageDependent(reply);
      return blog.list({ category: request.query.category, page: request.query.page, locale: request.locale });
    },
  );

  app.get('/blog/categories', { schema: { response: { 200: blogCategoriesSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return blog.categories();
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
      const post = await blog.post(request.params.ref, request.locale);
      languageDependent(reply);
      return post;
    },
  );
};

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { BLOG_PAGE_SIZE, type BlogList, type BlogPost } from '#shared/blog';
import { BLOG_SLUG_PATTERN } from '#shared/blog-editor-schema';
import type { BlogPostsQuery } from '#shared/public-reads';
import { createBlogRepository } from './repository';

/** A post's address: a slug, or a numeric id of old (slugs always hold a letter). */
export const postRefSchema = z.string().max(100, 'blog.post.notFound').regex(BLOG_SLUG_PATTERN, 'blog.post.notFound');

/** What visitors read of the blog: the API's routes and the server's pages answer with it. */
export function createBlogService(app: FastifyInstance) {
  const posts = createBlogRepository(app.db);
  return {
    async list({ category, page, locale }: BlogPostsQuery): Promise<BlogList> {
      const { posts: rows, total } = await posts.list({
        category: category || undefined,
        limit: BLOG_PAGE_SIZE,
        offset: (page - 1) * BLOG_PAGE_SIZE,
        locale,
      });
      return { posts: rows, total, page, pageSize: BLOG_PAGE_SIZE, pageCount: Math.ceil(total / BLOG_PAGE_SIZE) };
    },
    categories: async () => ({ categories: await posts.categories() }),
    /** A published post in the reader's language, its Markdown made HTML; 404 when there is none. */
    async post(ref: string, locale: BlogPostsQuery['locale']): Promise<BlogPost> {
      const post = postRefSchema.safeParse(ref).success ? await posts.findPublished(ref, locale) : undefined;
      if (!post) throw new HttpError(404, 'blog.post.notFound');
      const { markdown, ...rest } = post;
      return { ...rest, html: app.renderMarkdown(markdown) };
    },
  };
}

// The sitemap lists the published posts.
export { createBlogRepository } from './repository';

import { z } from 'zod';
import { LOCALES } from '#shared/i18n/core';
import type { BlogList, BlogPost, BlogPostSummary } from './blog';
import { singleLine } from './text-rules';

/**
 * Server-side schemas of the blog API (kept apart from blog.ts so the browser's blog pages
 * do not download zod).
 */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  publishedAt: z.string(),
  readTimeMinutes: z.number().int(),
  featured: z.boolean(),
  language: z.enum(LOCALES),
}) satisfies z.ZodType<BlogPostSummary>;

export const blogPostSchema = blogPostSummarySchema.extend({
  html: z.string(),
  author: z.string().nullable(),
}) satisfies z.ZodType<BlogPost>;

export const blogListQuerySchema = z.strictObject({
  category: singleLine(z.string().trim().max(100)).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lang: z.string().optional(),
});

export const blogListSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
}) satisfies z.ZodType<BlogList>;

export const blogCategoriesSchema = z.object({ categories: z.array(z.string()) });

import { z } from 'zod';

/** Spec §9: six cards per page (and six skeletons while loading). */
export const BLOG_PAGE_SIZE = 6;
/** Spec §9: the first three images load eagerly. */
export const BLOG_EAGER_IMAGES = 3;

export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  imageUrl: z.string(),
  category: z.string(),
  /** ISO date (YYYY-MM-DD); the browser formats it for the visitor's language. */
  publishedAt: z.string(),
  readTimeMinutes: z.number().int(),
  featured: z.boolean(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({ body: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListQuerySchema = z.strictObject({
  category: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lang: z.string().optional(),
});

export const blogListSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type BlogList = z.infer<typeof blogListSchema>;

export const blogCategoriesSchema = z.object({ categories: z.array(z.string()) });

/** A post body: blank lines separate paragraphs; a block starting with '## ' is a subheading. */
export type BodyBlock = { kind: 'heading' | 'paragraph'; text: string };
export function parsePostBody(body: string): BodyBlock[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      block.startsWith('## ')
        ? { kind: 'heading', text: block.slice(3).trim() }
        : { kind: 'paragraph', text: block.replace(/\s*\r?\n\s*/g, ' ') },
    );
}

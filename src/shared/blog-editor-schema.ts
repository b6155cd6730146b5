import { z } from 'zod';
import { BLOG_CATEGORIES, type BlogCategory } from './blog';
import { MAX_SEARCH_LENGTH } from './listing-filters';
import { nairobiInputToIso } from './nairobi-time';
import { multiLine, singleLine } from './text-rules';

/**
 * The blog editor's rules (docs/product.md#blog-editor), one schema for the staff form and
 * the server. Messages are catalog keys.
 */
const E = 'adminBlog.errors';

export const BLOG_LIMITS = { title: 200, slug: 100, excerpt: 500, author: 100, body: 50_000, readTime: 600 } as const;

/** Lower-case letters and digits, words joined by single hyphens. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a title: 'Buying Property in Nairobi!' → 'buying-property-in-nairobi'. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');
}

/** Reading speed behind the computed reading time. */
export const WORDS_PER_MINUTE = 200;

/** Minutes to read a Markdown body at WORDS_PER_MINUTE, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

const requiredLine = (max: number, required: string) =>
  singleLine(z.string({ message: required }).trim().min(1, required).max(max, `${E}.tooLong`));
const requiredText = (max: number, required: string) =>
  multiLine(z.string({ message: required }).trim().min(1, required).max(max, `${E}.tooLong`));
/** An optional text: empty means none. */
const optionalText = (max: number) =>
  multiLine(
    z
      .string({ message: `${E}.mustBeText` })
      .trim()
      .max(max, `${E}.tooLong`),
  );

const slugSchema = singleLine(
  z
    .string({ message: `${E}.slugRequired` })
    .trim()
    .min(1, `${E}.slugRequired`)
    .max(BLOG_LIMITS.slug, `${E}.tooLong`)
    .regex(BLOG_SLUG_PATTERN, `${E}.slugInvalid`)
    // Digits alone would read as an old /blog/{id} address.
    .refine((slug) => /[a-z]/.test(slug), `${E}.slugNeedsLetter`),
);

const SOMALI_FIELDS = ['titleSo', 'excerptSo', 'bodySo'] as const;

/** A post as staff send it, on create and edit (the cover travels beside it as a file). */
export const blogPostPayloadSchema = z
  .strictObject({
    title: requiredLine(BLOG_LIMITS.title, `${E}.titleRequired`),
    slug: slugSchema,
    category: z.enum(BLOG_CATEGORIES, { message: `${E}.categoryRequired` }),
    excerpt: requiredText(BLOG_LIMITS.excerpt, `${E}.excerptRequired`),
    author: singleLine(
      z
        .string({ message: `${E}.mustBeText` })
        .trim()
        .max(BLOG_LIMITS.author, `${E}.tooLong`),
    ),
    body: requiredText(BLOG_LIMITS.body, `${E}.bodyRequired`),
    /** Minutes set by hand; null: computed from the body. */
    readTimeMinutes: z
      .number({ message: `${E}.readTimeInvalid` })
      .int(`${E}.readTimeInvalid`)
      .min(1, `${E}.readTimeInvalid`)
      .max(BLOG_LIMITS.readTime, `${E}.readTimeInvalid`)
      .nullable(),
    titleSo: singleLine(
      z
        .string({ message: `${E}.mustBeText` })
        .trim()
        .max(BLOG_LIMITS.title, `${E}.tooLong`),
    ),
    excerptSo: optionalText(BLOG_LIMITS.excerpt),
    bodySo: optionalText(BLOG_LIMITS.body),
    /** On edit without a new cover: drop the current one. */
    removeCover: z.boolean({ message: `${E}.invalid` }).optional(),
  })
  .superRefine((post, context) => {
    // A Somali version is whole or absent: a Somali visitor never reads a mixed card.
    if (SOMALI_FIELDS.every((field) => post[field] === '')) return;
    for (const field of SOMALI_FIELDS) {
      if (post[field] === '') context.addIssue({ code: 'custom', path: [field], message: `${E}.somaliIncomplete` });
    }
  });

export type BlogPostPayload = z.output<typeof blogPostPayloadSchema>;
export type BlogPostFormValues = z.input<typeof blogPostPayloadSchema>;

export const EMPTY_BLOG_POST: BlogPostFormValues = {
  title: '',
  slug: '',
  category: 'Business',
  excerpt: '',
  author: '',
  body: '',
  readTimeMinutes: null,
  titleSo: '',
  excerptSo: '',
  bodySo: '',
};

export const BLOG_POST_STATES = ['draft', 'scheduled', 'published'] as const;
export type BlogPostState = (typeof BLOG_POST_STATES)[number];

export const ADMIN_BLOG_PAGE_SIZE = 20;

export const adminBlogQuerySchema = z.strictObject({
  q: singleLine(z.string().trim().max(MAX_SEARCH_LENGTH, `${E}.searchTooLong`)).optional(),
  state: z.enum(BLOG_POST_STATES, { message: `${E}.invalid` }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_BLOG_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminBlogQuery = z.output<typeof adminBlogQuerySchema>;

/** Publish at a given moment, sent as an ISO 8601 time with its offset (the form sends Nairobi's). */
export const blogScheduleSchema = z.strictObject({
  publishAt: z.iso.datetime({ offset: true, message: `${E}.scheduleInvalid` }),
});

/** The schedule form: a date and a time on the Nairobi clock, becoming the instant the API takes. */
export const blogScheduleFormSchema = z
  .strictObject({ date: z.string(), time: z.string() })
  .transform((value, context) => {
    const publishAt = nairobiInputToIso(value.date, value.time);
    if (publishAt) return { publishAt };
    context.addIssue({ code: 'custom', path: ['date'], message: `${E}.scheduleInvalid` });
    return z.NEVER;
  });

export const blogPreviewSchema = z.strictObject({
  body: multiLine(z.string({ message: `${E}.mustBeText` }).max(BLOG_LIMITS.body, `${E}.tooLong`)),
});

/** A post as the staff list shows it. */
export interface AdminBlogPostSummary {
  id: number;
  slug: string;
  title: string;
  category: BlogCategory | string;
  author: string | null;
  imageUrl: string | null;
  state: BlogPostState;
  /** When it went or goes public (ISO 8601); null for a draft. */
  publishedAt: string | null;
  updatedAt: string;
  hasSomali: boolean;
}

/** A post as the editor opens it: its Markdown, both languages, the state. */
export interface AdminBlogPost extends AdminBlogPostSummary {
  excerpt: string;
  body: string;
  /** What pages show: the override, or the time computed from the body. */
  readTimeMinutes: number;
  readTimeOverride: number | null;
  titleSo: string | null;
  excerptSo: string | null;
  bodySo: string | null;
  createdAt: string;
}

export interface AdminBlogList {
  items: AdminBlogPostSummary[];
  total: number;
}

/** The editor's form values for a stored post. */
export function blogPostFormValues(post: AdminBlogPost): BlogPostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    // A category the list does not hold stays as it is: the form asks for a valid one.
    category: post.category as BlogCategory,
    excerpt: post.excerpt,
    author: post.author ?? '',
    body: post.body,
    readTimeMinutes: post.readTimeOverride,
    titleSo: post.titleSo ?? '',
    excerptSo: post.excerptSo ?? '',
    bodySo: post.bodySo ?? '',
  };
}

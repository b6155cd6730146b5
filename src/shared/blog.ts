import type { Locale, MessageKey, Translate } from './i18n';

/** docs/product.md#blog: six cards per page (and six skeletons while loading). */
export const BLOG_PAGE_SIZE = 6;
/** docs/product.md#blog: the first three images load eagerly. */
export const BLOG_EAGER_IMAGES = 3;

/**
 * The blog's categories, stored by their English name (the key in addresses and filters) and
 * shown through the catalog. Staff pick one of these; a new one is a new row here and in the
 * catalog, so every category reads right in both languages.
 */
export const BLOG_CATEGORIES = [
  'Business',
  'Real Estate',
  'Travel',
  'Digital Marketing',
  'Investment',
  'Finance',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

const BLOG_CATEGORY_LABELS: Record<BlogCategory, MessageKey> = {
  Business: 'blog.categories.business',
  'Real Estate': 'blog.categories.realEstate',
  Travel: 'blog.categories.travel',
  'Digital Marketing': 'blog.categories.digitalMarketing',
  Investment: 'blog.categories.investment',
  Finance: 'blog.categories.finance',
};

/** A category's name in the visitor's language; a category the catalog does not know is shown as stored. */
export function blogCategoryLabel(category: string, t: Translate): string {
  const key = Object.hasOwn(BLOG_CATEGORY_LABELS, category)
    ? BLOG_CATEGORY_LABELS[category as BlogCategory]
    : undefined;
  return key ? t(key) : category;
}

/** The site's picture (1200 × 630, the blog covers' size) stands in for a post without a cover. */
export const BLOG_FALLBACK_IMAGE = '/og-image.png';

/** The RSS 2.0 feed of published posts. */
export const BLOG_FEED_PATH = '/blog/rss.xml';

/** A post's public address (docs/product.md#blog). */
export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}

/** A post in the list (the API's answer; blog-schema.ts validates it on the server). */
export interface BlogPostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** The cover, or null (pages show BLOG_FALLBACK_IMAGE). */
  imageUrl: string | null;
  category: string;
  /** When it went public (ISO 8601); pages show the Nairobi calendar day. */
  publishedAt: string;
  readTimeMinutes: number;
  featured: boolean;
  /** The language of title, excerpt and body: Somali when the post has a Somali version and the visitor reads Somali. */
  language: Locale;
}

export interface BlogPost extends BlogPostSummary {
  /** The body as sanitised HTML, made on the server from the post's Markdown. */
  html: string;
  author: string | null;
}

export interface BlogList {
  posts: BlogPostSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

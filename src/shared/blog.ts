import type { MessageKey, Translate } from './i18n';

/** Spec §9: six cards per page (and six skeletons while loading). */
export const BLOG_PAGE_SIZE = 6;
/** Spec §9: the first three images load eagerly. */
export const BLOG_EAGER_IMAGES = 3;

/** The stored blog categories and their catalog keys: the stored name stays the key in URLs and filters. */
const BLOG_CATEGORY_LABELS: Record<string, MessageKey> = {
  Business: 'blog.categories.business',
  'Real Estate': 'blog.categories.realEstate',
  Travel: 'blog.categories.travel',
  'Digital Marketing': 'blog.categories.digitalMarketing',
  Investment: 'blog.categories.investment',
  Finance: 'blog.categories.finance',
};

/** A category's name in the visitor's language; a category the catalog does not know is shown as stored. */
export function blogCategoryLabel(category: string, t: Translate): string {
  const key = Object.hasOwn(BLOG_CATEGORY_LABELS, category) ? BLOG_CATEGORY_LABELS[category] : undefined;
  return key ? t(key) : category;
}

/** A post in the list (the API's answer; blog-schema.ts validates it on the server). */
export interface BlogPostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string;
  category: string;
  /** ISO date (YYYY-MM-DD); the browser formats it for the visitor's language. */
  publishedAt: string;
  readTimeMinutes: number;
  featured: boolean;
}

export interface BlogPost extends BlogPostSummary {
  body: string;
}

export interface BlogList {
  posts: BlogPostSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

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

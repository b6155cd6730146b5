import type { Queryable } from '#server/db/database';
import type { BlogPost, BlogPostSummary } from '#shared/blog';
import type { Locale } from '#shared/i18n';

/** Public readers see a post once its time has come: the database's clock decides, no timer. */
export const IS_PUBLISHED = 'published_at <= now()';

const SUMMARY_COLUMNS = `id, slug, title, excerpt, title_so, excerpt_so, image_url, category, published_at,
  read_time_minutes, featured`;

interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  title_so: string | null;
  excerpt_so: string | null;
  image_url: string | null;
  category: string;
  published_at: string | Date;
  read_time_minutes: number;
  featured: boolean;
}
interface PostRow extends SummaryRow {
  body: string;
  body_so: string | null;
  author: string | null;
}

/** Somali readers get the Somali version when the post has one (it is whole or absent). */
const readsSomali = (row: SummaryRow, locale: Locale) => locale === 'so' && row.title_so !== null;

function toSummary(row: SummaryRow, locale: Locale): BlogPostSummary {
  const somali = readsSomali(row, locale);
  return {
    id: row.id,
    slug: row.slug,
    title: somali ? (row.title_so ?? row.title) : row.title,
    excerpt: somali ? (row.excerpt_so ?? row.excerpt) : row.excerpt,
    imageUrl: row.image_url,
    category: row.category,
    publishedAt: new Date(row.published_at).toISOString(),
    readTimeMinutes: row.read_time_minutes,
    featured: row.featured,
    language: somali ? 'so' : 'en',
  };
}

/** A published post with its body as written; the routes render it (markdown.ts). */
export type PublishedPost = Omit<BlogPost, 'html'> & { markdown: string; hasSomali: boolean };

/** A post's page address: its slug, an old slug of it, or its old numeric id. */
const POST_ID = /^[1-9]\d{0,9}$/;
const MAX_POST_ID = 2_147_483_647;

/** What visitors read: published posts only. */
export function createBlogRepository(db: Queryable) {
  return {
    /** One page of posts, newest first, optionally in one category, with the total count. */
    async list({
      category,
      limit,
      offset,
      locale,
    }: {
      category?: string;
      limit: number;
      offset: number;
      locale: Locale;
    }) {
      const { rows } = await db.query<SummaryRow & { total: number }>(
        `SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total
         FROM blog_posts
         WHERE ${IS_PUBLISHED} AND ($1::text IS NULL OR category = $1)
         ORDER BY published_at DESC, id DESC
         LIMIT $2 OFFSET $3`,
        [category ?? null, limit, offset],
      );
      let total = rows[0]?.total;
      if (total === undefined) {
        // A page past the end still needs the real count for the pagination bar.
        const count = await db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM blog_posts WHERE ${IS_PUBLISHED} AND ($1::text IS NULL OR category = $1)`,
          [category ?? null],
        );
        total = count.rows[0]?.total ?? 0;
      }
      return { posts: rows.map((row) => toSummary(row, locale)), total };
    },

    async categories(): Promise<string[]> {
      const { rows } = await db.query<{ category: string }>(
        `SELECT category FROM blog_posts WHERE ${IS_PUBLISHED}
         GROUP BY category ORDER BY max(published_at) DESC, category`,
      );
      return rows.map((row) => row.category);
    },

    /**
     * The published post a page address names: by its slug, a slug it had before, or its
     * numeric id (the addresses of old). The caller compares slugs to redirect.
     */
    async findPublished(ref: string, locale: Locale): Promise<PublishedPost | undefined> {
      const id = POST_ID.test(ref) && Number(ref) <= MAX_POST_ID ? Number(ref) : null;
      const { rows } = await db.query<PostRow>(
        `SELECT ${SUMMARY_COLUMNS}, body, body_so, author FROM blog_posts
         WHERE ${IS_PUBLISHED}
           AND (slug = $1 OR id = $2 OR id = (SELECT post_id FROM blog_slug_redirects WHERE slug = $1))
         ORDER BY slug = $1 DESC
         LIMIT 1`,
        [ref, id],
      );
      const row = rows[0];
      if (!row) return undefined;
      const somali = readsSomali(row, locale);
      return {
        ...toSummary(row, locale),
        markdown: somali ? (row.body_so ?? row.body) : row.body,
        author: row.author,
        hasSomali: row.title_so !== null,
      };
    },

    /** Every published post, newest first, for the sitemap and the feed. */
    async published(limit: number, locale: Locale): Promise<(BlogPostSummary & { updatedAt: string })[]> {
      const { rows } = await db.query<SummaryRow & { updated_at: string | Date }>(
        `SELECT ${SUMMARY_COLUMNS}, updated_at FROM blog_posts WHERE ${IS_PUBLISHED}
         ORDER BY published_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({ ...toSummary(row, locale), updatedAt: new Date(row.updated_at).toISOString() }));
    },
  };
}

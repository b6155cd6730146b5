import type { Queryable } from '#server/db/database';
import {
  type AdminBlogPost,
  type AdminBlogPostSummary,
  type AdminBlogQuery,
  type BlogPostPayload,
  type BlogPostState,
  readingMinutes,
} from '#shared/blog-editor-schema';
import { IS_PUBLISHED } from './repository';

const STATE = `CASE WHEN published_at IS NULL THEN 'draft' WHEN ${IS_PUBLISHED} THEN 'published' ELSE 'scheduled' END`;

const SUMMARY_COLUMNS = `id, slug, title, category, author, image_url, published_at, updated_at,
  title_so IS NOT NULL AS has_somali, ${STATE} AS state`;
const POST_COLUMNS = `${SUMMARY_COLUMNS}, excerpt, body, read_time_minutes, read_time_override, title_so, excerpt_so,
  body_so, created_at`;

const STATE_CONDITIONS: Record<BlogPostState, string> = {
  draft: 'published_at IS NULL',
  scheduled: 'published_at > now()',
  published: IS_PUBLISHED,
};

interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  category: string;
  author: string | null;
  image_url: string | null;
  published_at: string | Date | null;
  updated_at: string | Date;
  has_somali: boolean;
  state: BlogPostState;
}
interface PostRow extends SummaryRow {
  excerpt: string;
  body: string;
  read_time_minutes: number;
  read_time_override: number | null;
  title_so: string | null;
  excerpt_so: string | null;
  body_so: string | null;
  created_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toSummary(row: SummaryRow): AdminBlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    author: row.author,
    imageUrl: row.image_url,
    state: row.state,
    publishedAt: row.published_at === null ? null : iso(row.published_at),
    updatedAt: iso(row.updated_at),
    hasSomali: row.has_somali,
  };
}

function toPost(row: PostRow): AdminBlogPost {
  return {
    ...toSummary(row),
    excerpt: row.excerpt,
    body: row.body,
    readTimeMinutes: row.read_time_minutes,
    readTimeOverride: row.read_time_override,
    titleSo: row.title_so,
    excerptSo: row.excerpt_so,
    bodySo: row.body_so,
    createdAt: iso(row.created_at),
  };
}

/** The stored columns of a post as staff wrote it (the cover comes from the upload). */
function writableValues(post: BlogPostPayload, imageUrl: string | null): unknown[] {
  const none = (text: string) => (text === '' ? null : text);
  return [
    post.title,
    post.slug,
    post.category,
    post.excerpt,
    none(post.author),
    post.body,
    post.readTimeMinutes ?? readingMinutes(post.body),
    post.readTimeMinutes,
    none(post.titleSo),
    none(post.excerptSo),
    none(post.bodySo),
    imageUrl,
  ];
}
const WRITABLE_COLUMNS = `title, slug, category, excerpt, author, body, read_time_minutes, read_time_override,
  title_so, excerpt_so, body_so, image_url`;

/** A slug another post has, or had before (its old address must keep leading to it). */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`slug taken: ${slug}`);
    this.name = 'SlugTakenError';
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The blog as staff manage it: every state, the Markdown, the slugs' history. */
export function blogAdminRepository(db: Queryable) {
  const findById = async (id: number): Promise<AdminBlogPost | undefined> => {
    const { rows } = await db.query<PostRow>(`SELECT ${POST_COLUMNS} FROM blog_posts WHERE id = $1`, [id]);
    return rows[0] && toPost(rows[0]);
  };

  const assertSlugFree = async (slug: string, postId: number | null) => {
    const { rows } = await db.query(
      `SELECT 1 FROM blog_posts WHERE slug = $1 AND id IS DISTINCT FROM $2
       UNION ALL SELECT 1 FROM blog_slug_redirects WHERE slug = $1 AND post_id IS DISTINCT FROM $2`,
      [slug, postId],
    );
    if (rows.length > 0) throw new SlugTakenError(slug);
  };

  /** Runs a write, turning a slug clash that slipped past the check (two saves at once) into SlugTakenError. */
  const writing = async <T>(slug: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      throw isUniqueViolation(error) ? new SlugTakenError(slug) : error;
    }
  };

  /** Sets published_at for a post and answers the post, or undefined when it does not exist. */
  const setPublishedAt = async (id: number, sql: string, params: unknown[] = []) => {
    const { rows } = await db.query<{ id: number }>(
      `UPDATE blog_posts SET published_at = ${sql}, updated_at = now() WHERE id = $1 RETURNING id`,
      [id, ...params],
    );
    return rows[0] ? findById(id) : undefined;
  };

  return {
    findById,

    /** One page of posts, last edited first, by state and search, with the total. */
    async list(f: AdminBlogQuery): Promise<{ items: AdminBlogPostSummary[]; total: number }> {
      const values: unknown[] = [];
      const where: string[] = [];
      if (f.state) where.push(STATE_CONDITIONS[f.state]);
      if (f.q) {
        values.push(f.q.toLowerCase());
        const n = values.length;
        where.push(
          `(strpos(lower(title), $${n}) > 0 OR strpos(slug, $${n}) > 0 OR strpos(lower(coalesce(title_so, '')), $${n}) > 0
            OR strpos(lower(coalesce(author, '')), $${n}) > 0)`,
        );
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const [page, count] = await Promise.all([
        db.query<SummaryRow>(
          `SELECT ${SUMMARY_COLUMNS} FROM blog_posts ${whereSql}
           ORDER BY updated_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
          [...values, f.limit, f.offset],
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM blog_posts ${whereSql}`, values),
      ]);
      return { items: page.rows.map(toSummary), total: count.rows[0]?.total ?? 0 };
    },

    /** A new post, a draft. */
    async insert(post: BlogPostPayload, imageUrl: string | null): Promise<AdminBlogPost> {
      await assertSlugFree(post.slug, null);
      const { rows } = await writing(post.slug, () =>
        db.query<{ id: number }>(
          `INSERT INTO blog_posts (${WRITABLE_COLUMNS}, published_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL) RETURNING id`,
          writableValues(post, imageUrl),
        ),
      );
      return (await findById(rows[0]?.id as number)) as AdminBlogPost;
    },

    /**
     * Saves an edit. A new slug leaves the old one behind as a redirect to this post; taking
     * back a slug the post had before removes that redirect.
     */
    async update(current: AdminBlogPost, post: BlogPostPayload, imageUrl: string | null) {
      if (post.slug !== current.slug) {
        await assertSlugFree(post.slug, current.id);
        await db.query('DELETE FROM blog_slug_redirects WHERE slug = $1 AND post_id = $2', [post.slug, current.id]);
        await db.query(
          'INSERT INTO blog_slug_redirects (slug, post_id) VALUES ($1, $2) ON CONFLICT (slug) DO NOTHING',
          [current.slug, current.id],
        );
      }
      const { rows } = await writing(post.slug, () =>
        db.query<{ id: number }>(
          `UPDATE blog_posts SET (${WRITABLE_COLUMNS}, updated_at) =
             ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now())
           WHERE id = $1 RETURNING id`,
          [current.id, ...writableValues(post, imageUrl)],
        ),
      );
      return rows[0] ? findById(current.id) : undefined;
    },

    /** Public now (a draft or a scheduled post); a published post keeps its date. */
    publish: (id: number) =>
      setPublishedAt(id, `CASE WHEN published_at IS NOT NULL AND ${IS_PUBLISHED} THEN published_at ELSE now() END`),

    /** Public from `at`; refused (undefined state) unless `at` is still ahead of the database's clock. */
    async schedule(id: number, at: string): Promise<AdminBlogPost | 'past' | undefined> {
      const { rows } = await db.query<{ future: boolean }>('SELECT $1::timestamptz > now() AS future', [at]);
      if (!rows[0]?.future) return 'past';
      return setPublishedAt(id, '$2::timestamptz', [at]);
    },

    /** Back to a draft. */
    unpublish: (id: number) => setPublishedAt(id, 'NULL'),

    async delete(id: number): Promise<AdminBlogPost | undefined> {
      const post = await findById(id);
      if (!post) return undefined;
      await db.query('DELETE FROM blog_posts WHERE id = $1', [id]);
      return post;
    },

    /** Whether any post still shows this cover. */
    async coverInUse(url: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM blog_posts WHERE image_url = $1 LIMIT 1', [url]);
      return rows.length > 0;
    },
  };
}

import type { BlogPost, BlogPostSummary } from '../../../shared/blog';
import type { Queryable } from '../../db/database';

const SUMMARY_COLUMNS = `id, slug, title, excerpt, image_url AS "imageUrl", category,
  to_char(published_at, 'YYYY-MM-DD') AS "publishedAt", read_time_minutes AS "readTimeMinutes", featured`;

export function createBlogRepository(db: Queryable) {
  return {
    /** One page of posts, newest first, optionally in one category, with the total count. */
    async list({ category, limit, offset }: { category?: string; limit: number; offset: number }) {
      const params: unknown[] = [category ?? null, limit, offset];
      const { rows } = await db.query<BlogPostSummary & { total: number }>(
        `SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total
         FROM blog_posts
         WHERE ($1::text IS NULL OR category = $1)
         ORDER BY published_at DESC, id DESC
         LIMIT $2 OFFSET $3`,
        params,
      );
      let total = rows[0]?.total;
      if (total === undefined) {
        // A page past the end still needs the real count for the pagination bar.
        const count = await db.query<{ total: number }>(
          'SELECT count(*)::int AS total FROM blog_posts WHERE ($1::text IS NULL OR category = $1)',
          [category ?? null],
        );
        total = count.rows[0]?.total ?? 0;
      }
      return { posts: rows.map(({ total: _total, ...post }) => post), total };
    },

    async categories(): Promise<string[]> {
      const { rows } = await db.query<{ category: string }>(
        'SELECT category FROM blog_posts GROUP BY category ORDER BY min(published_at) DESC, category',
      );
      return rows.map((row) => row.category);
    },

    async findById(id: number): Promise<BlogPost | undefined> {
      const { rows } = await db.query<BlogPost>(`SELECT ${SUMMARY_COLUMNS}, body FROM blog_posts WHERE id = $1`, [id]);
      return rows[0];
    },
  };
}

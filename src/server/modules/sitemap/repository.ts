import type { Queryable } from '#server/db/database';
import type { Category } from '#shared/categories';

/** What the sitemap reads of the listings: those on offer, shown and active. */
export function createSitemapRepository(db: Queryable) {
  return {
    /** The listings on offer, most recently changed first. */
    async liveListings(limit: number): Promise<{ id: string; category: Category; updatedAt: string }[]> {
      const { rows } = await db.query<{ id: string; category: Category; updated_at: string | Date }>(
        `SELECT id, category, updated_at FROM listings WHERE is_active AND availability = 'active'
         ORDER BY updated_at DESC, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        id: row.id,
        category: row.category,
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
    },
  };
}

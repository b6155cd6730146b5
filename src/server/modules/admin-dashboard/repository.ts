import type { DashboardStats } from '../../../shared/dashboard-stats';
import type { Queryable } from '../../db/database';
import { toListing } from '../admin-listings/repository';

export function dashboardRepository(db: Queryable) {
  return {
    /** Spec §3 dashboard stats, counted in SQL. */
    async stats() {
      const { rows } = await db.query<DashboardStats>(
        `SELECT
           (SELECT count(*) FROM listings)::int AS "totalListings",
           (SELECT count(*) FROM listings WHERE category = 'product')::int AS products,
           (SELECT count(*) FROM listings WHERE category = 'property')::int AS properties,
           (SELECT count(*) FROM listings WHERE category = 'business')::int AS businesses,
           (SELECT count(*) FROM listings WHERE category = 'visa')::int AS visas,
           (SELECT count(*) FROM blog_posts)::int AS blogs,
           (SELECT count(*) FROM inquiries)::int AS "totalInquiries",
           (SELECT count(*) FROM inquiries WHERE status = 'new')::int AS "newInquiries",
           (SELECT count(*) FROM inquiries WHERE status = 'converted')::int AS "convertedInquiries"`,
      );
      return rows[0] as DashboardStats;
    },

    async analytics(from: Date, to: Date) {
      const { rows } = await db.query<{ listings: number; inquiries: number; converted: number }>(
        `SELECT
           (SELECT count(*) FROM listings WHERE created_at >= $1 AND created_at < $2)::int AS listings,
           (SELECT count(*) FROM inquiries WHERE created_at >= $1 AND created_at < $2)::int AS inquiries,
           (SELECT count(*) FROM inquiries WHERE created_at >= $1 AND created_at < $2
              AND status = 'converted')::int AS converted`,
        [from.toISOString(), to.toISOString()],
      );
      return rows[0] as { listings: number; inquiries: number; converted: number };
    },

    /** Every listing created in the range, oldest first, for the CSV export. */
    async listingsCreatedBetween(from: Date, to: Date) {
      const { rows } = await db.query<Parameters<typeof toListing>[0]>(
        `SELECT * FROM listings WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at, id LIMIT 100000`,
        [from.toISOString(), to.toISOString()],
      );
      return rows.map(toListing);
    },

    async inquiries(limit: number, offset: number) {
      const { rows } = await db.query<{
        id: string;
        name: string;
        email: string;
        subject: string;
        message: string;
        status: 'new' | 'read' | 'converted';
        created_at: string | Date;
      }>(
        `SELECT id, name, email, subject, message, status, created_at FROM inquiries
         ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      );
      return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
    },

    async setInquiryStatus(id: string, status: 'new' | 'read' | 'converted') {
      const { rowCount } = await db.query('UPDATE inquiries SET status = $2, updated_at = now() WHERE id = $1', [
        id,
        status,
      ]);
      return rowCount > 0;
    },
  };
}

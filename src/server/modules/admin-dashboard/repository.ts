import type { Queryable } from '#server/db/database';
import { likeContains } from '#server/db/like-pattern';
import { type ListingRow, staffListingFromRow } from '#server/db/listing-columns';
import type { AdminInquiryQuery, Inquiry, InquiryStatus } from '#shared/admin-inquiry-query';
import { FOREIGN_CURRENCIES } from '#shared/currency';
import type { DashboardStats } from '#shared/dashboard-stats';

/** What an inquiry search matches; the trigram index of migration 006_staff_list_indexes is on this very expression. */
const INQUIRY_TEXT = "lower(name || ' ' || email || ' ' || subject || ' ' || message)";

type StatsRow = Omit<DashboardStats, 'rates'> & {
  ratesSet: string[];
  oldestSetOn: string | null;
  ageDays: number | null;
};

export function dashboardRepository(db: Queryable) {
  return {
    /** The overview's stats (docs/product.md#overview), counted in SQL. */
    async stats() {
      const { rows } = await db.query<StatsRow>(
        `SELECT
           (SELECT count(*) FROM listings)::int AS "totalListings",
           (SELECT count(*) FROM listings WHERE category = 'product')::int AS products,
           (SELECT count(*) FROM listings WHERE category = 'property')::int AS properties,
           (SELECT count(*) FROM listings WHERE category = 'business')::int AS businesses,
           (SELECT count(*) FROM listings WHERE category = 'visa')::int AS visas,
           (SELECT count(*) FROM blog_posts)::int AS blogs,
           (SELECT count(*) FROM inquiries)::int AS "totalInquiries",
           (SELECT count(*) FROM inquiries WHERE status = 'new')::int AS "newInquiries",
           (SELECT count(*) FROM inquiries WHERE status = 'converted')::int AS "convertedInquiries",
           (SELECT coalesce(array_agg(currency), '{}') FROM exchange_rates) AS "ratesSet",
           (SELECT min(set_on)::text FROM exchange_rates) AS "oldestSetOn",
           -- Days on the Nairobi calendar, as the rates' day is entered.
           (SELECT (now() AT TIME ZONE 'Africa/Nairobi')::date - min(set_on) FROM exchange_rates) AS "ageDays"`,
      );
      const { ratesSet, oldestSetOn, ageDays, ...counts } = rows[0] as StatsRow;
      const set = new Set(ratesSet);
      return {
        ...counts,
        rates: {
          missing: FOREIGN_CURRENCIES.filter((currency) => !set.has(currency)),
          oldestSetOn,
          ageDays: ageDays === null ? null : Number(ageDays),
        },
      } satisfies DashboardStats;
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
      const { rows } = await db.query<ListingRow>(
        `SELECT * FROM listings WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at, id LIMIT 100000`,
        [from.toISOString(), to.toISOString()],
      );
      return rows.map(staffListingFromRow);
    },

    /** One page of inquiries, newest first, by status and search, with the total. */
    async inquiries(f: AdminInquiryQuery) {
      const values: unknown[] = [];
      const where: string[] = [];
      if (f.status) {
        values.push(f.status);
        where.push(`status = $${values.length}`);
      }
      if (f.q) {
        values.push(likeContains(f.q));
        where.push(`${INQUIRY_TEXT} LIKE $${values.length}`);
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const [page, count] = await Promise.all([
        db.query<Omit<Inquiry, 'created_at'> & { created_at: string | Date }>(
          `SELECT id, name, email, subject, message, status, created_at FROM inquiries ${clause}
           ORDER BY created_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
          [...values, f.limit, f.offset],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inquiries ${clause}`, values),
      ]);
      return {
        items: page.rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
        total: count.rows[0]?.n ?? 0,
      };
    },

    /** Sets an inquiry's status; its subject and the status it had, or null when there is no such inquiry. */
    async setInquiryStatus(
      id: string,
      status: InquiryStatus,
    ): Promise<{ subject: string; from: InquiryStatus } | null> {
      const { rows } = await db.query<{ subject: string; from: InquiryStatus }>(
        `UPDATE inquiries i SET status = $2, updated_at = now()
         FROM (SELECT id, status FROM inquiries WHERE id = $1 FOR UPDATE) old
         WHERE i.id = old.id RETURNING i.subject, old.status AS "from"`,
        [id, status],
      );
      return rows[0] ?? null;
    },
  };
}

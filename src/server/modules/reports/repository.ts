import type { Queryable } from '#server/db/database';
import type { Category } from '#shared/categories';
import { listingPath } from '#shared/listing-format';
import type { AdminReportQuery, ListingReportRow, ReportReason, ReportStatus } from '#shared/listing-report';

interface ReportDbRow {
  id: string;
  listing_id: string;
  title: string;
  category: Category;
  is_active: boolean;
  reason: ReportReason;
  note: string;
  contact: string;
  status: ReportStatus;
  created_at: string | Date;
  resolved_at: string | Date | null;
  resolved_by: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function reportFromRow(row: ReportDbRow): ListingReportRow {
  return {
    id: row.id,
    listing: {
      id: row.listing_id,
      title: row.title,
      path: listingPath({ id: row.listing_id, category: row.category }),
      isActive: row.is_active,
    },
    reason: row.reason,
    note: row.note,
    contact: row.contact,
    status: row.status,
    createdAt: iso(row.created_at),
    resolvedAt: row.resolved_at ? iso(row.resolved_at) : null,
    resolvedBy: row.resolved_by,
  };
}

export function reportsRepository(db: Queryable) {
  return {
    /**
     * Stores a report on a public listing from `reporter` (the day's hash of an address), unless
     * that reporter already sent `perDay` reports on it this UTC day: 'no-listing' when there is
     * no such listing to report, 'capped' when it is not stored for that reason; a stored one
     * comes with its id and its listing's title and category.
     */
    async create(
      listingId: string,
      input: { reason: ReportReason; note: string; contact: string },
      reporter: string,
      perDay: number,
    ): Promise<
      { outcome: 'created'; id: string; title: string; category: Category } | { outcome: 'no-listing' | 'capped' }
    > {
      const { rows } = await db.query<{ listed: boolean; made: string | null; title: string; category: Category }>(
        `WITH target AS (SELECT id, title, category FROM listings WHERE id = $1 AND is_active),
         earlier AS (
           SELECT count(*)::int AS n FROM listing_reports
           WHERE listing_id = $1 AND reporter = $5::bigint
             AND created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
         ),
         made AS (
           INSERT INTO listing_reports (listing_id, reason, note, contact, reporter)
           SELECT t.id, $2, $3, $4, $5::bigint FROM target t, earlier e WHERE e.n < $6
           RETURNING id
         )
         SELECT EXISTS (SELECT 1 FROM target) AS listed, (SELECT id FROM made) AS made,
                (SELECT title FROM target) AS title, (SELECT category FROM target) AS category`,
        [listingId, input.reason, input.note, input.contact, reporter, perDay],
      );
      const outcome = rows[0];
      if (!outcome?.listed) return { outcome: 'no-listing' };
      if (!outcome.made) return { outcome: 'capped' };
      return { outcome: 'created', id: outcome.made, title: outcome.title, category: outcome.category };
    },

    /** One page of reports of a status, newest first, with that status's total and the open count. */
    async page(query: AdminReportQuery) {
      const [page, counts] = await Promise.all([
        db.query<ReportDbRow>(
          `SELECT r.id, r.listing_id, l.title, l.category, l.is_active, r.reason, r.note, r.contact, r.status,
                  r.created_at, r.resolved_at, s.username AS resolved_by
           FROM listing_reports r
           JOIN listings l ON l.id = r.listing_id
           LEFT JOIN staff_users s ON s.id = r.resolved_by
           WHERE r.status = $1
           ORDER BY r.created_at DESC, r.id DESC
           LIMIT $2 OFFSET $3`,
          [query.status, query.limit, query.offset],
        ),
        db.query<{ status: ReportStatus; n: number }>(
          'SELECT status, count(*)::int AS n FROM listing_reports GROUP BY status',
        ),
      ]);
      const count = (status: ReportStatus) => counts.rows.find((row) => row.status === status)?.n ?? 0;
      return { items: page.rows.map(reportFromRow), total: count(query.status), open: count('open') };
    },

    async openCount(): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM listing_reports WHERE status = 'open'",
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Resolves or reopens a report as `staffId`; the status it had and the listing's title, or
     * null when there is no such report.
     */
    async setStatus(id: string, status: ReportStatus, staffId: string) {
      const { rows } = await db.query<{ from: ReportStatus; title: string }>(
        `UPDATE listing_reports r
         SET status = $2,
             resolved_at = CASE WHEN $2 = 'resolved' THEN now() END,
             resolved_by = CASE WHEN $2 = 'resolved' THEN $3::uuid END
         FROM (SELECT id, status FROM listing_reports WHERE id = $1 FOR UPDATE) old, listings l
         WHERE r.id = old.id AND l.id = r.listing_id
         RETURNING old.status AS "from", l.title`,
        [id, status, staffId],
      );
      return rows[0] ?? null;
    },
  };
}

import type { Queryable } from '#server/db/database';
import type { Category } from '#shared/categories';
import type { LeadKind, ListingLeads } from '#shared/leads';

/** One counted event waiting in the buffer: a visitor (hash) did `kind` on a listing that day. */
export interface BufferedLead {
  day: string;
  listingId: string;
  kind: LeadKind;
  visitor: string;
}

/**
 * New events one address (visitor) may add in a UTC day, over every listing and kind: far
 * above what a person browses, so one address cannot move many listings' counts (decision 0071).
 */
export const LEAD_EVENTS_PER_ADDRESS_PER_DAY = 300;

/**
 * Stores a batch in one statement: each event is kept once per visitor, listing, kind and
 * day, at most $5 new ones per visitor and day, and only the new ones add to the roll-ups (per
 * listing and day, per listing and calendar year, per category and day). Events
 * of a listing that no longer exists are dropped. Returns how many were new.
 */
export const FLUSH_SQL = `
WITH incoming AS (
  SELECT DISTINCT e.day, e.listing_id, e.kind, e.visitor, l.category
  FROM unnest($1::date[], $2::uuid[], $3::text[], $4::bigint[]) AS e(day, listing_id, kind, visitor)
  -- One primary-key lookup per event: a plain join lets the planner hash every listing
  -- (100,000 index entries read per flush, growing with the catalogue) to match a thousand.
  JOIN LATERAL (SELECT category FROM listings WHERE id = e.listing_id LIMIT 1) l ON true
),
-- Events not stored yet, numbered per visitor and day, so the ones past its daily cap are left out.
unseen AS (
  SELECT i.day, i.listing_id, i.kind, i.visitor,
         row_number() OVER (PARTITION BY i.day, i.visitor ORDER BY i.listing_id, i.kind) AS nth
  FROM incoming i
  WHERE NOT EXISTS (
    SELECT 1 FROM lead_events x
    WHERE x.day = i.day AND x.listing_id = i.listing_id AND x.kind = i.kind AND x.visitor = i.visitor
  )
),
fresh AS (
  INSERT INTO lead_events (day, listing_id, kind, visitor)
  SELECT u.day, u.listing_id, u.kind, u.visitor FROM unseen u
  LEFT JOIN lead_address_days a ON a.day = u.day AND a.visitor = u.visitor
  WHERE u.nth + coalesce(a.events, 0) <= $5
  ON CONFLICT DO NOTHING
  RETURNING day, listing_id, kind, visitor
),
by_address AS (
  INSERT INTO lead_address_days (day, visitor, events)
  SELECT day, visitor, count(*)::int FROM fresh GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, visitor) DO UPDATE SET events = lead_address_days.events + excluded.events
),
by_listing AS (
  INSERT INTO lead_daily (day, listing_id, kind, visitors)
  SELECT day, listing_id, kind, count(*)::int FROM fresh GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, listing_id, kind) DO UPDATE SET visitors = lead_daily.visitors + excluded.visitors
),
by_year AS (
  INSERT INTO lead_yearly (year, listing_id, kind, visitors)
  SELECT extract(year FROM day)::smallint, listing_id, kind, count(*)::int FROM fresh GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (year, listing_id, kind) DO UPDATE SET visitors = lead_yearly.visitors + excluded.visitors
),
by_category AS (
  INSERT INTO lead_daily_category (day, category, kind, visitors)
  SELECT f.day, i.category, f.kind, count(*)::int
  FROM fresh f JOIN (SELECT DISTINCT listing_id, category FROM incoming) i ON i.listing_id = f.listing_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, category, kind) DO UPDATE SET visitors = lead_daily_category.visitors + excluded.visitors
)
SELECT count(*)::int AS n FROM fresh`;

/** The year's top listings by WhatsApp taps, from the yearly roll-up's index. */
const YEAR_TOP_SQL = `SELECT listing_id, visitors AS n FROM lead_yearly WHERE year = $1 AND kind = 'whatsapp'
  ORDER BY visitors DESC, listing_id LIMIT $2`;

/** WhatsApp taps per listing in UTC days [$1, $2), most first (ties: the lower id); `only` narrows the listings. */
const rangeTopSql = (only = '') => `SELECT listing_id, sum(visitors)::int AS n FROM lead_daily
  WHERE kind = 'whatsapp' AND day >= $1::date AND day < $2::date${only}
  GROUP BY listing_id ORDER BY n DESC, listing_id LIMIT $3`;

/**
 * The top `limit` listings by WhatsApp taps over days [from, to), as SQL for topByWhatsApp,
 * without summing every listing's days (decision 0054). Any `limit` listings' sums give a
 * floor the last of the top must reach; a listing reaching it over D days had a day with at
 * least floor / D taps, so only listings with such a day are summed: a few hundred instead of
 * every listing with a tap. Exact, ties included; when the floor is too low to narrow
 * anything (a day with 1 tap would qualify), every listing is summed as before.
 */
async function rankByWhatsApp(db: Queryable, from: string, to: string, limit: number) {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  // The year's most tapped listings are likely near the top of any range in it.
  const { rows } = await db.query<{ floor: number }>(
    `SELECT CASE WHEN count(*) = $3 THEN min(n) ELSE 0 END::int AS floor FROM (
       ${rangeTopSql(`
         AND listing_id IN (SELECT listing_id FROM lead_yearly WHERE year = $4 AND kind = 'whatsapp'
                            ORDER BY visitors DESC, listing_id LIMIT $3 * 2)`)}
     ) seeds`,
    [from, to, limit, Number(to.slice(0, 4)) - (to.endsWith('-01-01') ? 1 : 0)],
  );
  const busiestDay = Math.ceil((rows[0]?.floor ?? 0) / Math.max(days, 1));
  if (busiestDay <= 1) return { sql: rangeTopSql(), params: [from, to, limit] };
  return {
    // Each candidate's days are summed through the per-listing index (`visitors > 1` lets the
    // planner find the candidates in the partial index of busy days).
    sql: `SELECT c.listing_id, s.n FROM (
        SELECT DISTINCT listing_id FROM lead_daily WHERE kind = 'whatsapp' AND visitors > 1
          AND visitors >= $4 AND day >= $1::date AND day < $2::date
      ) c CROSS JOIN LATERAL (
        SELECT sum(visitors)::int AS n FROM lead_daily d
        WHERE d.listing_id = c.listing_id AND d.kind = 'whatsapp' AND d.day >= $1::date AND d.day < $2::date
      ) s
      ORDER BY s.n DESC, c.listing_id LIMIT $3`,
    params: [from, to, limit, busiestDay],
  };
}

/**
 * When a listing's count is flagged as a jump in Analytics: a day with at least `minVisitors`
 * (the partial index `lead_daily_busy_idx` holds exactly those days) and `factor` times its
 * daily average over the `baselineDays` before.
 */
export const LEAD_JUMP = { minVisitors: 20, factor: 5, baselineDays: 28 } as const;

/** The moment a UTC day starts, whatever the session's time zone. */
const UTC_START_OF = (param: string) => `(${param}::date::timestamp AT TIME ZONE 'UTC')`;

export function leadsRepository(db: Queryable) {
  return {
    async store(events: readonly BufferedLead[], perAddressPerDay = LEAD_EVENTS_PER_ADDRESS_PER_DAY): Promise<number> {
      if (events.length === 0) return 0;
      const { rows } = await db.query<{ n: number }>(FLUSH_SQL, [
        events.map((e) => e.day),
        events.map((e) => e.listingId),
        events.map((e) => e.kind),
        events.map((e) => e.visitor),
        perAddressPerDay,
      ]);
      return rows[0]?.n ?? 0;
    },

    /**
     * The salt of `day`, made on first use by whichever instance comes first; every older
     * salt is deleted at the same time, so yesterday's hashes cannot be recomputed (and the
     * per-address tallies of older days, which only served their day's cap).
     */
    async saltOf(day: string, candidate: string): Promise<string> {
      await db.query('INSERT INTO lead_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [
        day,
        candidate,
      ]);
      await db.query('DELETE FROM lead_salts WHERE day < $1', [day]);
      await db.query('DELETE FROM lead_address_days WHERE day < $1', [day]);
      const { rows } = await db.query<{ salt: string }>('SELECT salt FROM lead_salts WHERE day = $1', [day]);
      if (!rows[0]) throw new Error(`no salt for ${day}`);
      return rows[0].salt;
    },

    /** Whether a listing is public, so its events are worth keeping. */
    async isPublicListing(id: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM listings WHERE id = $1 AND is_active', [id]);
      return rows.length > 0;
    },

    /**
     * Figures of some listings: all time (the staff Listings table), or within UTC days
     * [from, to) (the CSV export).
     */
    async totalsOf(ids: readonly string[], days?: { from: string; to: string }): Promise<ListingLeads> {
      if (ids.length === 0) return {};
      const [leads, inquiries] = await Promise.all([
        db.query<{ listing_id: string; kind: LeadKind; n: number }>(
          days
            ? `SELECT listing_id, kind, sum(visitors)::int AS n FROM lead_daily
               WHERE listing_id = ANY($1::uuid[]) AND day >= $2::date AND day < $3::date GROUP BY 1, 2`
            : // All time: a row per year, not per day.
              `SELECT listing_id, kind, sum(visitors)::int AS n FROM lead_yearly
               WHERE listing_id = ANY($1::uuid[]) GROUP BY 1, 2`,
          days ? [ids, days.from, days.to] : [ids],
        ),
        db.query<{ listing_id: string; n: number }>(
          `SELECT listing_id, count(*)::int AS n FROM inquiries
           WHERE listing_id = ANY($1::uuid[])
             AND ($2::date IS NULL OR created_at >= ${UTC_START_OF('$2')} AND created_at < ${UTC_START_OF('$3')})
           GROUP BY 1`,
          [ids, days?.from ?? null, days?.to ?? null],
        ),
      ]);
      const totals: ListingLeads = Object.fromEntries(
        ids.map((id) => [id, { views: 0, whatsapp: 0, phone: 0, share: 0, inquiries: 0 }]),
      );
      for (const row of leads.rows) {
        const entry = totals[row.listing_id];
        if (entry) entry[row.kind === 'view' ? 'views' : row.kind] = row.n;
      }
      for (const row of inquiries.rows) {
        const entry = totals[row.listing_id];
        if (entry) entry.inquiries = row.n;
      }
      return totals;
    },

    /** Views, WhatsApp taps and inquiries per day of [from, to) (UTC days). */
    async perDay(from: string, to: string) {
      const [leads, inquiries] = await Promise.all([
        db.query<{ day: string; kind: LeadKind; n: number }>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, sum(visitors)::int AS n FROM lead_daily_category
           WHERE day >= $1::date AND day < $2::date AND kind IN ('view', 'whatsapp') GROUP BY 1, 2`,
          [from, to],
        ),
        db.query<{ day: string; n: number }>(
          `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
           FROM inquiries WHERE created_at >= ${UTC_START_OF('$1')} AND created_at < ${UTC_START_OF('$2')} GROUP BY 1`,
          [from, to],
        ),
      ]);
      return { leads: leads.rows, inquiries: inquiries.rows };
    },

    /**
     * The listings most tapped on WhatsApp in UTC days [from, to), most first (ties: the newer
     * listing). A range that is a calendar year so far reads the yearly roll-up's index; other
     * ranges sum daily rows of only the listings that can rank (`rankByWhatsApp`).
     */
    async topByWhatsApp(from: string, to: string, limit = 10) {
      const year = Number(from.slice(0, 4));
      const wholeYear = from.endsWith('-01-01') && to <= `${year + 1}-01-01`;
      const ranked = wholeYear
        ? { sql: YEAR_TOP_SQL, params: [year, limit] }
        : await rankByWhatsApp(db, from, to, limit);
      const { rows } = await db.query<{ id: string; title: string; category: Category; whatsapp: number }>(
        `SELECT l.id, l.title, l.category, t.n AS whatsapp FROM (${ranked.sql}) t
         JOIN listings l ON l.id = t.listing_id
         ORDER BY t.n DESC, l.created_at DESC`,
        ranked.params,
      );
      return rows;
    },

    /**
     * Days in [from, to) on which a listing's count of a kind jumped: at least
     * LEAD_JUMP.minVisitors visitors and LEAD_JUMP.factor times its daily average over the
     * LEAD_JUMP.baselineDays before (a new listing's average is 0). Newest first, the biggest
     * jumps first within a day; read from the partial index of busy days.
     */
    async jumps(from: string, to: string, limit = 20) {
      const { rows } = await db.query<{
        day: string;
        id: string;
        title: string;
        category: Category;
        kind: LeadKind;
        visitors: number;
        usual: number;
      }>(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.listing_id AS id, l.title, l.category, d.kind, d.visitors,
                round(b.usual, 1)::float8 AS usual
         FROM lead_daily d
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(p.visitors), 0)::numeric / ${LEAD_JUMP.baselineDays} AS usual FROM lead_daily p
           WHERE p.listing_id = d.listing_id AND p.kind = d.kind
             AND p.day >= d.day - ${LEAD_JUMP.baselineDays} AND p.day < d.day
         ) b
         JOIN listings l ON l.id = d.listing_id
         WHERE d.visitors >= ${LEAD_JUMP.minVisitors} AND d.day >= $1::date AND d.day < $2::date
           AND d.visitors >= ${LEAD_JUMP.factor} * b.usual
         ORDER BY d.day DESC, d.visitors - b.usual DESC, d.listing_id, d.kind
         LIMIT $3`,
        [from, to, limit],
      );
      return rows;
    },

    /** Views, WhatsApp taps, phone taps, shares and inquiries per category in [from, to). */
    async perCategory(from: string, to: string) {
      const [leads, inquiries] = await Promise.all([
        db.query<{ category: Category; kind: LeadKind; n: number }>(
          `SELECT category, kind, sum(visitors)::int AS n FROM lead_daily_category
           WHERE day >= $1::date AND day < $2::date GROUP BY 1, 2`,
          [from, to],
        ),
        db.query<{ category: Category; n: number }>(
          `SELECT l.category, count(*)::int AS n FROM inquiries i JOIN listings l ON l.id = i.listing_id
           WHERE i.created_at >= ${UTC_START_OF('$1')} AND i.created_at < ${UTC_START_OF('$2')} GROUP BY 1`,
          [from, to],
        ),
      ]);
      return { leads: leads.rows, inquiries: inquiries.rows };
    },
  };
}

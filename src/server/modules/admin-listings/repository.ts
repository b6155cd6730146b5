import type { Queryable } from '#server/db/database';
import { likeContains } from '#server/db/like-pattern';
import {
  LISTING_FIELD_COLUMNS,
  type ListingRow,
  STAFF_LISTING_COLUMNS,
  staffListingFromRow,
} from '#server/db/listing-columns';
import { type AdminListingQuery, MAX_COUNTED_SEARCH_MATCHES } from '#shared/admin-listing-query';
import type { Listing } from '#shared/listing';
import type { ListingPayload } from '#shared/listing-form-schema';

const COLUMNS = STAFF_LISTING_COLUMNS;

/** The columns staff can write, in one order for INSERT and UPDATE. */
const WRITABLE = [...LISTING_FIELD_COLUMNS, 'image_urls', 'is_active'] as const;

export type ListingWrite = Omit<ListingPayload, 'is_active' | 'image_urls'> & {
  is_active: boolean;
  image_urls: string[];
};

/** The WHERE clause of a staff list query and its parameters. */
function adminListingWhere(f: AdminListingQuery): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const where: string[] = [];
  if (f.status !== 'all') where.push(f.status === 'active' ? 'is_active' : 'NOT is_active');
  if (f.category) {
    values.push(f.category);
    where.push(`category = $${values.length}`);
  }
  if (f.q) {
    // The trigram-indexed text: title, description, location and the type fields.
    values.push(likeContains(f.q));
    where.push(`search_text LIKE $${values.length}`);
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', values };
}

const NEWEST_FIRST = 'created_at DESC, id DESC';
const OLDEST_FIRST = 'created_at ASC, id ASC';

/** How many listings match a staff query; a search counts one past the cap, enough to say "more than". */
export function adminListingCountSql(f: AdminListingQuery) {
  const where = adminListingWhere(f);
  return {
    text: f.q
      ? `SELECT count(*)::int AS n FROM (SELECT 1 FROM listings ${where.sql} LIMIT ${MAX_COUNTED_SEARCH_MATCHES + 1}) capped`
      : `SELECT count(*)::int AS n FROM listings ${where.sql}`,
    values: where.values,
  };
}

/**
 * The page statement, chosen knowing how many listings match (`matches`, from the count):
 * - a search with a countable number of matches collects them first (the trigram index
 *   finds them) and sorts only those, rather than walking every listing newest first and
 *   testing each one: a deep page of a narrow search stays cheap;
 * - past the middle of the list, the page is read from the oldest end and turned round, so
 *   the last page costs what the first one does;
 * - otherwise the offset walks the newest-first index.
 * Each reads only the page's ids from an index and then those rows (a deferred join). Null
 * when the page lies past the end. Exported so the benchmark can EXPLAIN what the API runs.
 */
export function adminListingPageSql(f: AdminListingQuery, matches: number) {
  const where = adminListingWhere(f);
  const n = where.values.length;
  const limit = `$${n + 1}`;
  const offset = `$${n + 2}`;
  const pageOf = (ids: string) =>
    `SELECT ${COLUMNS} FROM (${ids}) page JOIN listings ON listings.id = page.page_id ORDER BY ${NEWEST_FIRST}`;
  const capped = Boolean(f.q) && matches > MAX_COUNTED_SEARCH_MATCHES;
  if (!capped && f.offset >= matches) return null;
  if (f.q && !capped) {
    return {
      text: `WITH matches AS MATERIALIZED (SELECT id, created_at FROM listings ${where.sql})
        ${pageOf(`SELECT id AS page_id FROM matches ORDER BY ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`)}`,
      values: [...where.values, f.limit, f.offset],
    };
  }
  if (!capped && f.offset > matches / 2) {
    const rows = Math.min(f.limit, matches - f.offset);
    return {
      text: pageOf(
        `SELECT id AS page_id FROM listings ${where.sql} ORDER BY ${OLDEST_FIRST} LIMIT ${limit} OFFSET ${offset}`,
      ),
      values: [...where.values, rows, matches - f.offset - rows],
    };
  }
  return {
    text: pageOf(
      `SELECT id AS page_id FROM listings ${where.sql} ORDER BY ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`,
    ),
    values: [...where.values, f.limit, f.offset],
  };
}

/** Listings as staff see them: active and inactive. */
export function adminListingsRepository(db: Queryable) {
  return {
    /**
     * One page of listings matching the staff filters, newest first, with the total; a
     * search's total stops at MAX_COUNTED_SEARCH_MATCHES (`totalCapped`). The count comes
     * first because it decides how the page is read (a row added in between may shift a
     * page by one, as any paging of a live list may).
     */
    async list(f: AdminListingQuery) {
      const count = adminListingCountSql(f);
      const matches = (await db.query<{ n: number }>(count.text, count.values)).rows[0]?.n ?? 0;
      const page = adminListingPageSql(f, matches);
      const items = page ? (await db.query<ListingRow>(page.text, page.values)).rows : [];
      const totalCapped = Boolean(f.q) && matches > MAX_COUNTED_SEARCH_MATCHES;
      return {
        items: items.map(staffListingFromRow),
        total: totalCapped ? MAX_COUNTED_SEARCH_MATCHES : matches,
        totalCapped,
      };
    },

    async findById(id: string): Promise<Listing | null> {
      const { rows } = await db.query<ListingRow>(`SELECT ${COLUMNS} FROM listings WHERE id = $1`, [id]);
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },

    /** A new listing; `formKey` is the staff form's key, which no other listing may have. */
    async insert(listing: ListingWrite, formKey: string | null = null): Promise<Listing> {
      const params = [...WRITABLE.map((column) => listing[column]), formKey];
      const { rows } = await db.query<ListingRow>(
        `INSERT INTO listings (${WRITABLE.join(', ')}, form_key)
         VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')})
         RETURNING ${COLUMNS}`,
        params,
      );
      return staffListingFromRow(rows[0] as ListingRow);
    },

    /** The listing a form with this key made, if any. */
    async findByFormKey(formKey: string): Promise<Listing | null> {
      const { rows } = await db.query<ListingRow>(`SELECT ${COLUMNS} FROM listings WHERE form_key = $1`, [formKey]);
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },

    async update(id: string, listing: ListingWrite): Promise<Listing | null> {
      const params = WRITABLE.map((column) => listing[column]);
      const { rows } = await db.query<ListingRow>(
        `UPDATE listings SET ${WRITABLE.map((column, i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, ...params],
      );
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },

    async setActive(id: string, isActive: boolean): Promise<Listing | null> {
      const { rows } = await db.query<ListingRow>(
        `UPDATE listings SET is_active = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, isActive],
      );
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },

    /** Activates or deactivates these listings; returns the ids it changed. */
    async setActiveMany(ids: string[], isActive: boolean): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        'UPDATE listings SET is_active = $2, updated_at = now() WHERE id = ANY($1::uuid[]) RETURNING id',
        [ids, isActive],
      );
      return rows.map((r) => r.id);
    },

    /** The title and status of these listings, locked until the transaction ends (for the audit log). */
    async summaries(ids: string[]): Promise<{ id: string; title: string; is_active: boolean }[]> {
      const { rows } = await db.query<{ id: string; title: string; is_active: boolean }>(
        'SELECT id, title, is_active FROM listings WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
        [ids],
      );
      return rows;
    },

    /** Deletes these listings; returns what was deleted (their image URLs are needed afterwards). */
    async deleteMany(ids: string[]): Promise<{ id: string; title: string; image_urls: string[] }[]> {
      const { rows } = await db.query<{ id: string; title: string; image_urls: string[] }>(
        'DELETE FROM listings WHERE id = ANY($1::uuid[]) RETURNING id, title, image_urls',
        [ids],
      );
      return rows;
    },

    /** Which of these image URLs some listing still shows (seeded pictures can be shared). */
    async urlsInUse(urls: string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const { rows } = await db.query<{ url: string }>(
        'SELECT DISTINCT u AS url FROM listings, unnest(image_urls) AS u WHERE u = ANY($1)',
        [urls],
      );
      return new Set(rows.map((r) => r.url));
    },

    /** Deletes and returns the row (its image URLs are needed afterwards). */
    async delete(id: string): Promise<Listing | null> {
      const { rows } = await db.query<ListingRow>(`DELETE FROM listings WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
      return rows[0] ? staffListingFromRow(rows[0]) : null;
    },
  };
}

import { type AdminListingQuery, MAX_COUNTED_SEARCH_MATCHES } from '../../../shared/admin-listing-query';
import type { Listing } from '../../../shared/listing';
import type { ListingPayload } from '../../../shared/listing-form-schema';
import type { Queryable } from '../../db/database';
import { LISTING_FIELD_COLUMNS } from '../../db/listing-columns';
import { likeContains } from '../listings/repository';

const COLUMNS = `id, category, subcategory, title, description, price, location, whatsapp_number, image_urls,
  is_active, created_at, updated_at, product_condition, bedrooms, bathrooms, square_feet, property_type, listing_type, rent_period,
  monthly_revenue, years_established, business_type, country, visa_type, processing_time, requirements`;

/** The columns staff can write, in one order for INSERT and UPDATE. */
const WRITABLE = [...LISTING_FIELD_COLUMNS, 'image_urls', 'is_active'] as const;

export type ListingWrite = Omit<ListingPayload, 'is_active' | 'image_urls'> & {
  is_active: boolean;
  image_urls: string[];
};

type Row = Omit<Listing, 'price' | 'monthly_revenue' | 'created_at' | 'updated_at'> & {
  price: string | number;
  monthly_revenue: string | number | null;
  created_at: string | Date;
  updated_at: string | Date;
};

export function toListing(row: Row): Listing {
  return {
    ...row,
    price: Number(row.price),
    monthly_revenue: row.monthly_revenue === null ? null : Number(row.monthly_revenue),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

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

/** The two statements of a staff list request, newest first; exported so the benchmark can EXPLAIN them. */
export function adminListingSql(f: AdminListingQuery) {
  const where = adminListingWhere(f);
  const n = where.values.length;
  return {
    // A search counts one match past the cap, enough to say "more than".
    count: {
      text: f.q
        ? `SELECT count(*)::int AS n FROM (SELECT 1 FROM listings ${where.sql} LIMIT ${MAX_COUNTED_SEARCH_MATCHES + 1}) capped`
        : `SELECT count(*)::int AS n FROM listings ${where.sql}`,
      values: where.values,
    },
    // Deferred join: the offset walks an index of ids, only the page's rows are read in full.
    page: {
      text: `SELECT ${COLUMNS} FROM (
          SELECT id AS page_id FROM listings ${where.sql} ORDER BY created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}
        ) page JOIN listings ON listings.id = page.page_id ORDER BY created_at DESC, id DESC`,
      values: [...where.values, f.limit, f.offset],
    },
  };
}

/** Listings as staff see them: active and inactive. */
export function adminListingsRepository(db: Queryable) {
  return {
    /**
     * One page of listings matching the staff filters, with the total; a search's total
     * stops at MAX_COUNTED_SEARCH_MATCHES (`totalCapped`).
     */
    async list(f: AdminListingQuery) {
      const sql = adminListingSql(f);
      const [items, count] = await Promise.all([
        db.query<Row>(sql.page.text, sql.page.values),
        db.query<{ n: number }>(sql.count.text, sql.count.values),
      ]);
      const n = count.rows[0]?.n ?? 0;
      const totalCapped = Boolean(f.q) && n > MAX_COUNTED_SEARCH_MATCHES;
      return {
        items: items.rows.map(toListing),
        total: totalCapped ? MAX_COUNTED_SEARCH_MATCHES : n,
        totalCapped,
      };
    },

    async findById(id: string): Promise<Listing | null> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM listings WHERE id = $1`, [id]);
      return rows[0] ? toListing(rows[0]) : null;
    },

    async insert(listing: ListingWrite): Promise<Listing> {
      const params = WRITABLE.map((column) => listing[column]);
      const { rows } = await db.query<Row>(
        `INSERT INTO listings (${WRITABLE.join(', ')}) VALUES (${WRITABLE.map((_, i) => `$${i + 1}`).join(', ')})
         RETURNING ${COLUMNS}`,
        params,
      );
      return toListing(rows[0] as Row);
    },

    async update(id: string, listing: ListingWrite): Promise<Listing | null> {
      const params = WRITABLE.map((column) => listing[column]);
      const { rows } = await db.query<Row>(
        `UPDATE listings SET ${WRITABLE.map((column, i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, ...params],
      );
      return rows[0] ? toListing(rows[0]) : null;
    },

    async setActive(id: string, isActive: boolean): Promise<Listing | null> {
      const { rows } = await db.query<Row>(
        `UPDATE listings SET is_active = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, isActive],
      );
      return rows[0] ? toListing(rows[0]) : null;
    },

    /** Activates or deactivates these listings; returns the ids it changed. */
    async setActiveMany(ids: string[], isActive: boolean): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        'UPDATE listings SET is_active = $2, updated_at = now() WHERE id = ANY($1::uuid[]) RETURNING id',
        [ids, isActive],
      );
      return rows.map((r) => r.id);
    },

    /** Deletes these listings; returns what was deleted (their image URLs are needed afterwards). */
    async deleteMany(ids: string[]): Promise<{ id: string; image_urls: string[] }[]> {
      const { rows } = await db.query<{ id: string; image_urls: string[] }>(
        'DELETE FROM listings WHERE id = ANY($1::uuid[]) RETURNING id, image_urls',
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
      const { rows } = await db.query<Row>(`DELETE FROM listings WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
      return rows[0] ? toListing(rows[0]) : null;
    },
  };
}

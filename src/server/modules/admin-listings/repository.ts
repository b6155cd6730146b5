import type { Listing } from '../../../shared/listing';
import type { ListingPayload } from '../../../shared/listing-form-schema';
import type { Queryable } from '../../db/database';
import { LISTING_FIELD_COLUMNS } from '../../db/listing-columns';

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

export type ListingStatusFilter = 'active' | 'inactive' | 'all';

/** Listings as staff see them: active and inactive. */
export function adminListingsRepository(db: Queryable) {
  return {
    async list(options: { status: ListingStatusFilter; limit: number; offset: number }) {
      const where =
        options.status === 'all' ? '' : `WHERE is_active = ${options.status === 'active' ? 'true' : 'false'}`;
      const [items, total] = await Promise.all([
        db.query<Row>(`SELECT ${COLUMNS} FROM listings ${where} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [
          options.limit,
          options.offset,
        ]),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings ${where}`),
      ]);
      return { items: items.rows.map(toListing), total: total.rows[0]?.n ?? 0 };
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

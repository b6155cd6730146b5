import type { Queryable } from '../../src/server/db/database';
import type { Category } from '../../src/shared/categories';
import type { Availability, ListingFieldName, PublicListing } from '../../src/shared/listing';

/** Columns a test may set (any listing field, src/shared/listing.ts); the rest get valid defaults for the category. */
export type ListingSeed = {
  category: Category;
  is_active?: boolean;
  image_urls?: string[];
  created_at?: string;
  availability?: Availability;
  expires_on?: string;
  featured?: boolean;
} & {
  [K in Exclude<ListingFieldName, 'category'>]?: PublicListing[K];
};

const DEFAULT_SUBCATEGORY = { product: 'electronics', property: 'apartment', business: 'retail', visa: 'tourist' };

/** The columns a test writes: its seed over valid defaults for the category. */
export function seedColumns(seed: ListingSeed): Record<string, unknown> {
  return {
    subcategory: DEFAULT_SUBCATEGORY[seed.category],
    title: 'Test listing',
    description: 'A listing made by a test.',
    price: 1000,
    whatsapp_number: '0712345678',
    // Every property is for sale or for rent (a database rule).
    ...(seed.category === 'property' ? { listing_type: 'sale' } : {}),
    ...seed,
  };
}

/** Inserts one listing and returns its id. */
export async function insertListing(db: Queryable, seed: ListingSeed): Promise<string> {
  const row = seedColumns(seed);
  const columns = Object.keys(row);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO listings (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    columns.map((c) => row[c]),
  );
  return rows[0]!.id;
}

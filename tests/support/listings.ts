import type { Queryable } from '../../src/server/db/database';

/** Columns a test may set; the rest get valid defaults for the category. */
export interface ListingSeed {
  category: 'product' | 'property' | 'business' | 'visa';
  subcategory?: string;
  title?: string;
  description?: string;
  price?: number;
  location?: string | null;
  whatsapp_number?: string;
  image_urls?: string[];
  is_active?: boolean;
  product_condition?: string | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
  square_feet?: number | null;
  property_type?: string | null;
  listing_type?: 'sale' | 'rent' | null;
  rent_period?: 'month' | 'year' | null;
  monthly_revenue?: number | null;
  years_established?: number | null;
  business_type?: string | null;
  country?: string | null;
  visa_type?: string | null;
  processing_time?: string | null;
  requirements?: string | null;
  created_at?: string;
}

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

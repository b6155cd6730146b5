import { withAdvisoryLock } from '#server/db/advisory-lock';
import type { Database, Queryable } from '#server/db/database';
import { LISTING_FIELD_COLUMNS } from '#server/db/listing-columns';
import { ObjectExistsError, type ObjectStorage } from '#server/storage/object-storage';
import { slugFromTitle } from '#shared/blog-editor-schema';
import { type Category, IMAGE_FOLDERS } from '#shared/categories';
import { FOREIGN_CURRENCIES, type ForeignCurrency } from '#shared/currency';
import { VISA_COUNTRY_CODES } from '#shared/listing-filters';
import { BLOG_POSTS } from './content/blog-posts';
import { BLOG_POSTS_SO } from './content/blog-posts-so';
import { BUSINESSES } from './content/businesses';
import { PRODUCTS } from './content/products';
import { PROPERTIES } from './content/properties';
import type { SeedImageDescriptor, SeedListing } from './content/types';
import { VISAS } from './content/visas';
import { hash, renderSeedImage } from './images';

export const DEMO_LISTINGS: readonly SeedListing[] = [...PRODUCTS, ...PROPERTIES, ...BUSINESSES, ...VISAS];
export { BLOG_POSTS };

const DAY_MS = 86_400_000;
const DEMO_SPREAD_DAYS = 60;
const SEED_PREFIX = 'seed';
const BLOG_FOLDER = 'blog';
/** sharp already uses several threads per image; a few at once keeps every core busy without piling up memory. */
const RENDER_CONCURRENCY = 4;

/** Columns copied as they are from a SeedListing, in the order of the INSERT below. */
const LISTING_COLUMNS = LISTING_FIELD_COLUMNS satisfies readonly (keyof SeedListing)[];

const n = LISTING_COLUMNS.length;
// image_urls travels as JSON text so the statement reads the same on node-postgres and PGlite.
const INSERT_LISTING_SQL = `INSERT INTO listings (${LISTING_COLUMNS.join(', ')}, image_urls, created_at, updated_at)
  VALUES (${LISTING_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')},
    ARRAY(SELECT jsonb_array_elements_text($${n + 1}::jsonb)), $${n + 2}::timestamptz, $${n + 2}::timestamptz)`;

// A launch post's date is a Nairobi calendar day: published at its midnight there.
const INSERT_BLOG_POST_SQL = `INSERT INTO blog_posts
  (slug, title, excerpt, body, image_url, category, published_at, read_time_minutes, featured, created_at, updated_at,
   title_so, excerpt_so, body_so)
  VALUES ($1, $2, $3, $4, $5, $6, $7::date::timestamp AT TIME ZONE 'Africa/Nairobi', $8, $9,
    $7::date::timestamp AT TIME ZONE 'Africa/Nairobi', $7::date::timestamp AT TIME ZONE 'Africa/Nairobi',
    $10, $11, $12)`;

/** A file name from a title: the blog's slug rule, shorter. */
function slugify(text: string): string {
  return slugFromTitle(text).slice(0, 80).replace(/-+$/, '') || 'item';
}

/** Every third listing gets a small gallery (2 or 3 pictures), so there is something to swipe. */
function pictureCount(index: number): number {
  if (index % 3 !== 0) return 1;
  return (index / 3) % 2 === 0 ? 3 : 2;
}

function imageLabel(listing: SeedListing): string {
  if (listing.category === 'visa') return `${listing.country ?? ''} · ${listing.visa_type ?? listing.subcategory}`;
  if (listing.category === 'property') return listing.property_type ?? listing.subcategory;
  return listing.subcategory;
}

async function isEmpty(db: Queryable, table: 'listings' | 'blog_posts'): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM ${table}) AS empty`);
  return rows[0]?.empty === true;
}

/** Stores a picture once; a key that already exists (a re-run, or a second instance) is reused. */
async function storePicture(
  storage: ObjectStorage,
  key: string,
  descriptor: SeedImageDescriptor,
  title: string,
): Promise<string> {
  if (!(await storage.exists(key))) {
    try {
      await storage.put(key, await renderSeedImage(descriptor, title));
    } catch (error) {
      if (!(error instanceof ObjectExistsError)) throw error;
    }
  }
  return storage.publicUrl(key);
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function storeListingPictures(storage: ObjectStorage, listing: SeedListing, index: number) {
  const folder = `${SEED_PREFIX}/${IMAGE_FOLDERS[listing.category]}`;
  const slug = slugify(listing.title);
  const label = imageLabel(listing);
  const urls: string[] = [];
  for (let variant = 0; variant < pictureCount(index); variant++) {
    const key = `${folder}/${slug}${variant === 0 ? '' : `-${variant + 1}`}.jpg`;
    urls.push(await storePicture(storage, key, { ...listing.image, label, variant }, listing.title));
  }
  return urls;
}

/**
 * The launch content: the six blog posts with their Somali versions, into an empty blog only. Real content, nothing made
 * up, so a production install may load it (`npm run seed -- --content`). Returns how many it added.
 */
export async function seedLaunchContent(db: Database, storage: ObjectStorage): Promise<number> {
  if (!(await isEmpty(db, 'blog_posts'))) return 0;
  const posts = await mapLimit(BLOG_POSTS, RENDER_CONCURRENCY, async (post) => {
    const key = `${SEED_PREFIX}/${BLOG_FOLDER}/${post.slug}.jpg`;
    const image = { ...post.image, format: 'blog', label: post.category } as const;
    return { post, imageUrl: await storePicture(storage, key, image, post.title) };
  });
  return withAdvisoryLock(db, 'demoContent', async (tx) => {
    if (!(await isEmpty(tx, 'blog_posts'))) return 0;
    for (const { post, imageUrl } of posts) {
      await tx.query(INSERT_BLOG_POST_SQL, [
        post.slug,
        post.title,
        post.excerpt,
        post.body,
        imageUrl,
        post.category,
        post.published_at,
        post.read_time_minutes,
        post.featured,
        BLOG_POSTS_SO[post.slug]?.title ?? null,
        BLOG_POSTS_SO[post.slug]?.excerpt ?? null,
        BLOG_POSTS_SO[post.slug]?.body ?? null,
      ]);
    }
    return posts.length;
  });
}

/**
 * The demo listings (made-up sellers and phone numbers), into an empty listings table only.
 * For demo mode and local trials, never for production. Returns how many it added.
 */
export async function seedDemoListings(db: Database, storage: ObjectStorage): Promise<number> {
  if (!(await isEmpty(db, 'listings'))) return 0;
  const now = Date.now();
  // Pictures first, outside the transaction: rendering takes a few seconds and needs no lock.
  const rows = await mapLimit(DEMO_LISTINGS, RENDER_CONCURRENCY, async (listing, index) => {
    const imageUrls = await storeListingPictures(storage, listing, index);
    // Spread over the past 60 days, by title hash, so newest-first mixes the categories.
    const ageMs = (hash(listing.title) / 2 ** 32) * DEMO_SPREAD_DAYS * DAY_MS;
    return { listing, imageUrls, createdAt: new Date(now - ageMs).toISOString() };
  });
  return withAdvisoryLock(db, 'demoContent', async (tx) => {
    if (!(await isEmpty(tx, 'listings'))) return 0;
    for (const { listing, imageUrls, createdAt } of rows) {
      const values = LISTING_COLUMNS.map((column) => listing[column]);
      await tx.query(INSERT_LISTING_SQL, [...values, JSON.stringify(imageUrls), createdAt]);
    }
    return rows.length;
  });
}

/**
 * Approximate shillings for one unit on the day named, so a fresh demo converts prices; the
 * page says the day, and the admin overview warns once they are a week old.
 */
export const DEMO_RATES_SET_ON = '2026-11-27';
export const DEMO_RATES: Readonly<Record<ForeignCurrency, number>> = {
  USD: 129.2,
  GBP: 170.6,
  EUR: 149.8,
  SEK: 13.7,
  NOK: 12.8,
  CAD: 92.1,
  AED: 35.2,
};

/** The demo rates, into an empty rates table only (an admin's rates are never replaced). Returns how many it added. */
export async function seedDemoRates(db: Database): Promise<number> {
  return withAdvisoryLock(db, 'demoContent', async (tx) => {
    const { rows } = await tx.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM exchange_rates) AS empty');
    if (rows[0]?.empty !== true) return 0;
    for (const currency of FOREIGN_CURRENCIES) {
      await tx.query(
        "INSERT INTO exchange_rates (currency, kes_per_unit, set_on, set_by) VALUES ($1, $2, $3, 'demo')",
        [currency, DEMO_RATES[currency], DEMO_RATES_SET_ON],
      );
    }
    return FOREIGN_CURRENCIES.length;
  });
}

/**
 * Demo mode's content: the demo listings, the launch blog posts and the demo rates, each table
 * only when it is empty, so it is safe to call on every start. Returns how many rows it inserted.
 */
export async function seedDemoContent(
  db: Database,
  storage: ObjectStorage,
): Promise<{ listings: number; blogPosts: number; rates: number }> {
  const listings = await seedDemoListings(db, storage);
  const blogPosts = await seedLaunchContent(db, storage);
  const rates = await seedDemoRates(db);
  return { listings, blogPosts, rates };
}

// ---------------------------------------------------------------------------------------------
// Synthetic listings for load tests, generated entirely inside the database: no round trip per row.
// ---------------------------------------------------------------------------------------------

interface SyntheticKind {
  category: Category;
  subcategory: string;
  /** What the listing is; the title is built around it. */
  nouns: readonly string[];
  /** Price range (KES) when sold; listings are priced log-uniformly inside it. */
  sale: readonly [number, number];
  /** Monthly rent range, for properties that can also be let. */
  rent?: readonly [number, number];
}

const SYNTHETIC_KINDS: readonly SyntheticKind[] = [
  {
    category: 'product',
    subcategory: 'phones',
    nouns: [
      'Samsung Galaxy A05',
      'Samsung Galaxy A35',
      'Tecno Camon 30',
      'Infinix Hot 40i',
      'iPhone 12 64GB',
      'iPhone 14 Pro Max',
      'Xiaomi Redmi 13C',
      'Oppo Reno 11',
      'Itel S23',
      'Google Pixel 7',
    ],
    sale: [8_000, 150_000],
  },
  {
    category: 'product',
    subcategory: 'electronics',
    nouns: [
      'Dell Latitude Laptop',
      'MacBook Air M1',
      'Samsung 43-inch Smart TV',
      'Sony Soundbar',
      'PlayStation 5',
      'Canon Printer',
      'Ramtons Microwave',
      'Solar Power Kit',
      'Hisense Fridge',
    ],
    sale: [4_000, 180_000],
  },
  {
    category: 'product',
    subcategory: 'baati',
    nouns: [
      'Cotton Baati Dress',
      'Printed Baati Set',
      'Silk Dirac',
      'Garbasaar Shawl',
      'Guntiino Wrap',
      "Girls' Baati Dress",
      'Embroidered Dirac',
    ],
    sale: [800, 15_000],
  },
  {
    category: 'product',
    subcategory: 'accessories',
    nouns: [
      'Smart Watch',
      'Wireless Earbuds',
      'Power Bank 20000mAh',
      'Leather Handbag',
      'Oud Perfume Set',
      'Sunglasses',
      'Fast Charger',
    ],
    sale: [500, 30_000],
  },
  {
    category: 'product',
    subcategory: 'cases',
    nouns: [
      'iPhone Silicone Case',
      'Samsung Rugged Case',
      'Clear MagSafe Case',
      'Wallet Flip Case',
      'Laptop Sleeve',
      'Tablet Cover',
    ],
    sale: [300, 4_000],
  },
  {
    category: 'property',
    subcategory: 'apartment',
    nouns: ['Apartment'],
    sale: [3_000_000, 60_000_000],
    rent: [15_000, 350_000],
  },
  {
    category: 'property',
    subcategory: 'shop',
    nouns: ['Shop', 'Mall Stall', 'Kiosk', 'Showroom', 'Corner Shop'],
    sale: [1_500_000, 30_000_000],
    rent: [10_000, 300_000],
  },
  {
    category: 'property',
    subcategory: 'commercial',
    nouns: ['Office Space', 'Godown', 'Warehouse', 'Commercial Building', 'Office Floor'],
    sale: [8_000_000, 250_000_000],
    rent: [40_000, 900_000],
  },
  {
    category: 'property',
    subcategory: 'land',
    nouns: ['1/8 Acre Plot', '1/4 Acre Plot', 'Half-Acre Plot', '2-Acre Farm', '5 Acres', '10 Acres'],
    sale: [300_000, 40_000_000],
  },
  {
    category: 'business',
    subcategory: 'restaurant',
    nouns: ['Restaurant', 'Cafe', 'Juice Bar', 'Fast-Food Outlet', 'Hotel and Lodging', 'Bakery Cafe'],
    sale: [300_000, 20_000_000],
  },
  {
    category: 'business',
    subcategory: 'retail',
    nouns: ['Mini-Supermarket', 'Phone Shop', 'Pharmacy', 'Boutique', 'Cosmetics Shop', 'Hardware Shop'],
    sale: [300_000, 20_000_000],
  },
  {
    category: 'business',
    subcategory: 'service',
    nouns: ['Travel Agency', 'Car Wash', 'Beauty Salon', 'Cleaning Company', 'Cyber Cafe', 'Courier Service'],
    sale: [300_000, 20_000_000],
  },
  {
    category: 'business',
    subcategory: 'manufacturing',
    nouns: ['Water Bottling Plant', 'Furniture Workshop', 'Soap Factory', 'Bakery', 'Tailoring Workshop'],
    sale: [300_000, 20_000_000],
  },
  {
    category: 'business',
    subcategory: 'wholesale',
    nouns: ['Food Wholesaler', 'Clothing Wholesaler', 'Cereals Store', 'Electronics Distributor', 'Textile Wholesaler'],
    sale: [300_000, 20_000_000],
  },
  { category: 'visa', subcategory: 'tourist', nouns: ['Tourist Visa'], sale: [4_000, 30_000] },
  { category: 'visa', subcategory: 'business', nouns: ['Business Visa'], sale: [8_000, 150_000] },
  { category: 'visa', subcategory: 'student', nouns: ['Student Visa'], sale: [25_000, 120_000] },
  { category: 'visa', subcategory: 'work', nouns: ['Work Visa'], sale: [40_000, 250_000] },
  { category: 'visa', subcategory: 'transit', nouns: ['Transit Visa'], sale: [3_000, 12_000] },
];

const NAIROBI_AREAS = [
  'Eastleigh',
  'Westlands',
  'Kilimani',
  'South C',
  'South B',
  'Kileleshwa',
  'Lavington',
  'Parklands',
  'Karen',
  'Runda',
  'Upper Hill',
  'Nairobi CBD',
  'Kasarani',
  'Embakasi',
  'Langata',
].map((area) => `${area}, Nairobi`);
const KENYAN_TOWNS = [
  'Mombasa',
  'Garissa',
  'Nakuru',
  'Kisumu',
  'Eldoret',
  'Thika',
  'Machakos',
  'Nyeri',
  'Meru',
  'Malindi',
  'Wajir',
  'Isiolo',
  'Kitengela',
  'Naivasha',
  'Kakamega',
];
// Four lists, one per processing-time rule (docs/product.md#visa-processing-time): express, fast, standard, slow.
const PROCESSING_TIMES = [
  ...['24 hours', '24-48 hours', '1-3 days', '2 days', '3-5 days'],
  ...['1 week', '1-2 weeks', '2 weeks'],
  ...['2-4 weeks', '3 weeks', '3-4 weeks', '4 weeks'],
  ...['1-2 months', '2-3 months', '3 months', '6 months'],
];
const PHRASES = {
  newProduct: ['Brand New', 'Sealed in Box', 'New with Warranty'],
  usedProduct: ['Clean Used', 'Like New', 'Used, Good Condition'],
  refurbishedProduct: ['Refurbished', 'Ex-UK Refurbished', 'Grade A Refurbished'],
  businessAdjective: ['Profitable', 'Busy', 'Well-Established', 'Family-Run', 'Newly Renovated'],
  visaService: ['Application Support', 'Document Preparation', 'Full Package', 'Express Service', 'Consultation'],
  productPitch: [
    'Genuine item, tested and ready to use.',
    'Good quality at a fair price.',
    'Popular item, limited stock available.',
    'Selling because I upgraded.',
  ],
  productTerms: [
    'Delivery within Nairobi the same day.',
    'Lipa na M-Pesa accepted.',
    'WhatsApp for more photos.',
    'Price slightly negotiable.',
  ],
  propertyPitch: [
    'Secure compound with ample parking and reliable water.',
    'Close to shops, schools and public transport.',
    'Clean title and all approvals in place.',
    'Backup generator, lift and 24-hour security.',
  ],
  businessPitch: [
    'Loyal customers and trained staff in place.',
    'Sale includes equipment, stock and the lease.',
    'Owner relocating abroad, quick sale wanted.',
    'Books and M-Pesa statements available to serious buyers.',
  ],
  funds: [
    'Bank statements for the last 6 months',
    'Bank statements for the last 3 months',
    'Sponsor letter and bank statements',
  ],
  supporting: [
    'Employment letter or business registration',
    'Travel medical insurance',
    'Police clearance certificate',
  ],
} as const;

function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function sqlArray(values: readonly string[]): string {
  return `ARRAY[${values.map(sqlText).join(', ')}]::text[]`;
}

/** One element of a literal list, chosen by r (a random() value in [0, 1)). */
function pick(values: readonly string[], r: string): string {
  return `(${sqlArray(values)})[1 + floor(${r} * ${values.length})::int]`;
}

function kindsValues(): string {
  return SYNTHETIC_KINDS.map(
    (kind, i) =>
      `(${i}, ${sqlText(kind.category)}, ${sqlText(kind.subcategory)}, ${sqlArray(kind.nouns)}, ` +
      `${kind.sale[0]}::float8, ${kind.sale[1]}::float8, ${kind.rent?.[0] ?? 'NULL'}::float8, ` +
      `${kind.rent?.[1] ?? 'NULL'}::float8)`,
  ).join(',\n    ');
}

/** Log-uniform price between lo and hi, rounded to a figure a person would ask. */
function priceSql(lo: string, hi: string, r: string): string {
  const raw = `(${lo} * power(${hi} / ${lo}, ${r}))`;
  return `CASE WHEN ${raw} < 10000 THEN round(${raw} / 50) * 50
    WHEN ${raw} < 1000000 THEN round(${raw} / 500) * 500 ELSE round(${raw} / 50000) * 50000 END`;
}

// Every column is computed from random() values drawn once per row in "base"; the CASEs keep
// each category's own columns filled and the others NULL, as the CHECK constraints expect.
const SYNTHETIC_SQL = `
INSERT INTO listings (
  category, subcategory, title, description, price, location, whatsapp_number, image_urls, is_active,
  product_condition, bedrooms, bathrooms, square_feet, property_type, listing_type, rent_period, monthly_revenue,
  years_established, business_type, country, visa_type, processing_time, requirements, created_at, updated_at
)
WITH kinds (k, category, subcategory, nouns, sale_lo, sale_hi, rent_lo, rent_hi) AS (
  VALUES
    ${kindsValues()}
),
pictures AS MATERIALIZED (
  SELECT e.key, array_agg(x.url ORDER BY x.ord) AS urls
  FROM jsonb_each($2::jsonb) AS e (key, list),
    jsonb_array_elements_text(e.list) WITH ORDINALITY AS x (url, ord)
  GROUP BY e.key
),
base AS MATERIALIZED (
  SELECT kinds.*,
    kinds.nouns[1 + floor(random() * cardinality(kinds.nouns))::int] AS noun,
    random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6,
    1 + floor(random() * 5)::int AS beds,
    random() < 0.5 AS for_sale,
    lpad(floor(random() * 100000000)::bigint::text, 8, '0') AS phone,
    ${pick(VISA_COUNTRY_CODES, 'random()')} AS country,
    now() - random() * interval '730 days' AS created
  FROM generate_series(1, $1::int) AS g
  JOIN kinds ON kinds.k = g % ${SYNTHETIC_KINDS.length}
),
shaped AS (
  SELECT b.*,
    CASE WHEN b.category = 'product' THEN ${pick(['new', 'new', 'used', 'refurbished'], 'b.r2')} END AS cond,
    CASE b.subcategory
      WHEN 'apartment' THEN CASE WHEN b.r2 < 0.7 THEN 'apartment' ELSE 'house' END
      WHEN 'shop' THEN 'shop'
      WHEN 'commercial' THEN CASE WHEN b.r2 < 0.5 THEN 'office' ELSE 'commercial' END
      WHEN 'land' THEN 'land'
    END AS ptype,
    (b.rent_lo IS NOT NULL AND NOT b.for_sale) AS to_let,
    CASE WHEN b.subcategory = 'tourist' AND b.r2 < 0.2 THEN 'family' ELSE b.subcategory END AS vtype,
    CASE
      WHEN b.category = 'visa' THEN 'Nairobi, Kenya'
      WHEN b.category = 'business' OR b.subcategory = 'land'
        THEN ${pick([...KENYAN_TOWNS, ...NAIROBI_AREAS], 'b.r3')}
      ELSE ${pick([...NAIROBI_AREAS, ...NAIROBI_AREAS, ...KENYAN_TOWNS], 'b.r3')}
    END AS place,
    -- Best picture match: a visa of the same country, then the same subcategory, then the category.
    coalesce(pv.urls, ps.urls, pc.urls) AS urls
  FROM base b
  LEFT JOIN pictures pv ON b.category = 'visa' AND pv.key = 'visa/country/' || b.country
  LEFT JOIN pictures ps ON ps.key = b.category || '/' || b.subcategory
  LEFT JOIN pictures pc ON pc.key = b.category
)
SELECT
  r.category,
  r.subcategory,
  CASE r.category
    WHEN 'product' THEN r.noun || ', ' || CASE r.cond
      WHEN 'new' THEN ${pick(PHRASES.newProduct, 'r.r4')}
      WHEN 'used' THEN ${pick(PHRASES.usedProduct, 'r.r4')}
      ELSE ${pick(PHRASES.refurbishedProduct, 'r.r4')} END
    WHEN 'property' THEN
      CASE WHEN r.subcategory = 'apartment'
        THEN r.beds || '-Bedroom ' || CASE r.ptype WHEN 'house' THEN 'House' ELSE 'Apartment' END
        ELSE r.noun END
      || CASE WHEN r.to_let THEN ' to Let in ' ELSE ' for Sale in ' END || split_part(r.place, ',', 1)
    WHEN 'business' THEN ${pick(PHRASES.businessAdjective, 'r.r4')} || ' ' || r.noun || ' for Sale in '
      || split_part(r.place, ',', 1)
    ELSE r.country || ' ' || r.noun || ' ' || ${pick(PHRASES.visaService, 'r.r4')}
  END,
  CASE r.category
    WHEN 'product' THEN ${pick(PHRASES.productPitch, 'r.r5')} || ' Available in ' || r.place || '. '
      || ${pick(PHRASES.productTerms, 'r.r6')}
    WHEN 'property' THEN ${pick(PHRASES.propertyPitch, 'r.r5')} || ' Located in ' || r.place || '. '
      || CASE WHEN r.to_let THEN 'Monthly rent, deposit required.' ELSE 'Viewing by appointment.' END
    WHEN 'business' THEN ${pick(PHRASES.businessPitch, 'r.r5')} || ' Located in ' || r.place || '.'
    ELSE 'We prepare your ' || r.country || ' ' || r.vtype || ' visa application, check every document '
      || 'and book your appointment. Service fee only; embassy fees are paid separately.'
  END,
  ${priceSql(
    'CASE WHEN r.to_let THEN r.rent_lo ELSE r.sale_lo END',
    'CASE WHEN r.to_let THEN r.rent_hi ELSE r.sale_hi END',
    'r.r1',
  )},
  r.place,
  CASE floor(r.r6 * 4)::int
    WHEN 0 THEN '07' || substr(r.phone, 1, 2) || ' ' || substr(r.phone, 3, 3) || ' ' || substr(r.phone, 6, 3)
    WHEN 1 THEN '+254 7' || substr(r.phone, 1, 2) || ' ' || substr(r.phone, 3, 6)
    WHEN 2 THEN '2547' || r.phone
    ELSE '011' || substr(r.phone, 1, 1) || '-' || substr(r.phone, 2, 3) || '-' || substr(r.phone, 5, 3)
  END,
  CASE WHEN r.urls IS NULL THEN '{}'::text[] ELSE ARRAY[r.urls[1 + floor(r.r5 * cardinality(r.urls))::int]] END,
  true,
  r.cond,
  CASE WHEN r.subcategory = 'apartment' THEN r.beds END,
  CASE
    WHEN r.subcategory = 'apartment' THEN greatest(1, r.beds - floor(r.r4 * 2)::int)
    WHEN r.subcategory IN ('shop', 'commercial') AND r.r4 < 0.6 THEN 1 + floor(r.r5 * 3)::int
  END,
  CASE r.subcategory
    WHEN 'apartment' THEN r.beds * 450 + floor(r.r4 * 500)::int
    WHEN 'shop' THEN 100 + floor(r.r4 * 1400)::int
    WHEN 'commercial' THEN 800 + floor(r.r4 * 19200)::int
    WHEN 'land' THEN 5000 + floor(r.r4 * 430000)::int
  END,
  r.ptype,
  CASE WHEN r.category = 'property' THEN CASE WHEN r.to_let THEN 'rent' ELSE 'sale' END END,
  CASE WHEN r.to_let THEN 'month' END,
  CASE WHEN r.category = 'business' AND r.r4 >= 0.12
    THEN round(${priceSql('r.sale_lo', 'r.sale_hi', 'r.r1')} * (0.04 + r.r5 * 0.3) / 1000) * 1000
  END,
  CASE WHEN r.category = 'business' AND r.r6 >= 0.1 THEN floor(r.r2 * 31)::int END,
  CASE WHEN r.category = 'business' THEN r.noun END,
  CASE WHEN r.category = 'visa' THEN r.country END,
  CASE WHEN r.category = 'visa' THEN r.vtype END,
  CASE WHEN r.category = 'visa' THEN ${pick(PROCESSING_TIMES, 'r.r5')} END,
  CASE WHEN r.category = 'visa' THEN concat_ws(E'\\n',
    'Valid passport with at least 6 months validity',
    ${pick(PHRASES.funds, 'r.r6')},
    CASE r.vtype
      WHEN 'student' THEN 'Admission letter from the institution'
      WHEN 'work' THEN 'Signed job offer or employment contract'
      WHEN 'business' THEN 'Invitation letter from the host company'
      WHEN 'transit' THEN 'Confirmed onward ticket'
      WHEN 'family' THEN 'Proof of relationship (birth or marriage certificate)'
      ELSE 'Hotel booking or invitation letter'
    END,
    ${pick(PHRASES.supporting, 'r.r4')},
    'Two recent passport photos')
  END,
  r.created,
  r.created
FROM shaped r
`;

/** Rows per statement: bounds the memory one INSERT ... SELECT needs, which matters on PGlite's WASM heap. */
const SYNTHETIC_BATCH = 50_000;

/**
 * Adds count active listings spread over all four categories and the last two years, for load
 * and pagination tests. Pictures are borrowed from the demo listings (same country for visas,
 * else same subcategory, else same category); without demo listings the new rows have none.
 */
export async function seedSyntheticListings(db: Database, count: number): Promise<void> {
  const total = Math.floor(count);
  if (!(total > 0)) return;

  // Borrow only the pictures of the demo listings themselves (found by title), never staff uploads
  // nor synthetic rows, so the grouping by country and subcategory stays right on a second run.
  const demo = JSON.stringify(DEMO_LISTINGS.map(({ category, title }) => ({ category, title })));
  const { rows } = await db.query<{ category: string; subcategory: string; country: string | null; urls: string[] }>(
    `SELECT l.category, l.subcategory, l.country, l.image_urls AS urls
     FROM listings AS l
     JOIN jsonb_to_recordset($1::jsonb) AS d (category text, title text)
       ON d.category = l.category AND d.title = l.title`,
    [demo],
  );
  const pictures: Record<string, string[]> = {};
  const add = (key: string, urls: string[]) => {
    pictures[key] = [...(pictures[key] ?? []), ...urls];
  };
  for (const row of rows) {
    const urls = row.urls.filter((url) => url.includes(`/${SEED_PREFIX}/`));
    if (urls.length === 0) continue;
    add(row.category, urls);
    add(`${row.category}/${row.subcategory}`, urls);
    if (row.category === 'visa' && row.country) add(`visa/country/${row.country}`, urls);
  }
  const picturesJson = JSON.stringify(pictures);

  await db.transaction(async (tx) => {
    for (let done = 0; done < total; done += SYNTHETIC_BATCH) {
      await tx.query(SYNTHETIC_SQL, [Math.min(SYNTHETIC_BATCH, total - done), picturesJson]);
    }
  });
}

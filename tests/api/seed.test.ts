import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { BLOG_POSTS, DEMO_LISTINGS, seedDemoContent, seedSyntheticListings } from '../../src/server/seed/seed';
import { parseSeedArgs, runSeed } from '../../src/server/seed/seed-command';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage';
import { CATEGORIES, PRODUCT_CONDITIONS, SUBCATEGORIES } from '../../src/shared/categories';
import { FOREIGN_CURRENCIES } from '../../src/shared/currency';
import { VISA_COUNTRY_CODES, VISA_TYPES } from '../../src/shared/listing-filters';
import { openTestDatabase } from '../support/test-database';

// `npm run seed` into a real database and upload folder, on both databases.
const TIMEOUT = 120_000;

interface ListingRow {
  id: string;
  category: string;
  subcategory: string;
  title: string;
  price: number;
  location: string | null;
  whatsapp_number: string;
  image_urls: string[];
  is_active: boolean;
  product_condition: string | null;
  bedrooms: number | null;
  property_type: string | null;
  listing_type: string | null;
  rent_period: string | null;
  monthly_revenue: number | null;
  years_established: number | null;
  business_type: string | null;
  country: string | null;
  visa_type: string | null;
  processing_time: string | null;
  requirements: string | null;
  created_at: Date;
}

const SELECT_LISTINGS = `SELECT id, category, subcategory, title, price::float8 AS price, location, whatsapp_number,
  image_urls, is_active, product_condition, bedrooms, property_type, listing_type, rent_period, monthly_revenue::float8 AS monthly_revenue,
  years_established, business_type, country, visa_type, processing_time, requirements, created_at
  FROM listings`;

/** The processing-time rules (docs/product.md#visa-processing-time). */
const PROCESSING_RULES: Record<string, (text: string) => boolean> = {
  express: (t) => t.includes('1') || t.includes('2') || (t.includes('3') && t.includes('day')),
  fast: (t) => t.includes('week') && (t.includes('1') || t.includes('2')),
  standard: (t) => t.includes('week') && (t.includes('2') || t.includes('3') || t.includes('4')),
  slow: (t) => t.includes('month'),
};
const FEE_BANDS: [number, number][] = [
  [0, 10_000],
  [10_000, 25_000],
  [25_000, 50_000],
  [50_000, 100_000],
  [100_000, Number.POSITIVE_INFINITY],
];
describe('npm run seed -- --demo (demo listings and the launch blog posts)', () => {
  let db: Database;
  let storage: ReturnType<typeof createLocalDiskStorage>;
  let listings: ListingRow[];

  beforeAll(async () => {
    db = await openTestDatabase();
    storage = createLocalDiskStorage(await mkdtemp(join(tmpdir(), 'seed-test-')));
    const inserted = await runSeed(db, storage, { demo: true, syntheticListings: 0 });
    expect(inserted).toEqual({
      demoListings: DEMO_LISTINGS.length,
      blogPosts: 6,
      demoRates: FOREIGN_CURRENCIES.length,
      syntheticListings: 0,
    });
    listings = (await db.query<ListingRow>(SELECT_LISTINGS)).rows;
  }, TIMEOUT);

  afterAll(async () => {
    await db?.close();
    if (storage) await rm(storage.root, { recursive: true, force: true });
  });

  it('gives every category at least 12 active listings and uses every subcategory', () => {
    for (const category of CATEGORIES) {
      const active = listings.filter((l) => l.category === category && l.is_active);
      expect(active.length, category).toBeGreaterThanOrEqual(12);
      for (const subcategory of SUBCATEGORIES[category]) {
        expect(
          active.filter((l) => l.subcategory === subcategory).length,
          `${category}/${subcategory}`,
        ).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('fills the fields the filters need', () => {
    const products = listings.filter((l) => l.category === 'product');
    expect(new Set(products.map((l) => l.product_condition))).toEqual(new Set(PRODUCT_CONDITIONS));

    const properties = listings.filter((l) => l.category === 'property');
    expect(new Set(properties.map((l) => l.bedrooms))).toEqual(new Set([1, 2, 3, 4, 5, null]));
    expect(properties.every((l) => l.property_type !== null)).toBe(true);
    expect(new Set(properties.map((l) => `${l.listing_type}/${l.rent_period}`))).toEqual(
      new Set(['sale/null', 'rent/month']),
    );

    const businesses = listings.filter((l) => l.category === 'business');
    expect(businesses.some((l) => l.monthly_revenue === null)).toBe(true);
    expect(businesses.some((l) => l.years_established === null)).toBe(true);
    expect(businesses.every((l) => l.price >= 300_000 && l.price <= 20_000_000 && l.business_type)).toBe(true);

    for (const l of listings) {
      const digits = l.whatsapp_number.replace(/\D/g, '').replace(/^0/, '254');
      expect(digits, l.whatsapp_number).toMatch(/^254(7|1)\d{8}$/);
    }
  });

  it('covers every visa country, type, processing-time rule and fee band', () => {
    const visas = listings.filter((l) => l.category === 'visa');
    for (const country of VISA_COUNTRY_CODES) {
      expect(visas.filter((l) => l.country === country).length, country).toBeGreaterThanOrEqual(2);
    }
    expect(visas.every((l) => (VISA_COUNTRY_CODES as readonly (string | null)[]).includes(l.country))).toBe(true);
    expect(new Set(visas.map((l) => l.visa_type))).toEqual(new Set(VISA_TYPES));
    for (const [name, rule] of Object.entries(PROCESSING_RULES)) {
      expect(
        visas.some((l) => rule(l.processing_time?.toLowerCase() ?? '')),
        name,
      ).toBe(true);
    }
    for (const [min, max] of FEE_BANDS) {
      expect(
        visas.some((l) => l.price >= min && l.price <= max),
        `${min}-${max}`,
      ).toBe(true);
    }
    for (const l of visas) {
      const lines = l.requirements?.split('\n') ?? [];
      expect(lines.length).toBeGreaterThanOrEqual(4);
      expect(lines.length).toBeLessThanOrEqual(7);
      expect(l.location).toBe('Nairobi, Kenya');
    }
  });

  it('spreads created_at over the past 60 days', () => {
    const now = Date.now();
    const ages = listings.map((l) => (now - new Date(l.created_at).getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(60.1);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(30);
  });

  it('stores a 1200x800 JPEG for every listing picture, with galleries on about a third', async () => {
    const counts = listings.map((l) => l.image_urls.length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    const galleries = counts.filter((c) => c >= 2).length;
    expect(galleries).toBeGreaterThanOrEqual(Math.floor(listings.length / 4));
    for (const url of listings.flatMap((l) => l.image_urls)) {
      const key = storage.keyFromUrl(url);
      expect(key, url).toMatch(/^seed\/(products|properties|businesses|visas)\/[a-z0-9-]+\.jpg$/);
      const data = await storage.get(key as string);
      expect(data, url).not.toBeNull();
      const meta = await sharp(data as Buffer).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(['jpeg', 1200, 800]);
    }
  });

  it('stores the six blog posts with their pictures', async () => {
    const { rows } = await db.query<{
      slug: string;
      title: string;
      body: string;
      title_so: string | null;
      body_so: string | null;
      image_url: string;
      featured: boolean;
    }>('SELECT slug, title, body, title_so, body_so, image_url, featured FROM blog_posts ORDER BY id');
    // Every launch post has its Somali version, with the same sections.
    for (const row of rows) {
      expect(row.title_so, row.slug).toBeTruthy();
      expect(row.title_so).not.toBe(row.title);
      expect(row.body_so?.length ?? 0, row.slug).toBeGreaterThan(1200);
      expect(row.body_so?.split('\n## ').length, row.slug).toBe(row.body.split('\n## ').length);
    }
    expect(rows.map((r) => r.slug)).toEqual(BLOG_POSTS.map((p) => p.slug));
    expect(rows.filter((r) => r.featured)).toHaveLength(1);
    for (const row of rows) {
      expect(row.body.length).toBeGreaterThan(1500);
      const data = await storage.get(storage.keyFromUrl(row.image_url) as string);
      const meta = await sharp(data as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    }
  });

  it('sets a dated demo rate for every currency, so prices convert on a fresh demo', async () => {
    const { rows } = await db.query<{ currency: string; kes_per_unit: string; set_on: string; set_by: string }>(
      'SELECT currency, kes_per_unit::text, set_on::text, set_by FROM exchange_rates ORDER BY currency',
    );
    expect(rows.map((r) => r.currency)).toEqual([...FOREIGN_CURRENCIES].sort());
    for (const row of rows) {
      expect(Number(row.kes_per_unit), row.currency).toBeGreaterThan(1);
      expect(row.set_on, row.currency).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.set_by).toBe('demo');
    }
  });

  it(
    'does nothing the second time',
    async () => {
      expect(await seedDemoContent(db, storage)).toEqual({ listings: 0, blogPosts: 0, rates: 0 });
      const { rows } = await db.query<{ listings: number; posts: number }>(
        'SELECT (SELECT count(*) FROM listings)::int AS listings, (SELECT count(*) FROM blog_posts)::int AS posts',
      );
      expect(rows[0]).toEqual({ listings: DEMO_LISTINGS.length, posts: 6 });
    },
    TIMEOUT,
  );

  it(
    'adds synthetic listings that satisfy every rule and reuse the demo pictures',
    async () => {
      await seedSyntheticListings(db, 2000);
      const all = (await db.query<ListingRow>(SELECT_LISTINGS)).rows;
      expect(all.length).toBe(DEMO_LISTINGS.length + 2000);
      const demoIds = new Set(listings.map((l) => l.id));
      const added = all.filter((l) => !demoIds.has(l.id));
      expect(added).toHaveLength(2000);

      const demoByUrl = new Map(listings.flatMap((l) => l.image_urls.map((url) => [url, l] as const)));
      for (const l of added) {
        expect(l.is_active).toBe(true);
        expect(
          (SUBCATEGORIES[l.category as keyof typeof SUBCATEGORIES] as readonly string[]).includes(l.subcategory),
        ).toBe(true);
        expect(l.title.length).toBeGreaterThan(5);
        expect(l.price).toBeGreaterThan(0);
        expect(l.image_urls).toHaveLength(1);
        const source = demoByUrl.get(l.image_urls[0] as string);
        expect(source?.category).toBe(l.category);
        if (l.category !== 'visa') expect(source?.subcategory).toBe(l.subcategory);
        else expect(source?.country).toBe(l.country);
        const digits = l.whatsapp_number.replace(/\D/g, '').replace(/^0/, '254');
        expect(digits, l.whatsapp_number).toMatch(/^254(7|1)\d{8}$/);
        if (l.category === 'product') expect(PRODUCT_CONDITIONS).toContain(l.product_condition);
        if (l.category === 'property') expect(l.property_type).not.toBeNull();
        if (l.category === 'property') expect(l.listing_type).toBe(l.title.includes(' to Let ') ? 'rent' : 'sale');
        if (l.category === 'business') expect(l.business_type).not.toBeNull();
        if (l.category === 'visa') {
          expect(VISA_COUNTRY_CODES).toContain(l.country);
          expect(VISA_TYPES).toContain(l.visa_type);
          expect(Object.values(PROCESSING_RULES).some((rule) => rule(l.processing_time ?? ''))).toBe(true);
          expect(l.requirements?.split('\n').length).toBe(5);
        } else {
          expect([l.country, l.visa_type, l.processing_time, l.requirements]).toEqual([null, null, null, null]);
        }
        if (l.category !== 'product') expect(l.product_condition).toBeNull();
      }
      for (const category of CATEGORIES) {
        const ofCategory = added.filter((l) => l.category === category);
        expect(ofCategory.length, category).toBeGreaterThan(300);
        expect(new Set(ofCategory.map((l) => l.subcategory)).size).toBe(SUBCATEGORIES[category].length);
      }
      const bedrooms = new Set(added.map((l) => l.bedrooms));
      expect(bedrooms).toEqual(new Set([1, 2, 3, 4, 5, null]));
    },
    TIMEOUT,
  );
});

describe('npm run seed -- --content (launch content, nothing made up)', () => {
  let db: Database;
  let storage: ReturnType<typeof createLocalDiskStorage>;
  beforeAll(async () => {
    db = await openTestDatabase();
    storage = createLocalDiskStorage(await mkdtemp(join(tmpdir(), 'seed-content-')));
  });
  afterAll(async () => {
    await db?.close();
    if (storage) await rm(storage.root, { recursive: true, force: true });
  });

  it(
    'loads the six blog posts into an empty blog and no listing, staff account or inquiry',
    async () => {
      const parsed = parseSeedArgs(['--content'], { production: true });
      expect(parsed).toEqual({ plan: { demo: false, syntheticListings: 0 } });
      if (!('plan' in parsed)) return;
      expect(await runSeed(db, storage, parsed.plan)).toEqual({
        blogPosts: 6,
        demoListings: 0,
        demoRates: 0,
        syntheticListings: 0,
      });
      const { rows } = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM blog_posts)::int AS posts, (SELECT count(*) FROM listings)::int AS listings,
           (SELECT count(*) FROM staff_users)::int AS staff, (SELECT count(*) FROM inquiries)::int AS inquiries,
           (SELECT count(*) FROM exchange_rates)::int AS rates`,
      );
      expect(rows[0]).toEqual({ posts: 6, listings: 0, staff: 0, inquiries: 0, rates: 0 });
      const slugs = await db.query<{ slug: string }>('SELECT slug FROM blog_posts ORDER BY id');
      expect(slugs.rows.map((r) => r.slug)).toEqual(BLOG_POSTS.map((p) => p.slug));
      // Only the blog pictures are stored: no demo listing picture.
      expect(await storage.exists(`seed/blog/${BLOG_POSTS[0]?.slug}.jpg`)).toBe(true);
      expect(await storage.exists('seed/products')).toBe(false);
    },
    TIMEOUT,
  );

  it('leaves a blog that already has posts as it is', async () => {
    await db.query("UPDATE blog_posts SET title = 'Edited by staff' WHERE featured");
    expect(await runSeed(db, storage, { demo: false, syntheticListings: 0 })).toMatchObject({ blogPosts: 0 });
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM blog_posts WHERE title = 'Edited by staff'",
    );
    expect(rows[0]?.n).toBe(1);
  });
});
describe('seedSyntheticListings on an empty database', () => {
  it(
    'leaves image_urls empty when there are no demo pictures',
    async () => {
      const db = await openTestDatabase();
      try {
        await seedSyntheticListings(db, 300);
        const { rows } = await db.query<{ total: number; without: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE image_urls = '{}')::int AS without FROM listings`,
        );
        expect(rows[0]).toEqual({ total: 300, without: 300 });
      } finally {
        await db.close();
      }
    },
    TIMEOUT,
  );
});

import { mkdir, mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, PRODUCT_CONDITIONS, SUBCATEGORIES } from '../../shared/categories';
import type { Database, Queryable } from '../db/database';
import { ObjectExistsError, type ObjectStorage } from '../storage/object-storage';
import { VISA_COUNTRIES, VISA_TYPES } from './content/visas';
import { BLOG_POSTS, DEMO_LISTINGS, seedDemoContent, seedSyntheticListings } from './seed';

const MIGRATION = new URL('../db/migrations/001_initial.sql', import.meta.url);
const TIMEOUT = 120_000;

/** Minimal Database over PGlite; the app's real adapter lives in src/server/db. */
function pgliteDatabase(pg: PGlite): Database {
  const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    ping: async () => {
      await pg.query('SELECT 1');
    },
    close: () => pg.close(),
  };
}

async function createDatabase(): Promise<Database> {
  const pg = new PGlite({ extensions: { pg_trgm } });
  await pg.exec(await readFile(MIGRATION, 'utf8'));
  return pgliteDatabase(pg);
}

/** ObjectStorage in a temporary directory, with the same no-overwrite rule as the real one. */
class TempDirStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await mkdir(dirname(this.file(key)), { recursive: true });
    try {
      await writeFile(this.file(key), data, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    return readFile(this.file(key)).catch(() => null);
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await unlink(this.file(key)).catch(() => undefined);
  }

  async checkWritable(): Promise<void> {}

  publicUrl(key: string): string {
    return `/uploads/${key}`;
  }

  keyFromUrl(url: string): string | null {
    return url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null;
  }
}

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
  image_urls, is_active, product_condition, bedrooms, property_type, monthly_revenue::float8 AS monthly_revenue,
  years_established, business_type, country, visa_type, processing_time, requirements, created_at
  FROM listings`;

/** The processing-time rules of spec §5. */
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

describe('seed content', () => {
  it('has unique titles per category, so picture keys do not collide', () => {
    for (const category of CATEGORIES) {
      const titles = DEMO_LISTINGS.filter((l) => l.category === category).map((l) => l.title.toLowerCase());
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it('has six blog posts, one per category, the first one featured', () => {
    expect(BLOG_POSTS.map((p) => p.category)).toEqual([
      'Business',
      'Real Estate',
      'Travel',
      'Digital Marketing',
      'Investment',
      'Finance',
    ]);
    expect(BLOG_POSTS.map((p) => p.featured)).toEqual([true, false, false, false, false, false]);
    for (const post of BLOG_POSTS) {
      const paragraphs = post.body.split(/\n\s*\n/).filter((block) => !block.startsWith('## '));
      expect(paragraphs.length).toBeGreaterThanOrEqual(5);
      expect(paragraphs.length).toBeLessThanOrEqual(8);
      expect(post.published_at).toMatch(/^2024-\d\d-\d\d$/);
      expect(post.body).not.toMatch(/<[a-z]/i);
    }
  });
});

describe('seedDemoContent', () => {
  let db: Database;
  let storage: TempDirStorage;
  let listings: ListingRow[];

  beforeAll(async () => {
    db = await createDatabase();
    storage = new TempDirStorage(await mkdtemp(join(tmpdir(), 'seed-test-')));
    const inserted = await seedDemoContent(db, storage);
    expect(inserted).toEqual({ listings: DEMO_LISTINGS.length, blogPosts: 6 });
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
    for (const country of VISA_COUNTRIES) {
      expect(visas.filter((l) => l.country === country).length, country).toBeGreaterThanOrEqual(2);
    }
    expect(visas.every((l) => (VISA_COUNTRIES as readonly (string | null)[]).includes(l.country))).toBe(true);
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
    const { rows } = await db.query<{ slug: string; body: string; image_url: string; featured: boolean }>(
      'SELECT slug, body, image_url, featured FROM blog_posts ORDER BY id',
    );
    expect(rows.map((r) => r.slug)).toEqual(BLOG_POSTS.map((p) => p.slug));
    expect(rows.filter((r) => r.featured)).toHaveLength(1);
    for (const row of rows) {
      expect(row.body.length).toBeGreaterThan(1500);
      const data = await storage.get(storage.keyFromUrl(row.image_url) as string);
      const meta = await sharp(data as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    }
  });

  it(
    'does nothing the second time',
    async () => {
      expect(await seedDemoContent(db, storage)).toEqual({ listings: 0, blogPosts: 0 });
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
        if (l.category === 'business') expect(l.business_type).not.toBeNull();
        if (l.category === 'visa') {
          expect(VISA_COUNTRIES).toContain(l.country);
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

describe('seedSyntheticListings on an empty database', () => {
  it(
    'leaves image_urls empty when there are no demo pictures',
    async () => {
      const db = await createDatabase();
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

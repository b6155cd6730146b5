// The "alerts" scenario of `npm run bench` (scripts/bench.mjs): 100,000 saved searches, then
// listings published one at a time (each finds its matching searches and queues the instant
// messages, as staff publishing does), then the daily run for 100,000 subscribers. On the
// embedded database (PGlite) and on PostgreSQL 15, each in a throwaway folder or database.

import type { Database } from '../../src/server/db/database';
import {
  findListingMatches,
  matchPublishedListings,
  recordListingPublished,
  sendDailyAlerts,
} from '../../src/server/modules/alerts/service';
import { type Category, PRODUCT_CONDITIONS, SUBCATEGORIES } from '../../src/shared/categories';
import { BUSINESS_LOCATIONS, PROPERTY_LOCATIONS, VISA_COUNTRY_CODES } from '../../src/shared/listing-filters';
import type { SavedSearchFilters } from '../../src/shared/saved-search';
import { savedSearchColumns } from '../../src/shared/saved-search-match';
import { createRandom, type Random } from '../../tests/support/fuzz';
import { insertListing, type ListingSeed } from '../../tests/support/listings';
import { withBenchDatabase } from './bench-database';

const ORIGIN = 'https://bench.example';

/** Words people search for, per category: brands, things, places. */
/** Words of listings that people seldom search for: models, sizes, colours, conditions. */
const DETAILS = [
  'a54',
  's23',
  'note',
  'pro',
  'max',
  'mini',
  'plus',
  'ultra',
  'black',
  'white',
  'blue',
  'silver',
  'gold',
  '32gb',
  '64gb',
  '128gb',
  '256gb',
  'inch',
  'original',
  'genuine',
  'brand',
  'slightly',
  'box',
  'warranty',
  'spacious',
  'tiled',
  'secure',
  'borehole',
  'balcony',
  'gated',
  'quiet',
  'stocked',
  'profitable',
  'busy',
  'established',
  'clients',
  'fast',
  'reliable',
  'documents',
  'assistance',
  'appointment',
  'weeks',
];
const FILLER = 'Contact us on WhatsApp for more details and viewing. Serious buyers only, price slightly negotiable.';

const WORDS: Record<Category, string[]> = {
  product: [
    'samsung',
    'galaxy',
    'iphone',
    'tecno',
    'infinix',
    'nokia',
    'laptop',
    'hp',
    'dell',
    'lenovo',
    'charger',
    'earphones',
    'tv',
    'fridge',
    'baati',
    'solar',
    'panel',
    'generator',
    'camera',
    'speaker',
    'watch',
    'case',
    'cover',
    'tablet',
    'router',
    'printer',
    'sofa',
    'bicycle',
    'cooker',
    'blender',
  ],
  property: [
    'apartment',
    'bedsitter',
    'studio',
    'house',
    'maisonette',
    'shop',
    'office',
    'land',
    'plot',
    'eastleigh',
    'kilimani',
    'westlands',
    'parklands',
    'kileleshwa',
    'lavington',
    'karen',
    'furnished',
    'garden',
    'parking',
  ],
  business: [
    'restaurant',
    'cafe',
    'salon',
    'pharmacy',
    'hotel',
    'supermarket',
    'butchery',
    'boutique',
    'hardware',
    'wholesale',
    'shop',
    'eastleigh',
    'mombasa',
    'garissa',
    'cyber',
    'laundry',
    'school',
    'clinic',
  ],
  visa: [
    'canada',
    'uk',
    'usa',
    'dubai',
    'schengen',
    'turkey',
    'china',
    'india',
    'tourist',
    'student',
    'work',
    'business',
    'transit',
    'family',
    'express',
    'mareykanka',
    'ingiriiska',
  ],
};
const CATEGORY_SHARE: [Category, number][] = [
  ['product', 0.45],
  ['property', 0.3],
  ['business', 0.15],
  ['visa', 0.1],
];

function category(random: Random): Category {
  let roll = random.next();
  for (const [name, share] of CATEGORY_SHARE) {
    roll -= share;
    if (roll < 0) return name;
  }
  return 'product';
}

/** A search as people save them: half with a word or two (a few typed with a typo), filters often. */
function savedSearch(random: Random): { category: Category; filters: SavedSearchFilters } {
  const c = category(random);
  const filters: Record<string, string | number> = {};
  if (random.chance(0.55)) {
    const words = [random.pick(WORDS[c])];
    if (random.chance(0.3)) words.push(random.pick(WORDS[c]));
    // A typo now and then: a letter doubled.
    if (random.chance(0.1)) words[0] = (words[0] as string).replace(/([aeiou])/, '$1$1');
    filters.q = [...new Set(words)].join(' ');
  }
  // A search without words sets a filter or two (all of a category is seldom what one wants).
  if (filters.q === undefined || random.chance(0.4)) {
    const max = Math.round(10 ** (3 + random.next() * 4));
    filters.maxPrice = max;
    if (random.chance(0.4)) filters.minPrice = Math.round(max / 4);
  }
  if (c === 'product') {
    if (random.chance(0.3)) filters.subcategory = random.pick(SUBCATEGORIES.product);
    if (random.chance(0.2)) filters.condition = random.pick(PRODUCT_CONDITIONS);
  }
  if (c === 'property') {
    if (random.chance(0.4)) filters.bedrooms = 1 + Math.floor(random.next() * 4);
    if (random.chance(0.3)) filters.location = random.pick(PROPERTY_LOCATIONS);
  }
  if (c === 'business' && random.chance(0.3)) filters.subcategory = random.pick(SUBCATEGORIES.business);
  if (c === 'business' && random.chance(0.2)) filters.location = random.pick(BUSINESS_LOCATIONS);
  if (c === 'visa' && random.chance(0.4)) filters.country = random.pick(VISA_COUNTRY_CODES);
  return { category: c, filters: filters as SavedSearchFilters };
}

/** A listing as staff publish them: a title of the category's words, a price, its own fields. */
export function benchListing(random: Random, c: Category = category(random)): ListingSeed {
  const words = [random.pick(WORDS[c]), random.pick(WORDS[c]), random.pick(DETAILS), random.pick(DETAILS)];
  const title = words.slice(0, 3 + Math.floor(random.next() * 2)).join(' ');
  const seed: Record<string, unknown> = {
    category: c,
    title: `${title[0]?.toUpperCase()}${title.slice(1)}`,
    description: `${title}, ${random.pick(DETAILS)} and ${random.pick(DETAILS)}. ${FILLER}`,
    price: Math.round(10 ** (3 + random.next() * 4)),
    subcategory: random.pick(SUBCATEGORIES[c]),
    image_urls: ['/uploads/products/bench.webp'],
  };
  if (c === 'product') seed.product_condition = random.pick(PRODUCT_CONDITIONS);
  if (c === 'property') {
    seed.bedrooms = Math.floor(random.next() * 5);
    seed.location = random.pick(PROPERTY_LOCATIONS);
    seed.listing_type = random.chance(0.5) ? 'sale' : 'rent';
    if (seed.listing_type === 'rent') seed.rent_period = 'month';
  }
  if (c === 'business') seed.location = random.pick(BUSINESS_LOCATIONS);
  if (c === 'visa') seed.country = random.pick(VISA_COUNTRY_CODES);
  return seed as ListingSeed;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : 0;

export async function seedSearches(db: Database, count: number, random: Random) {
  const BATCH = 1000;
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => {
      const { category: c, filters } = savedSearch(random);
      const columns = savedSearchColumns(c, filters);
      return {
        email: `subscriber${from + i}@example.com`,
        language: random.chance(0.4) ? 'so' : 'en',
        category: c,
        filters: JSON.stringify(filters),
        frequency: random.chance(0.3) ? 'instant' : 'daily',
        min_price: columns.minPrice,
        max_price: columns.maxPrice,
        bedrooms: columns.bedrooms,
        subcategory: columns.subcategory,
        // An array literal per row: unnest cannot take an array of arrays of different lengths.
        key_words: columns.keyWords ? `{${columns.keyWords.map((w) => `"${w}"`).join(',')}}` : null,
      };
    });
    const column = <K extends keyof (typeof rows)[number]>(name: K) => rows.map((row) => row[name]);
    await db.query(
      `INSERT INTO saved_searches (email, language, category, filters, frequency, min_price, max_price, bedrooms,
         subcategory, key_words, confirmed_at)
       SELECT e, l, c, f::jsonb, fr, minp, maxp, b, s, k::text[], now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[],
                   $8::int[], $9::text[], $10::text[]) AS t(e, l, c, f, fr, minp, maxp, b, s, k)
       ON CONFLICT DO NOTHING`,
      [
        column('email'),
        column('language'),
        column('category'),
        column('filters'),
        column('frequency'),
        column('min_price'),
        column('max_price'),
        column('bedrooms'),
        column('subcategory'),
        column('key_words'),
      ],
    );
  }
}

async function scenario(db: Database, name: string, log: (line: string) => void, options: AlertsBenchOptions) {
  const random = createRandom(36);
  let started = Date.now();
  await seedSearches(db, options.searches, random);
  // As confirming an alert does (repository.confirm): each search in its group, with the
  // group's key words as rows.
  await db.query(
    `INSERT INTO saved_search_groups (category, checked_filters, bedrooms, subcategory, key_words)
     SELECT DISTINCT ON (category, checked_filters) category, checked_filters, bedrooms, subcategory, key_words
     FROM saved_searches ORDER BY category, checked_filters`,
  );
  await db.query(
    `UPDATE saved_searches s SET group_id = g.id FROM saved_search_groups g
     WHERE g.category = s.category AND g.checked_filters = s.checked_filters`,
  );
  await db.query(
    `INSERT INTO saved_search_group_keys (category, word, group_ids)
     SELECT category, word, array_agg(DISTINCT id ORDER BY id)
     FROM saved_search_groups, unnest(key_words) AS word WHERE key_words IS NOT NULL
     GROUP BY category, word`,
  );
  const { rows } = await db.query<{ n: number; groups: number }>(
    'SELECT count(*)::int AS n, (SELECT count(*)::int FROM saved_search_groups) AS groups FROM saved_searches',
  );
  log(
    `${name}: ${rows[0]?.n} saved searches (${rows[0]?.groups} groups) seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.query('ANALYZE saved_searches, saved_search_groups, saved_search_group_keys');

  const matching: number[] = [];
  const staff: number[] = [];
  const queued: number[] = [];
  let candidates = 0;
  let matched = 0;
  let instant = 0;
  for (let i = 0; i < options.publish; i++) {
    const id = await insertListing(db, benchListing(random));
    // Finding the matching searches alone (what the goal is about); then publishing as staff
    // do: the request's transaction records the publication, and the background pass finds
    // again, records the matches and queues the instant messages (the time until they are
    // queued counts from the request's start).
    let start = performance.now();
    const found = await findListingMatches(db, id);
    matching.push(performance.now() - start);
    start = performance.now();
    await db.transaction((tx) => recordListingPublished(tx, id, ORIGIN));
    staff.push(performance.now() - start);
    const counts = await matchPublishedListings(db);
    queued.push(performance.now() - start);
    candidates += found?.candidateGroups ?? 0;
    matched += counts.matched;
    instant += counts.instant;
  }
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const figures = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}`;
  };
  log(`${name}: publishing ${options.publish} listings, finding the matching searches: ${figures(matching)}`);
  log(`${name}:   the staff request's part (recording the publication): ${figures(staff)}`);
  log(`${name}:   until the instant messages are queued (the background pass, after it): ${figures(queued)}`);
  log(
    `${name}:   per listing ${(candidates / options.publish).toFixed(0)} candidate groups, ` +
      `${(matched / options.publish).toFixed(1)} matches, ${(instant / options.publish).toFixed(1)} instant messages`,
  );
  const p95 = percentile(
    [...matching].sort((a, b) => a - b),
    95,
  );
  const atScale = options.searches >= 100_000;
  log(
    `${name}: goal: finding p95 <= 50 ms at 100,000 searches (${!atScale ? 'not measured at this size' : p95 <= 50 ? 'met' : 'NOT met'})`,
  );

  // The daily run for every subscriber: each alert daily, with the day's matches (those found
  // above) and one more listing of its category, new today.
  await db.query("UPDATE saved_searches SET frequency = 'daily'");
  for (const [c] of CATEGORY_SHARE) {
    const id = await insertListing(db, benchListing(random, c));
    await db.query(
      `INSERT INTO saved_search_matches (saved_search_id, listing_id)
       SELECT id, $2 FROM saved_searches WHERE category = $1 ON CONFLICT DO NOTHING`,
      [c, id],
    );
  }
  await db.query('ANALYZE');
  started = Date.now();
  const messages = await sendDailyAlerts(db, ORIGIN);
  const seconds = (Date.now() - started) / 1000;
  log(
    `${name}: daily run: ${messages} messages queued in ${seconds.toFixed(1)} s ` +
      `(goal < 300 s for 100,000 subscribers: ${
        options.searches < 100_000
          ? 'not measured at this size'
          : messages >= options.searches * 0.99 && seconds < 300
            ? 'met'
            : 'NOT met'
      })`,
  );
}

export interface AlertsBenchOptions {
  databases: readonly ('postgres' | 'pglite')[];
  searches: number;
  publish: number;
}

export async function alertsBench(log: (line: string) => void, options: AlertsBenchOptions): Promise<void> {
  log(`\n=== alerts: ${options.searches} saved searches, ${options.publish} listings published, a daily run`);
  for (const database of options.databases) {
    await withBenchDatabase(database, (db, name) => scenario(db, name, log, options));
  }
}

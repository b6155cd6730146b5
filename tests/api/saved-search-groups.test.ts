// Saved searches in groups (decision 0089): searches sharing a category, filters other than the
// price and words are one group, checked once per published listing; each search keeps its own
// price range. A group goes with its last search, and searches stored before the groups get theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database';
import { migrate, migrationNames } from '#server/db/migrate';
import { findListingMatches } from '#server/modules/alerts/service';
import { savedSearchColumns } from '#shared/saved-search-match';
import { insertListing } from '../support/listings';
import { linkInMail, postUrlencoded, queuedMailsTo, sameSiteHeaders } from '../support/mail';
import { createTestApp, type TestApp } from '../support/test-app';
import { openTestDatabase, testDatabaseKind } from '../support/test-database';

const ORIGIN = 'https://example.test';

/** The ids of the searches a listing matches, by address. */
async function matchesOf(db: Database, listingId: string): Promise<string[]> {
  const found = await findListingMatches(db, listingId);
  if (!found?.matching.length) return [];
  const { rows } = await db.query<{ email: string }>(
    'SELECT email FROM saved_searches WHERE id = ANY($1::uuid[]) ORDER BY email',
    [found.matching],
  );
  return rows.map((row) => row.email);
}

const groupsOf = async (db: Database, q: string) =>
  (
    await db.query<{ id: string; searches: number; members: number; keys: number }>(
      // Its searches (those naming it), and its members: the searches its arrays list, which must be the same.
      `SELECT g.id, (SELECT count(*)::int FROM saved_searches s WHERE s.group_id = g.id) AS searches,
              cardinality(g.member_ids) AS members,
              (SELECT count(*)::int FROM saved_search_group_keys k WHERE g.id = ANY (k.group_ids)) AS keys
       FROM saved_search_groups g WHERE g.checked_filters ->> 'q' = $1`,
      [q],
    )
  ).rows;

describe(`saved-search groups (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: ORIGIN });
  }, 60_000);
  afterAll(() => t.close());

  /** An alert as the form saves it, confirmed through its link unless told otherwise; its unsubscribe link. */
  const alert = async (email: string, search: string, confirmed = true) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { email, category: 'product', search, frequency: 'daily' },
      remoteAddress: `10.39.0.${++ip}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const link = linkInMail((await queuedMailsTo(t.db, email))[0], ORIGIN, '/alerts/confirm');
    if (confirmed) {
      const page = await postUrlencoded(t.app, link, {}, sameSiteHeaders(ORIGIN), `10.39.0.${ip}`);
      expect(page.statusCode, page.body).toBe(200);
    }
    return link.replace('/confirm?', '/unsubscribe?');
  };
  const unsubscribe = async (link: string) => {
    const response = await postUrlencoded(
      t.app,
      link,
      { 'List-Unsubscribe': 'One-Click' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      '10.39.1.1',
    );
    expect(response.statusCode).toBe(200);
  };

  it('keeps searches that differ only in price in one group, each matched by its own price range', async () => {
    await alert('cheap@example.com', 'q=kettle&maxPrice=5000');
    await alert('dear@example.com', 'q=kettle&minPrice=20000');
    await alert('any@example.com', 'q=kettle');
    await alert('between@example.com', 'q=kettle&minPrice=2000&maxPrice=12000');
    await alert('waiting@example.com', 'q=kettle', false);
    expect(await groupsOf(t.db, 'kettle')).toEqual([expect.objectContaining({ searches: 4, members: 4 })]);
    // Not confirmed: in no group.
    const { rows } = await t.db.query("SELECT group_id FROM saved_searches WHERE email = 'waiting@example.com'");
    expect(rows).toEqual([{ group_id: null }]);

    const at = (price: number) => insertListing(t.db, { category: 'product', title: 'Electric kettle', price });
    expect(await matchesOf(t.db, await at(3000))).toEqual([
      'any@example.com',
      'between@example.com',
      'cheap@example.com',
    ]);
    expect(await matchesOf(t.db, await at(10000))).toEqual(['any@example.com', 'between@example.com']);
    expect(await matchesOf(t.db, await at(50000))).toEqual(['any@example.com', 'dear@example.com']);
    // Price ranges hold their ends, as the results page's filters do.
    expect(await matchesOf(t.db, await at(12000))).toEqual(['any@example.com', 'between@example.com']);
    expect(await matchesOf(t.db, await at(5000))).toEqual([
      'any@example.com',
      'between@example.com',
      'cheap@example.com',
    ]);
  });

  it('finds, in a large group, exactly the searches whose price range holds the price, ends included', async () => {
    // Ranges from a few edge values (none, cents either side, equal ends, reversed), many of each.
    const ends = [null, 99.99, 100, 100.01, 2500, 2500.5, 1_000_000];
    const ranges = ends.flatMap((min) => ends.map((max) => [min, max] as const));
    const { rows: stored } = await t.db.query<{ id: string }>(
      `INSERT INTO saved_searches (email, language, category, filters, min_price, max_price, key_words, confirmed_at)
       SELECT 'grinder' || n || '@example.com', 'en', 'product',
              jsonb_strip_nulls(jsonb_build_object('q', 'grinder', 'minPrice', lo, 'maxPrice', hi)), lo, hi, $3::text[], now()
       FROM unnest($1::numeric[], $2::numeric[]) WITH ORDINALITY AS r(lo, hi, i), generate_series(1, 5) AS copies(c),
            LATERAL (SELECT i * 10 + c AS n) AS name
       RETURNING id`,
      [
        ranges.map(([min]) => min),
        ranges.map(([, max]) => max),
        savedSearchColumns('product', { q: 'grinder' }).keyWords,
      ],
    );
    await t.db.query(
      `INSERT INTO saved_search_groups (category, checked_filters, key_words)
       SELECT DISTINCT category, checked_filters, key_words FROM saved_searches WHERE email LIKE 'grinder%'`,
    );
    await t.db.query(
      `INSERT INTO saved_search_group_keys AS k (category, word, group_ids)
       SELECT g.category, word, ARRAY[g.id] FROM saved_search_groups g, unnest(g.key_words) AS word
       WHERE g.checked_filters ->> 'q' = 'grinder' ORDER BY 1, 2
       ON CONFLICT (category, word) DO UPDATE SET group_ids = k.group_ids || EXCLUDED.group_ids`,
    );
    await t.db.query(
      `UPDATE saved_searches s SET group_id = g.id FROM saved_search_groups g
       WHERE s.email LIKE 'grinder%' AND g.checked_filters = s.checked_filters AND g.category = s.category`,
    );
    expect(await groupsOf(t.db, 'grinder')).toEqual([
      expect.objectContaining({ searches: stored.length, members: stored.length }),
    ]);
    for (const price of [50, 99.99, 100, 100.01, 1000, 2500, 2500.5, 2500.51, 999_999.99, 1_000_000, 2_000_000]) {
      const listing = await insertListing(t.db, { category: 'product', title: 'Coffee grinder', price });
      const { rows: expected } = await t.db.query<{ email: string }>(
        `SELECT email FROM saved_searches WHERE email LIKE 'grinder%'
           AND (min_price IS NULL OR min_price <= $1) AND (max_price IS NULL OR max_price >= $1) ORDER BY email`,
        [price],
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(
        (await matchesOf(t.db, listing)).filter((email) => email.startsWith('grinder')),
        `at ${price}`,
      ).toEqual(expected.map((row) => row.email));
    }
  });

  it('checks the group once by the rules: a group whose other filters fail matches none of its searches', async () => {
    await alert('used-a@example.com', 'q=blender&condition=used');
    await alert('used-b@example.com', 'q=blender&condition=used&maxPrice=9000');
    await alert('new@example.com', 'q=blender&condition=new');
    const id = await insertListing(t.db, {
      category: 'product',
      title: 'Blender, slightly used',
      price: 4000,
      product_condition: 'used',
    });
    expect(await matchesOf(t.db, id)).toEqual(['used-a@example.com', 'used-b@example.com']);
  });

  it('drops a group with its last search (unsubscribed or erased) and makes it again for the next one', async () => {
    // Another group with the same key words ("toaster", the longest word, and its spellings).
    await alert('other@example.com', 'q=toaster+oven');
    const first = await alert('first@example.com', 'q=toaster');
    const second = await alert('second@example.com', 'q=toaster&maxPrice=3000');
    const [group] = await groupsOf(t.db, 'toaster');
    expect(group).toMatchObject({ searches: 2, members: 2 });
    expect(group?.keys).toBeGreaterThan(0);

    await unsubscribe(first);
    expect(await groupsOf(t.db, 'toaster')).toEqual([{ ...group, searches: 1, members: 1 }]);
    await unsubscribe(second);
    // Gone with its key rows: a listing no longer reads it.
    expect(await groupsOf(t.db, 'toaster')).toEqual([]);
    expect(
      (await t.db.query('SELECT 1 FROM saved_search_group_keys WHERE $1 = ANY (group_ids)', [group?.id])).rows,
    ).toEqual([]);
    // The key rows it shared keep the other group.
    const oven = await insertListing(t.db, { category: 'product', title: 'Toaster oven', price: 2500 });
    expect(await matchesOf(t.db, oven)).toEqual(['other@example.com']);

    await alert('third@example.com', 'q=toaster');
    expect(await groupsOf(t.db, 'toaster')).toEqual([expect.objectContaining({ searches: 1, members: 1 })]);
    const listing = await insertListing(t.db, { category: 'product', title: 'Toaster', price: 2500 });
    expect(await matchesOf(t.db, listing)).toEqual(['third@example.com']);
    expect(await matchesOf(t.db, oven)).toEqual(['other@example.com', 'third@example.com']);

    // Erased on request (the privacy module deletes by address): the group goes too.
    await t.db.query("DELETE FROM saved_searches WHERE lower(email) = 'third@example.com'");
    expect(await groupsOf(t.db, 'toaster')).toEqual([]);
    expect(await matchesOf(t.db, oven)).toEqual(['other@example.com']);
  });
});

describe(`saved-search groups migration (${testDatabaseKind()})`, () => {
  // Migrating a new database from the first file takes a while on a busy machine.
  it('puts the confirmed searches stored before it in their groups, which listings then find', async () => {
    const db = await openTestDatabase({ migrated: false });
    try {
      const before = migrationNames().filter((name) => name < '037');
      await migrate(db, undefined, { only: before });
      // As the version before stored them: key words and their rows for searches with words;
      // one search saved before key words existed (none, though it has words); one unconfirmed.
      const store = async (email: string, filters: Record<string, unknown>, confirmed = true, keyWords = true) => {
        const columns = savedSearchColumns('product', filters);
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO saved_searches (email, language, category, filters, min_price, max_price, subcategory,
             key_words, confirmed_at)
           VALUES ($1, 'en', 'product', $2::jsonb, $3, $4, $5, $6::text[], CASE WHEN $7 THEN now() END) RETURNING id`,
          [
            email,
            JSON.stringify(filters),
            columns.minPrice,
            columns.maxPrice,
            columns.subcategory,
            keyWords ? columns.keyWords : null,
            confirmed,
          ],
        );
        if (confirmed)
          await db.query(
            `INSERT INTO saved_search_keys (word, saved_search_id, category, min_price, max_price, bedrooms,
               subcategory, checked_filters)
             SELECT DISTINCT unnest(key_words), id, category, min_price, max_price, bedrooms, subcategory, checked_filters
             FROM saved_searches WHERE id = $1`,
            [rows[0]?.id],
          );
      };
      await store('a@example.com', { q: 'radio' });
      await store('b@example.com', { q: 'radio', maxPrice: 1000 });
      await store('c@example.com', { q: 'radio', maxPrice: 100000 }, true, false);
      await store('d@example.com', { q: 'radio' }, false);
      await store('e@example.com', { condition: 'new' });
      await store('f@example.com', { q: 'speaker' });

      expect(await migrate(db)).toContain('037_saved_search_groups.sql');
      const { rows: groups } = await db.query<{ q: string | null; key_words: string[] | null; searches: number }>(
        `SELECT g.checked_filters ->> 'q' AS q, g.key_words,
                (SELECT count(*)::int FROM saved_searches s WHERE s.group_id = g.id) AS searches
         FROM saved_search_groups g ORDER BY 1 NULLS FIRST`,
      );
      // The radio group holds a search without key words: it keeps none, a candidate of every product.
      expect(groups).toEqual([
        { q: null, key_words: null, searches: 1 },
        { q: 'radio', key_words: null, searches: 3 },
        { q: 'speaker', key_words: expect.arrayContaining(['speaker']), searches: 1 },
      ]);
      const listing = await insertListing(db, { category: 'product', title: 'Radio', price: 5000 });
      expect(await matchesOf(db, listing)).toEqual(['a@example.com', 'c@example.com']);
      const speaker = await insertListing(db, {
        category: 'product',
        title: 'Speaker',
        price: 500,
        product_condition: 'new',
      });
      expect(await matchesOf(db, speaker)).toEqual(['e@example.com', 'f@example.com']);
    } finally {
      await db.close();
    }
  }, 120_000);
});

import type { Queryable } from '#server/db/database';
import { newToken, tokenHash } from '#server/lib/token-hash';
import type { AlertFrequency } from '#shared/alert-frequencies';
import type { Category } from '#shared/categories';
import type { Locale } from '#shared/i18n';
import type { SavedSearchFilters } from '#shared/saved-search';
import { type MatchableListing, savedSearchColumns } from '#shared/saved-search-match';

export interface SavedSearch {
  id: string;
  email: string;
  language: Locale;
  category: Category;
  filters: SavedSearchFilters;
  frequency: AlertFrequency;
  confirmedAt: string | null;
  createdAt: string;
}

interface SavedSearchRow {
  id: string;
  email: string;
  language: Locale;
  category: Category;
  filters: SavedSearchFilters | string;
  frequency: AlertFrequency;
  confirmed_at: string | Date | null;
  created_at: string | Date;
}

const COLUMNS = 's.id, s.email, s.language, s.category, s.filters, s.frequency, s.confirmed_at, s.created_at';

const iso = (value: string | Date) => new Date(value).toISOString();

function savedSearchOf(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    email: row.email,
    language: row.language,
    category: row.category,
    filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters,
    frequency: row.frequency,
    confirmedAt: row.confirmed_at === null ? null : iso(row.confirmed_at),
    createdAt: iso(row.created_at),
  };
}

/** Saved searches and their links (docs/product.md#saved-search-alerts). */
export function createSavedSearchRepository(db: Queryable) {
  return {
    /**
     * The address's alert for this search: a new one, or the one it saved before (the same
     * search is kept once per address, its frequency the latest asked for while unconfirmed).
     */
    async save(input: {
      email: string;
      language: Locale;
      category: Category;
      filters: SavedSearchFilters;
      frequency: AlertFrequency;
    }): Promise<SavedSearch> {
      const columns = savedSearchColumns(input.category, input.filters);
      const { rows } = await db.query<SavedSearchRow>(
        `INSERT INTO saved_searches AS s
           (email, language, category, filters, frequency, min_price, max_price, bedrooms, subcategory, key_words)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10::text[])
         ON CONFLICT (lower(email), category, filters) DO UPDATE
           SET frequency = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.frequency ELSE s.frequency END,
               language = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.language ELSE s.language END
         RETURNING ${COLUMNS}`,
        [
          input.email,
          input.language,
          input.category,
          JSON.stringify(input.filters),
          input.frequency,
          columns.minPrice,
          columns.maxPrice,
          columns.bedrooms,
          columns.subcategory,
          columns.keyWords,
        ],
      );
      const row = rows[0] as SavedSearchRow;
      return savedSearchOf(row);
    },

    /** A new link to the alert (for one message): the token, shown once; only its hash is kept. */
    async newLink(savedSearchId: string): Promise<string> {
      const token = newToken();
      await db.query('INSERT INTO saved_search_links (token_hash, saved_search_id) VALUES ($1, $2)', [
        tokenHash(token),
        savedSearchId,
      ]);
      return token;
    },

    /** A new link to each of these alerts (one message each): their tokens, in the same order. */
    async newLinks(savedSearchIds: readonly string[]): Promise<string[]> {
      const tokens = savedSearchIds.map(() => newToken());
      if (tokens.length === 0) return tokens;
      await db.query(
        'INSERT INTO saved_search_links (token_hash, saved_search_id) SELECT * FROM unnest($1::text[], $2::uuid[])',
        [tokens.map(tokenHash), savedSearchIds],
      );
      return tokens;
    },

    /** The alert a link is for, or null (unknown token, alert deleted). */
    async findByToken(token: string): Promise<SavedSearch | null> {
      const { rows } = await db.query<SavedSearchRow>(
        `SELECT ${COLUMNS} FROM saved_search_links l JOIN saved_searches s ON s.id = l.saved_search_id
         WHERE l.token_hash = $1`,
        [tokenHash(token)],
      );
      return rows[0] ? savedSearchOf(rows[0]) : null;
    },

    /**
     * Confirms the alert and, the first time, puts it in its group (found or made, with its key
     * rows; a trigger adds it to the group's members): from now on listings find it. Call it in
     * a transaction: the group's upsert locks the group row, so a group emptied at the same
     * time is not dropped under it.
     */
    async confirm(id: string): Promise<void> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO saved_search_groups AS g (category, checked_filters, bedrooms, subcategory, key_words)
         SELECT category, checked_filters, bedrooms, subcategory, key_words FROM saved_searches
         WHERE id = $1 AND confirmed_at IS NULL
         ON CONFLICT (category, checked_filters) DO UPDATE SET category = g.category
         RETURNING g.id`,
        [id],
      );
      const group = rows[0];
      if (!group) return;
      // In (category, word) order, as a group's last search leaving takes the rows' locks.
      await db.query(
        `INSERT INTO saved_search_group_keys AS k (category, word, group_ids)
         SELECT DISTINCT g.category, word, ARRAY[g.id] FROM saved_search_groups g, unnest(g.key_words) AS word
         WHERE g.id = $1 ORDER BY 1, 2
         ON CONFLICT (category, word) DO UPDATE SET group_ids = k.group_ids || EXCLUDED.group_ids
           WHERE NOT k.group_ids @> EXCLUDED.group_ids`,
        [group.id],
      );
      await db.query('UPDATE saved_searches SET confirmed_at = now(), group_id = $2 WHERE id = $1', [id, group.id]);
    },

    async setFrequency(id: string, frequency: AlertFrequency): Promise<void> {
      await db.query('UPDATE saved_searches SET frequency = $2 WHERE id = $1', [id, frequency]);
    },

    /** Deletes the alert and its links; whether there was one. */
    async delete(id: string): Promise<boolean> {
      const result = await db.query('DELETE FROM saved_searches WHERE id = $1', [id]);
      return result.rowCount > 0;
    },

    /** A listing as the matching reads it, with what a message shows of it; null when there is none. */
    async listing(id: string): Promise<(MatchableListing & AlertListing) | null> {
      const { rows } = await db.query<MatchableListing & AlertListing & { is_active: boolean }>(
        'SELECT * FROM listings WHERE id = $1',
        [id],
      );
      const row = rows[0];
      return row?.is_active ? row : null;
    },

    /**
     * The ids of the groups of confirmed searches a listing of this category may match (a
     * superset): those without words, and those with a key word among the listing's probes.
     * One text: a row per id costs more to read.
     */
    async candidateGroupIds(category: string, probes: readonly string[]): Promise<string[]> {
      const { rows } = await db.query<{ ids: string | null }>(
        `SELECT array_to_string(ARRAY(
           SELECT g.id FROM saved_search_groups g WHERE g.category = $1 AND g.key_words IS NULL
           UNION
           SELECT unnest(k.group_ids) FROM saved_search_group_keys k WHERE k.category = $1 AND k.word = ANY ($2::text[])
         ), ',') AS ids`,
        [category, probes],
      );
      return rows[0]?.ids ? rows[0].ids.split(',') : [];
    },

    /** These groups as the rules check them (those that exist). */
    async groups(ids: readonly string[]): Promise<SavedSearchGroup[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<{
        id: string | number;
        filters: SavedSearchFilters | string;
        bedrooms: number | null;
        subcategory: string | null;
      }>(
        `SELECT id, checked_filters AS filters, bedrooms, subcategory FROM saved_search_groups
         WHERE id = ANY ($1::bigint[])`,
        [ids],
      );
      return rows.map((row) => ({
        id: String(row.id),
        filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters,
        bedrooms: row.bedrooms,
        subcategory: row.subcategory,
      }));
    },

    /**
     * The searches of these groups whose own price range holds the price, read from the
     * groups' member arrays (migration 038): in each part, those whose highest price is at
     * least the price lead, counted by a binary search. Those without a lowest price match;
     * those with one come with it, and match when it is at most the price (compared here: per
     * member, a row in SQL costs ten times as much). Each list is one text: thousands of rows,
     * or arrays of uuids, cost more to read. Prices have two decimals and at most 14 digits, so
     * their numbers compare as the stored values do.
     */
    async groupSearchesAt(groupIds: readonly string[], price: string | number): Promise<string[]> {
      if (groupIds.length === 0) return [];
      const { rows } = await db.query<{ ids: string | null; floored_ids: string | null; floors: string | null }>(
        `SELECT string_agg(nullif(array_to_string(g.member_ids[1:n.floorless_end], ','), ''), ',') AS ids,
                string_agg(nullif(array_to_string(g.member_ids[g.floorless + 1:n.floored_end], ','), ''), ',') AS floored_ids,
                string_agg(nullif(array_to_string(g.member_min_prices[g.floorless + 1:n.floored_end], ','), ''), ',') AS floors
         FROM unnest($1::bigint[]) AS grp(id)
         CROSS JOIN LATERAL (SELECT g.member_ids, g.member_min_prices, g.member_ceilings, g.member_floorless AS floorless
                             FROM saved_search_groups g WHERE g.id = grp.id OFFSET 0) g
         CROSS JOIN LATERAL (
           SELECT width_bucket(-$2::numeric, g.member_ceilings[1:g.floorless]) AS floorless_end,
                  g.floorless + width_bucket(-$2::numeric, g.member_ceilings[g.floorless + 1:]) AS floored_end) n`,
        [groupIds, price],
      );
      const row = rows[0];
      const ids = row?.ids ? row.ids.split(',') : [];
      if (row?.floored_ids && row.floors) {
        const floors = row.floors.split(',');
        const at = Number(price);
        row.floored_ids.split(',').forEach((id, i) => {
          if (Number(floors[i]) <= at) ids.push(id);
        });
      }
      return ids;
    },

    /** Those of these alerts that are sent at once (not daily). */
    async instant(ids: readonly string[]): Promise<SavedSearch[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<SavedSearchRow>(
        `SELECT ${COLUMNS} FROM saved_searches s WHERE s.id = ANY($1::uuid[]) AND s.frequency = 'instant' ORDER BY s.id`,
        [ids],
      );
      return rows.map(savedSearchOf);
    },

    /**
     * Records the listing as found for these searches while it is public: the ids it is new
     * for (never twice). None once it was hidden again.
     */
    async recordMatches(listingId: string, savedSearchIds: readonly string[]): Promise<Set<string>> {
      if (savedSearchIds.length === 0) return new Set();
      const { rows } = await db.query<{ saved_search_id: string }>(
        `INSERT INTO saved_search_matches (saved_search_id, listing_id)
         SELECT unnest($1::uuid[]), $2 WHERE EXISTS (SELECT 1 FROM listings WHERE id = $2 AND is_active)
         ON CONFLICT DO NOTHING RETURNING saved_search_id`,
        [savedSearchIds, listingId],
      );
      return new Set(rows.map((row) => row.saved_search_id));
    },

    /**
     * The listing was made public: its alerts are to be matched (by the background loop, after
     * the staff request). Published again before that: its turn is taken anew.
     */
    async recordPublication(listingId: string, origin: string): Promise<void> {
      await db.query(
        `INSERT INTO listing_publications (listing_id, origin) VALUES ($1, $2)
         ON CONFLICT (listing_id) DO UPDATE SET published_at = now(), origin = EXCLUDED.origin, claimed_until = NULL`,
        [listingId, origin],
      );
    },

    /**
     * Claims the oldest publication not being matched for `claimSeconds` (another instance skips
     * it meanwhile; after that, an instance that died while matching it no longer holds it).
     */
    async claimPublication(claimSeconds: number): Promise<ListingPublication | null> {
      const { rows } = await db.query<{ listing_id: string; origin: string; published_at: string }>(
        `UPDATE listing_publications SET claimed_until = now() + make_interval(secs => $1)
         WHERE listing_id = (
           SELECT listing_id FROM listing_publications WHERE claimed_until IS NULL OR claimed_until < now()
           ORDER BY published_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING listing_id, origin, published_at::text`,
        [claimSeconds],
        { prepared: true },
      );
      const row = rows[0];
      return row ? { listingId: row.listing_id, origin: row.origin, publishedAt: row.published_at } : null;
    },

    /** Publications not matched yet, those being matched included. */
    async publicationsWaiting(): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listing_publications');
      return rows[0]?.n ?? 0;
    },

    /** The publication is matched; one published again meanwhile stays for its own turn. */
    async finishPublication(publication: ListingPublication): Promise<void> {
      await db.query('DELETE FROM listing_publications WHERE listing_id = $1 AND published_at = $2::timestamptz', [
        publication.listingId,
        publication.publishedAt,
      ]);
    },

    /** The matches a message carried are sent; the search was written to now. */
    async markSent(savedSearchIds: readonly string[], listingIds?: readonly string[]): Promise<void> {
      if (savedSearchIds.length === 0) return;
      await db.query(
        `UPDATE saved_search_matches SET sent_at = now()
         WHERE saved_search_id = ANY($1::uuid[]) AND sent_at IS NULL
           AND ($2::uuid[] IS NULL OR listing_id = ANY($2::uuid[]))`,
        [savedSearchIds, listingIds ?? null],
      );
      await db.query('UPDATE saved_searches SET last_sent_at = now() WHERE id = ANY($1::uuid[])', [savedSearchIds]);
    },

    /**
     * The next daily alerts with unsent matches, after `afterId` in id order, each with its
     * newest unsent matches (at most `perMessage`) and how many there are.
     */
    async dailyBatch(
      afterId: string | null,
      limit: number,
      perMessage: number,
    ): Promise<{ search: SavedSearch; listings: AlertListing[]; total: number }[]> {
      const { rows: searches } = await db.query<SavedSearchRow>(
        `SELECT ${COLUMNS} FROM saved_searches s
         WHERE s.frequency = 'daily' AND s.confirmed_at IS NOT NULL AND ($1::uuid IS NULL OR s.id > $1)
           AND EXISTS (SELECT 1 FROM saved_search_matches m WHERE m.saved_search_id = s.id AND m.sent_at IS NULL)
         ORDER BY s.id LIMIT $2`,
        [afterId, limit],
      );
      if (searches.length === 0) return [];
      const { rows: matches } = await db.query<AlertListing & { saved_search_id: string; total: number }>(
        `SELECT m.saved_search_id, l.id, l.category, l.title, l.price, l.listing_type, l.rent_period, l.location,
                l.image_urls, count(*) OVER (PARTITION BY m.saved_search_id)::int AS total,
                row_number() OVER (PARTITION BY m.saved_search_id ORDER BY l.created_at DESC, l.id) AS n
         FROM saved_search_matches m JOIN listings l ON l.id = m.listing_id
         WHERE m.saved_search_id = ANY($1::uuid[]) AND m.sent_at IS NULL AND l.is_active
         ORDER BY m.saved_search_id, l.created_at DESC, l.id`,
        [searches.map((row) => row.id)],
      );
      const bySearch = new Map<string, { listings: AlertListing[]; total: number }>();
      for (const match of matches as (AlertListing & { saved_search_id: string; total: number; n: number })[]) {
        const entry = bySearch.get(match.saved_search_id) ?? { listings: [], total: match.total };
        if (Number(match.n) <= perMessage) entry.listings.push(match);
        bySearch.set(match.saved_search_id, entry);
      }
      return searches.map((row) => {
        const entry = bySearch.get(row.id) ?? { listings: [], total: 0 };
        return { search: savedSearchOf(row), ...entry };
      });
    },

    /** Claims the daily run of a day (Nairobi date): false when another instance has it. */
    async claimRun(day: string): Promise<boolean> {
      const result = await db.query(
        `INSERT INTO saved_search_runs (day) VALUES ($1)
         ON CONFLICT (day) DO UPDATE SET started_at = now()
           WHERE saved_search_runs.finished_at IS NULL AND saved_search_runs.started_at < now() - interval '1 hour'`,
        [day],
      );
      return result.rowCount > 0;
    },

    async finishRun(day: string, messages: number): Promise<void> {
      await db.query('UPDATE saved_search_runs SET finished_at = now(), messages = $2 WHERE day = $1', [day, messages]);
    },
  };
}

/**
 * A group of confirmed searches: their category and filters but the price (words included),
 * with copies of its bedrooms and subcategory filters. Never changed once made.
 */
export interface SavedSearchGroup {
  id: string;
  filters: SavedSearchFilters;
  bedrooms: number | null;
  subcategory: string | null;
}

/** A listing made public, waiting for its alerts to be matched. */
export interface ListingPublication {
  listingId: string;
  origin: string;
  /** Exactly as stored (text: a Date would drop the microseconds). */
  publishedAt: string;
}

/** What a message shows of a listing. */
export interface AlertListing {
  id: string;
  category: Category;
  title: string;
  price: number;
  listing_type: string | null;
  rent_period: string | null;
  location: string | null;
  image_urls: string[];
}

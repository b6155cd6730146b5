import type { Database } from '#server/db/database';
import { type ListingRow, PUBLIC_LISTING_COLUMNS, publicListingFromRow } from '#server/db/listing-columns';
import type { Category } from '#shared/categories';
import type { PublicListing } from '#shared/listing';
import { type ListingSort, shownAvailabilities } from '#shared/listing-filters';
import type { ListingQuery } from '#shared/listing-query';
import { SEARCH_CLASSES, type SearchableListing, type SearchPlan, searchedForOf } from '#shared/listing-search';
import { availabilityCondition, filterConditions } from './filter-sql';
import {
  resolveSearch,
  SEARCH_COUNT_LIMIT,
  type SearchPlanCache,
  searchFindQuery,
  searchRankClass,
  searchTsquery,
} from './search';
import { SIMILAR_POOL, type SimilarCandidate, type SimilarSource } from './similar';

const COLUMNS = PUBLIC_LISTING_COLUMNS;

/** Each sort is served by an index: (category, is_active, availability, created_at, id) or (…, price, id). */
const ORDER_BY: Record<Exclude<ListingSort, 'relevance'>, string> = {
  newest: 'created_at DESC, id DESC',
  price_asc: 'price ASC, id ASC',
  price_desc: 'price DESC, id DESC',
};

class SqlParams {
  readonly values: unknown[] = [];
  add = (value: unknown): string => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
  /**
   * A value the planner cannot see (a sub-select it runs once, before the rest): it plans
   * for any value, as it would without one.
   */
  hidden = (value: unknown, type: 'text' | 'int' | 'tsquery'): string => `(SELECT ${this.add(value)}::${type})`;
}

/**
 * The WHERE clause for a validated query's filters (filter-sql.ts); `category` is the SQL of
 * its value, or false to leave it out (a search's words name it themselves, migration 007).
 */
export function listingWhere(f: ListingQuery, p: SqlParams, { category }: { category?: string | false } = {}) {
  const shown = ['is_active', availabilityCondition(f)];
  const where = category === false ? shown : [`category = ${category ?? p.add(f.category)}`, ...shown];
  return [...where, ...filterConditions(f, p.add)].join(' AND ');
}

/** The two statements a list request without a search runs; exported so the benchmark runs the same SQL. */
export function listingSql(f: ListingQuery) {
  return { count: countSql(f), page: pageSql(f) };
}

function countSql(f: ListingQuery) {
  const p = new SqlParams();
  return { text: `SELECT count(*)::int AS total FROM listings WHERE ${listingWhere(f, p)}`, values: p.values };
}

function pageSql(f: ListingQuery) {
  const p = new SqlParams();
  const where = listingWhere(f, p);
  const order = ORDER_BY[f.sort === 'relevance' ? 'newest' : f.sort];
  const limit = p.add(f.pageSize);
  const offset = p.add((f.page - 1) * f.pageSize);
  // Deferred join: the offset scans the narrow index (index-only when the filters allow),
  // and only the rows of the page are read from the table.
  return {
    text: `SELECT ${COLUMNS} FROM (
        SELECT id AS page_id FROM listings WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
      ) page JOIN listings ON listings.id = page.page_id ORDER BY ${order}`,
    values: p.values,
  };
}

/** The newest listings (under the filters) a search looks at first, to see how common its words are. */
const PROBE_SIZE = 500;

/**
 * What a match read from the word index costs, in listings scanned: a scan of the newest listings tests
 * each listing's words in the newest-first covering index alone (migration 015), where the word
 * index visits each match's table page (measured: 0.5 µs a listing scanned, 4 to 6 µs a match).
 */
const WORD_INDEX_MATCH_COST = 8;

/** The documents the covering index holds, and the longer ones; written as migration 015's index predicates are, so they serve them. */
const INDEXED_DOCUMENT = 'octet_length(search_vector::text) <= 1600';
const LONG_DOCUMENT = 'octet_length(search_vector::text) > 1600';

/** The newest `limit` listings under `where`, with `columns` (id and created_at among them). */
function newestSql(columns: string, where: string, limit: number): string {
  return `SELECT ${columns} FROM listings WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

/**
 * The same, as an index scan: while only available listings show, they come from the
 * newest-first covering indexes (migration 015), the documents that fit from the index alone
 * (an index-only scan), the few longer ones beside them, merged in order.
 */
function newestScan(f: ListingQuery, columns: string, where: string, limit: number): string {
  const [only, ...others] = shownAvailabilities(f as Record<string, unknown>);
  if (only !== 'active' || others.length > 0) return newestSql(columns, where, limit);
  const part = (documents: string) => `(${newestSql(columns, `${where} AND ${documents}`, limit)})`;
  return `SELECT * FROM (${part(INDEXED_DOCUMENT)} UNION ALL ${part(LONG_DOCUMENT)}) newest_scan
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

/**
 * A search is one statement (docs/decisions/0080). It first samples the newest listings under
 * the filters (`strategy`) to choose its access path, whatever the planner would estimate from
 * its statistics (an estimate that is wrong for common words that never meet scans a whole
 * category), unless `scanNewest` gives the strategy the same search used before:
 * - scan newest: an index scan in the page's order, testing each listing, when the words are
 *   common enough that the matches come soon;
 * - else use the word index (GIN), which reads every match.
 * Both strategies are in the statement, each behind a condition PostgreSQL tests before running
 * it, and each written so that it can be planned one way only: the scan tests the words
 * with `ts_match_vq`, the function behind `@@`, which no index serves and whose share the
 * planner takes as a third whatever the words; the read from the word index gets the words
 * hidden, so no statistics send it scanning instead. Exported so the benchmark runs the same SQL.
 *
 * Without filters the statement comes in a few shapes only, whatever the words (they travel
 * as values): `prepared` says so, and each connection keeps them parsed.
 * PostgreSQL plans a prepared statement for its values five times, then keeps its generic
 * plan when that costs no more: the values a cost could depend on are hidden, so it does,
 * and one plan per shape and connection serves every search. The words of the read from the
 * word index are hidden in every search, with filters too.
 */
export function searchSql(f: ListingQuery, search: SearchPlan, { scanNewest }: { scanNewest?: boolean } = {}) {
  const prepared = filterConditions(f, () => '').length === 0;
  return { prepared, read: searchReadSql(f, search, prepared, scanNewest) };
}

/** What decides how a search reads: its category, filters and words, not its page or order. */
function strategyKey(f: ListingQuery, search: SearchPlan): string {
  const { page: _page, pageSize: _pageSize, sort: _sort, q: _q, ...filters } = f;
  return `${JSON.stringify(filters)} ${search.terms.map((term) => term.typed).join(' ')}`;
}

/**
 * The strategy. Scanning the newest listings reads about (limit / share of matches) of
 * them; the word index reads every match, about (share × listings under the filters). The
 * newest PROBE_SIZE listings give the share, and how far back they reach, against the
 * category's oldest, how many listings there are. No match among them: the words are rare,
 * read from the word index.
 */
function strategySql(f: ListingQuery, p: SqlParams, words: string, category: string) {
  return `newest AS (
        ${newestScan(f, `id, created_at, search_vector @@ ${words} AS hit`, listingWhere(f, p, { category }), PROBE_SIZE)}
      ), seen AS (
        SELECT count(*) AS listings, count(*) FILTER (WHERE hit) AS matches,
          extract(epoch FROM max(created_at) - min(created_at)) AS reach,
          extract(epoch FROM max(created_at) - (
            SELECT min(created_at) FROM listings WHERE category = ${category} AND is_active AND availability = 'active'
          )) AS history
        FROM newest
      ), strategy AS (
        SELECT listings < ${PROBE_SIZE} OR (matches > 0 AND (
          reach = 0 OR ${SEARCH_COUNT_LIMIT + 1} * listings / matches < ${WORD_INDEX_MATCH_COST} * matches * history / reach
        )) AS scan_newest FROM seen
      )`;
}

/**
 * The page and, counted up to one past SEARCH_COUNT_LIMIT, the total (and `scanned_newest`, the strategy it
 * read, for the tests and the benchmark). Read from the word index, the words need no test
 * of the category (they name it, and a second test would send the planner to a category
 * index as well); a scan needs it, for the indexes it scans. Best match first ranks the
 * newest SEARCH_COUNT_LIMIT matches, all of them while the total is exact.
 */
function searchReadSql(f: ListingQuery, search: SearchPlan, prepared: boolean, scanNewest: boolean | undefined) {
  const p = new SqlParams();
  // A prepared statement is planned for any values, so they are hidden; one with filters
  // runs unnamed, planned for its own: its category lets the planner use the indexes kept
  // for one category (rooms, types, countries), and its page size counts its rows.
  const value = (v: unknown, type: 'text' | 'int') => (prepared ? p.hidden(v, type) : p.add(v));
  const found = searchFindQuery(search);
  const words = `${p.add(found)}::tsquery`;
  const category = value(f.category, 'text');
  // A strategy already known (the same search, run before) needs no sample of the newest listings.
  const strategy =
    scanNewest === undefined
      ? strategySql(f, p, words, category)
      : `strategy AS (SELECT ${p.add(scanNewest)}::boolean AS scan_newest)`;
  const scanned = `${listingWhere(f, p, { category })} AND ts_match_vq(search_vector, ${words}) AND (SELECT scan_newest FROM strategy)`;
  const indexed = `${listingWhere(f, p, { category: false })} AND search_vector @@ ${p.hidden(found, 'tsquery')} AND NOT (SELECT scan_newest FROM strategy)`;
  const newestFirst = f.sort === 'relevance' || (f.sort === 'newest' && f.page * f.pageSize <= SEARCH_COUNT_LIMIT);
  const ranked = newestFirst && f.sort === 'relevance';
  const rank = ranked ? searchRankClass(search, (v) => p.add(v)) : '0';
  // Whether any match holds every word as typed, not only with a typo: a search forgiven into
  // other words says which. Ranked, the best class tells; otherwise each match is tested.
  const forgiving = searchTsquery(search, 1) !== searchFindQuery(search);
  const asTyped = forgiving && !ranked ? `search_vector @@ ${p.add(searchTsquery(search, 1))}::tsquery` : 'true';
  const typedFound = !forgiving
    ? 'true'
    : ranked
      ? `coalesce((SELECT min(rank_class) FROM matches) < ${FIRST_TYPO_CLASS}, false)`
      : 'coalesce((SELECT bool_or(as_typed) FROM matches), false)';
  // Each match is ranked where it is read, and only its rank travels on: carrying its
  // document through the sorts to rank it later cost more.
  const columns = `id, created_at, ${rank} AS rank_class, ${asTyped} AS as_typed`;
  const matches = `matches AS MATERIALIZED (
          (${newestScan(f, columns, scanned, SEARCH_COUNT_LIMIT + 1)})
          UNION ALL (${newestSql(columns, indexed, SEARCH_COUNT_LIMIT + 1)})
        )`;
  const limit = value(f.pageSize, 'int');
  const offset = value((f.page - 1) * f.pageSize, 'int');
  if (newestFirst) {
    return {
      text: `WITH ${strategy}, ${matches}, page AS (
          SELECT id AS page_id, rank_class FROM (
            SELECT * FROM matches ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_COUNT_LIMIT}
          ) newest ORDER BY rank_class, created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}
        )
        SELECT (SELECT count(*)::int FROM matches) AS total, (SELECT scan_newest FROM strategy) AS scanned_newest,
          ${typedFound} AS typed_found, ${COLUMNS}
        FROM (SELECT 1) AS one LEFT JOIN (page JOIN listings ON listings.id = page.page_id) ON true
        ORDER BY page.rank_class, created_at DESC, id DESC`,
      values: p.values,
    };
  }
  const order = ORDER_BY[f.sort === 'relevance' ? 'newest' : f.sort];
  const page = (where: string) =>
    `(SELECT id AS page_id FROM listings WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})`;
  return {
    text: `WITH ${strategy}, ${matches}
      SELECT (SELECT count(*)::int FROM matches) AS total, (SELECT scan_newest FROM strategy) AS scanned_newest,
        ${typedFound} AS typed_found, ${COLUMNS}
      FROM (SELECT 1) AS one LEFT JOIN (
        (${page(scanned)} UNION ALL ${page(indexed)}) page JOIN listings ON listings.id = page.page_id
      ) ON true
      ORDER BY ${order}`,
    values: p.values,
  };
}

/**
 * A row of a search's statement: a listing of the page (all null when none), the total, how
 * it read, and whether any match holds every word as typed.
 */
export type SearchRow = ListingRow & { total: number; scanned_newest: boolean; typed_found: boolean };

/** The first rank class whose worst-matched word was found only with a typo. */
const FIRST_TYPO_CLASS = SEARCH_CLASSES.findIndex((c) => c.tier === 2);

/** Shares one run of a read between callers that ask for it at the same time. */
function sharedInFlight<T>(read: (f: ListingQuery) => Promise<T>, keyOf: (f: ListingQuery) => string) {
  const running = new Map<string, Promise<T>>();
  return (f: ListingQuery) => {
    const key = keyOf(f);
    let result = running.get(key);
    if (!result) {
      result = read(f).finally(() => running.delete(key));
      running.set(key, result);
    }
    return result;
  };
}

/**
 * `planCache` keeps what searches learn between them (search.ts): the words near typed ones and
 * the strategy each search used; without it each search looks them up.
 */
export function createListingsRepository(db: Pick<Database, 'query'>, planCache?: SearchPlanCache) {
  // A page and its total are read together: one look-up of the query's typos (none for words
  // seen since listings last changed), one statement.
  const resolve = sharedInFlight(
    (f) => resolveSearch(db, f.q, f.category, planCache),
    (f) => `${f.category}\n${f.q}`,
  );
  const search = sharedInFlight(
    async (f) => {
      const plan = await resolve(f);
      if (!plan) return undefined;
      const strategies = planCache?.current().strategies;
      const key = strategyKey(f, plan);
      const scanNewest = strategies?.get(key);
      if (strategies) planCache?.onLookup?.('strategies', scanNewest === undefined ? 'miss' : 'hit');
      const { prepared, read } = searchSql(f, plan, { scanNewest });
      const { rows } = await db.query<SearchRow>(read.text, read.values, { prepared });
      if (scanNewest === undefined && rows[0]) strategies?.set(key, rows[0].scanned_newest);
      const listed = rows.filter((row) => row.id !== null);
      const first = listed[0];
      return {
        total: rows[0]?.total ?? 0,
        // Nothing holds the words as typed: the words the first listing was found by.
        searchedFor:
          first && !first.typed_found ? searchedForOf(plan, first as unknown as SearchableListing) : undefined,
        items: listed.map(({ total: _total, scanned_newest: _scanned, typed_found: _typed, ...row }) =>
          publicListingFromRow(row as ListingRow),
        ),
      };
    },
    (f) => JSON.stringify(f),
  );
  return {
    /** One page of matches, in the query's order. */
    async page(f: ListingQuery): Promise<PublicListing[]> {
      const found = await search(f);
      if (found) return found.items;
      const { page } = listingSql(f);
      const { rows } = await db.query<ListingRow>(page.text, page.values);
      return rows.map(publicListingFromRow);
    },

    /**
     * For a search that found nothing with its words as typed but found listings with a typo
     * forgiven: the words it was forgiven into ("samsng" read as "samsung"), else undefined.
     */
    async searchedFor(f: ListingQuery): Promise<string | undefined> {
      return (await search(f))?.searchedFor;
    },

    /** How many listings match, whatever the page; a search counts up to one past SEARCH_COUNT_LIMIT. */
    async count(f: ListingQuery): Promise<number> {
      const found = await search(f);
      if (found) return found.total;
      const { count } = listingSql(f);
      const { rows } = await db.query<{ total: number }>(count.text, count.values);
      return rows[0]?.total ?? 0;
    },

    /** A listing staff have not hidden, by id (sold and expired ones too: their page says so), or null. */
    async findPublic(id: string): Promise<PublicListing | null> {
      const { rows } = await db.query<ListingRow>(`SELECT ${COLUMNS} FROM listings WHERE id = $1 AND is_active`, [id]);
      return rows[0] ? publicListingFromRow(rows[0]) : null;
    },

    /** Those of these listings staff have not hidden, in any availability; missing ones are left out. */
    async findPublicMany(ids: readonly string[]): Promise<PublicListing[]> {
      const { rows } = await db.query<ListingRow>(
        `SELECT ${COLUMNS} FROM listings WHERE id = ANY($1::uuid[]) AND is_active`,
        [ids],
      );
      return rows.map(publicListingFromRow);
    },

    /**
     * A category's newest available listings, newest first, with their words, which the
     * similar listings of any of its listings are chosen from (similar.ts): SIMILAR_POOL and
     * one more, read in order from the (category, created_at) index, so the cost stays the same
     * however many listings there are.
     */
    async similarPool(category: Category): Promise<SimilarCandidate[]> {
      const { rows } = await db.query<ListingRow & { title_words: string[]; words: string[] }>(
        `SELECT ${COLUMNS}, tsvector_to_array(ts_filter(search_vector, '{a}')) AS title_words,
           tsvector_to_array(search_vector) AS words
         FROM listings WHERE category = $1 AND is_active AND availability = 'active'
         ORDER BY created_at DESC, id DESC LIMIT ${SIMILAR_POOL + 1}`,
        [category],
      );
      return rows.map(({ title_words, words, ...row }) => ({
        listing: publicListingFromRow(row as ListingRow),
        titleWords: title_words,
        words,
      }));
    },

    /** What a shown listing's similar ones are measured against (its title's words, its price), or null. */
    async similarSource(id: string): Promise<SimilarSource | null> {
      const { rows } = await db.query<{ price: string | number | null; title_words: string[] }>(
        `SELECT price, tsvector_to_array(ts_filter(search_vector, '{a}')) AS title_words
         FROM listings WHERE id = $1 AND is_active`,
        [id],
      );
      const [row] = rows;
      return row ? { id, price: row.price === null ? null : Number(row.price), titleWords: row.title_words } : null;
    },

    /** The featured listings under a query's filters, newest first (a few: a small partial index). */
    async featured(f: ListingQuery, limit: number): Promise<PublicListing[]> {
      const p = new SqlParams();
      const where = listingWhere(f, p);
      const { rows } = await db.query<ListingRow>(
        `SELECT ${COLUMNS} FROM listings WHERE ${where} AND featured AND availability = 'active' ORDER BY created_at DESC, id DESC LIMIT ${p.add(limit)}`,
        p.values,
      );
      return rows.map(publicListingFromRow);
    },
  };
}
export type ListingsRepository = ReturnType<typeof createListingsRepository>;

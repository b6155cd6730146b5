import type { PublicListing } from '../../../shared/listing-api';
import {
  BATHROOMS_OR_MORE_FROM,
  BEDROOMS_OR_MORE_FROM,
  countryAliases,
  type ListingSort,
  PROCESSING_TIME_RULES,
  type RoomCountRule,
  roomCountRule,
} from '../../../shared/listing-filters';
import type { ListingQuery } from '../../../shared/listing-query';
import type { SearchPlan } from '../../../shared/listing-search';
import type { Database } from '../../db/database';
import { resolveSearch, SEARCH_COUNT_LIMIT, searchCondition, searchRankClass } from './search';

const COLUMNS = `id, category, subcategory, title, description, price, location, whatsapp_number, image_urls,
  created_at, product_condition, bedrooms, bathrooms, square_feet, property_type, monthly_revenue,
  years_established, business_type, country, visa_type, processing_time, requirements`;

/** Each sort is served by an index: (category, is_active, created_at, id) or (category, is_active, price, id). */
const ORDER_BY: Record<Exclude<ListingSort, 'relevance'>, string> = {
  newest: 'created_at DESC, id DESC',
  price_asc: 'price ASC, id ASC',
  price_desc: 'price DESC, id DESC',
};

/** LIKE treats % and _ as wildcards; a visitor's text must match literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function roomCondition(column: string, rule: RoomCountRule, p: SqlParams): string {
  if (rule.kind === 'atLeast') return `${column} >= ${p.add(rule.value)}`;
  if (rule.kind === 'equalsOrNoCount') return `(${column} = ${p.add(rule.value)} OR ${column} IS NULL)`;
  return `${column} = ${p.add(rule.value)}`;
}

/**
 * The WHERE clause for a validated query's filters: the spec §5 rules of
 * src/shared/listing-filters.ts, in SQL. The search words are added by listingSql; they
 * name the category themselves (migration 007), so a search may leave it out.
 */
export function listingWhere(f: ListingQuery, p: SqlParams, { category = true } = {}): string {
  const where = category ? [`category = ${p.add(f.category)}`, 'is_active'] : ['is_active'];
  if (f.minPrice !== undefined) where.push(`price >= ${p.add(f.minPrice)}`);
  if (f.maxPrice !== undefined) where.push(`price <= ${p.add(f.maxPrice)}`);
  if (f.subcategory !== undefined) where.push(`subcategory = ${p.add(f.subcategory)}`);
  if (f.condition !== undefined) where.push(`product_condition = ${p.add(f.condition)}`);
  if (f.propertyType !== undefined) where.push(`coalesce(property_type, subcategory) = ${p.add(f.propertyType)}`);
  if (f.location) where.push(`lower(location) LIKE ${p.add(likeContains(f.location))}`);
  if (f.bedrooms !== undefined) {
    where.push(roomCondition('bedrooms', roomCountRule(f.bedrooms, BEDROOMS_OR_MORE_FROM), p));
  }
  if (f.bathrooms !== undefined) {
    where.push(roomCondition('bathrooms', roomCountRule(f.bathrooms, BATHROOMS_OR_MORE_FROM), p));
  }
  // A comparison with NULL is never true, so listings without revenue or years drop out.
  if (f.minRevenue !== undefined) where.push(`monthly_revenue >= ${p.add(f.minRevenue)}`);
  if (f.maxRevenue !== undefined) where.push(`monthly_revenue <= ${p.add(f.maxRevenue)}`);
  if (f.minYears !== undefined) where.push(`years_established >= ${p.add(f.minYears)}`);
  if (f.country !== undefined) where.push(`lower(country) = ANY(${p.add(countryAliases(f.country))}::text[])`);
  if (f.visaType !== undefined) {
    where.push(`lower(coalesce(nullif(visa_type, ''), subcategory)) = ${p.add(f.visaType)}`);
  }
  if (f.processingTime !== undefined) {
    const alternatives = PROCESSING_TIME_RULES[f.processingTime].map(
      (parts) => `(${parts.map((part) => `strpos(lower(processing_time), ${p.add(part)}) > 0`).join(' AND ')})`,
    );
    where.push(`(${alternatives.join(' OR ')})`);
  }
  return where.join(' AND ');
}

/**
 * The two statements a list request runs; exported so the benchmark runs the same SQL.
 * `search` is the query's resolved plan (resolveSearch), when it searches; `manyMatches`
 * says its count passed SEARCH_COUNT_LIMIT (see READ_FROM_WORD_INDEX).
 */
export function listingSql(f: ListingQuery, search?: SearchPlan, { manyMatches = false } = {}) {
  const filters = (p: SqlParams) => filtersAndWords(f, p, search, manyMatches);
  return {
    count: countSql(search, filters),
    page: search && f.sort === 'relevance' ? relevancePageSql(f, search, filters) : pageSql(f, filters),
  };
}

/**
 * A search's words name its category, so read from the word index it needs no other test of
 * it. A search with many matches keeps it: the walks of the newest or cheapest listings
 * use indexes that start with the category.
 */
function filtersAndWords(f: ListingQuery, p: SqlParams, search: SearchPlan | undefined, manyMatches: boolean) {
  if (!search) return listingWhere(f, p);
  return `${listingWhere(f, p, { category: manyMatches })} AND ${searchCondition(search, (v) => p.add(v))}`;
}

type WhereBuilder = (p: SqlParams) => string;

function countSql(search: SearchPlan | undefined, filters: WhereBuilder) {
  const p = new SqlParams();
  const where = filters(p);
  // A search counts up to one past the limit: past it, the exact figure costs a scan of every match.
  const text = search
    ? `SELECT count(*)::int AS total FROM (SELECT 1 FROM listings WHERE ${where} LIMIT ${SEARCH_COUNT_LIMIT + 1}) matches`
    : `SELECT count(*)::int AS total FROM listings WHERE ${where}`;
  return { text, values: p.values };
}

function pageSql(f: ListingQuery, filters: WhereBuilder) {
  const p = new SqlParams();
  const where = filters(p);
  const order = ORDER_BY[f.sort === 'relevance' ? 'newest' : f.sort];
  const limit = p.add(f.pageSize);
  const offset = p.add((f.page - 1) * f.pageSize);
  // Deferred join: the offset walks the narrow index (index-only when the filters allow),
  // and only the rows of the page are read from the table.
  return {
    text: `SELECT ${COLUMNS} FROM (
        SELECT id AS page_id FROM listings WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
      ) page JOIN listings ON listings.id = page.page_id ORDER BY ${order}`,
    values: p.values,
  };
}

/**
 * Best match first among the search's newest SEARCH_COUNT_LIMIT matches: all of them while
 * the total is exact (decision 0025). The documents travel with the matches (a top-N sort
 * keeps only those), so ranking reads no row again.
 */
function relevancePageSql(f: ListingQuery, search: SearchPlan, filters: WhereBuilder) {
  const p = new SqlParams();
  const where = filters(p);
  const rank = searchRankClass(search, (v) => p.add(v));
  const limit = p.add(f.pageSize);
  const offset = p.add((f.page - 1) * f.pageSize);
  return {
    text: `SELECT ${COLUMNS} FROM (
        SELECT id AS page_id, ${rank} AS rank_class FROM (
          SELECT id, created_at, search_vector FROM listings WHERE ${where}
          ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_COUNT_LIMIT}
        ) newest ORDER BY rank_class, created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}
      ) page JOIN listings ON listings.id = page.page_id ORDER BY page.rank_class, created_at DESC, id DESC`,
    values: p.values,
  };
}

/**
 * How PostgreSQL may read a search. The count, which stops at the limit, and the page of a
 * search with no more matches than that are read from the word index: they cost what the
 * matches cost, whatever the planner guesses of how common the words are (a guess that is
 * wrong for two words that never meet would walk a whole category). Past the limit the
 * planner chooses: a walk of the newest (or cheapest) listings for a common word.
 */
export const READ_FROM_WORD_INDEX = `SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`;
export const READ_ANY_WAY = `SELECT set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true)`;

type Row = Omit<PublicListing, 'created_at'> & { created_at: Date | string };

const toListing = (row: Row): PublicListing => ({
  ...row,
  created_at: row.created_at instanceof Date ? row.created_at.toISOString() : new Date(row.created_at).toISOString(),
});

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

export function createListingsRepository(db: Pick<Database, 'query' | 'transaction'>) {
  // A page and its total are read together: one look-up of the query's typos, one transaction.
  const resolve = sharedInFlight(
    (f) => resolveSearch(db, f.q, f.category),
    (f) => `${f.category}\n${f.q}`,
  );
  const search = sharedInFlight(
    async (f) => {
      const plan = await resolve(f);
      if (!plan) return undefined;
      return db.transaction(async (tx) => {
        await tx.query(READ_FROM_WORD_INDEX);
        const { count } = listingSql(f, plan);
        const { rows } = await tx.query<{ total: number }>(count.text, count.values);
        const total = rows[0]?.total ?? 0;
        if (total === 0) return { total, items: [] };
        const manyMatches = total > SEARCH_COUNT_LIMIT;
        if (manyMatches) await tx.query(READ_ANY_WAY);
        const { page } = listingSql(f, plan, { manyMatches });
        const found = await tx.query<Row>(page.text, page.values);
        return { total, items: found.rows.map(toListing) };
      });
    },
    (f) => JSON.stringify(f),
  );
  return {
    /** One page of matches, in the query's order. */
    async page(f: ListingQuery): Promise<PublicListing[]> {
      const found = await search(f);
      if (found) return found.items;
      const { page } = listingSql(f);
      const { rows } = await db.query<Row>(page.text, page.values);
      return rows.map(toListing);
    },

    /** How many listings match, whatever the page; a search counts up to one past SEARCH_COUNT_LIMIT. */
    async count(f: ListingQuery): Promise<number> {
      const found = await search(f);
      if (found) return found.total;
      const { count } = listingSql(f);
      const { rows } = await db.query<{ total: number }>(count.text, count.values);
      return rows[0]?.total ?? 0;
    },

    /** An active listing by id, or null. */
    async findActive(id: string): Promise<PublicListing | null> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM listings WHERE id = $1 AND is_active`, [id]);
      return rows[0] ? toListing(rows[0]) : null;
    },
  };
}
export type ListingsRepository = ReturnType<typeof createListingsRepository>;

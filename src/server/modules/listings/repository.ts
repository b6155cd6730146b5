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
import type { Queryable } from '../../db/database';
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
 * src/shared/listing-filters.ts, in SQL. The search words are added by listingSql.
 */
export function listingWhere(f: ListingQuery, p: SqlParams): string {
  const where = [`category = ${p.add(f.category)}`, 'is_active'];
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
 * `search` is the query's resolved plan (resolveSearch), when it searches.
 */
export function listingSql(f: ListingQuery, search?: SearchPlan) {
  return {
    count: countSql(f, search),
    page: search && f.sort === 'relevance' ? relevancePageSql(f, search) : pageSql(f, search),
  };
}

function filtersAndWords(f: ListingQuery, p: SqlParams, search: SearchPlan | undefined): string {
  const filters = listingWhere(f, p);
  return search ? `${filters} AND ${searchCondition(search, (v) => p.add(v))}` : filters;
}

function countSql(f: ListingQuery, search: SearchPlan | undefined) {
  const p = new SqlParams();
  const where = filtersAndWords(f, p, search);
  // A search counts up to one past the limit: past it, the exact figure costs a scan of every match.
  const text = search
    ? `SELECT count(*)::int AS total FROM (SELECT 1 FROM listings WHERE ${where} LIMIT ${SEARCH_COUNT_LIMIT + 1}) matches`
    : `SELECT count(*)::int AS total FROM listings WHERE ${where}`;
  return { text, values: p.values };
}

function pageSql(f: ListingQuery, search: SearchPlan | undefined) {
  const p = new SqlParams();
  const where = filtersAndWords(f, p, search);
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
 * Best match first, among the search's newest SEARCH_COUNT_LIMIT matches (all of them when
 * the total is exact): finding those is an index walk newest first for a common word, or
 * the word index for a rare one, and only they are ranked.
 */
function relevancePageSql(f: ListingQuery, search: SearchPlan) {
  const p = new SqlParams();
  const where = filtersAndWords(f, p, search);
  const rank = searchRankClass(search, (v) => p.add(v));
  const limit = p.add(f.pageSize);
  const offset = p.add((f.page - 1) * f.pageSize);
  return {
    text: `SELECT ${COLUMNS} FROM (
        SELECT id AS page_id, ${rank} AS rank_class FROM listings WHERE id IN (
          SELECT id FROM listings WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${SEARCH_COUNT_LIMIT}
        ) ORDER BY rank_class, created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}
      ) page JOIN listings ON listings.id = page.page_id ORDER BY page.rank_class, created_at DESC, id DESC`,
    values: p.values,
  };
}

type Row = Omit<PublicListing, 'created_at'> & { created_at: Date | string };

const toListing = (row: Row): PublicListing => ({
  ...row,
  created_at: row.created_at instanceof Date ? row.created_at.toISOString() : new Date(row.created_at).toISOString(),
});

export function createListingsRepository(db: Queryable) {
  // A page and its total are read together: they share one look-up of the query's typos.
  const resolving = new Map<string, Promise<SearchPlan | undefined>>();
  const resolve = (f: ListingQuery) => {
    const key = `${f.category}\n${f.q}`;
    let plan = resolving.get(key);
    if (!plan) {
      plan = resolveSearch(db, f.q, f.category).finally(() => resolving.delete(key));
      resolving.set(key, plan);
    }
    return plan;
  };
  return {
    /** One page of matches, in the query's order. */
    async page(f: ListingQuery): Promise<PublicListing[]> {
      const { page } = listingSql(f, await resolve(f));
      const { rows } = await db.query<Row>(page.text, page.values);
      return rows.map(toListing);
    },

    /** How many listings match, whatever the page. */
    async count(f: ListingQuery): Promise<number> {
      const { count } = listingSql(f, await resolve(f));
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

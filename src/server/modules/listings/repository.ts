import type { PublicListing } from '../../../shared/listing-api';
import {
  BATHROOMS_OR_MORE_FROM,
  BEDROOMS_OR_MORE_FROM,
  countryAliases,
  countryNamesMatchingSearch,
  type ListingSort,
  PROCESSING_TIME_RULES,
  type RoomCountRule,
  roomCountRule,
} from '../../../shared/listing-filters';
import type { ListingQuery } from '../../../shared/listing-query';
import type { Queryable } from '../../db/database';

const COLUMNS = `id, category, subcategory, title, description, price, location, whatsapp_number, image_urls,
  created_at, product_condition, bedrooms, bathrooms, square_feet, property_type, listing_type, rent_period, monthly_revenue,
  years_established, business_type, country, visa_type, processing_time, requirements`;

/** Each sort is served by an index: (category, is_active, created_at, id) or (category, is_active, price, id). */
const ORDER_BY: Record<ListingSort, string> = {
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

/** The WHERE clause for a validated query: the spec §5 rules of src/shared/listing-filters.ts, in SQL. */
export function listingWhere(f: ListingQuery, p: SqlParams): string {
  const where = [`category = ${p.add(f.category)}`, 'is_active'];
  if (f.q) {
    const names = f.category === 'visa' ? countryNamesMatchingSearch(f.q) : [];
    const text = `search_text LIKE ${p.add(likeContains(f.q))}`;
    where.push(names.length ? `(${text} OR lower(country) = ANY(${p.add(names)}::text[]))` : text);
  }
  if (f.minPrice !== undefined) where.push(`price >= ${p.add(f.minPrice)}`);
  if (f.maxPrice !== undefined) where.push(`price <= ${p.add(f.maxPrice)}`);
  if (f.subcategory !== undefined) where.push(`subcategory = ${p.add(f.subcategory)}`);
  if (f.condition !== undefined) where.push(`product_condition = ${p.add(f.condition)}`);
  if (f.propertyType !== undefined) where.push(`coalesce(property_type, subcategory) = ${p.add(f.propertyType)}`);
  if (f.listingType !== undefined) where.push(`listing_type = ${p.add(f.listingType)}`);
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

/** The two statements a list request runs; exported so the benchmark runs the same SQL. */
export function listingSql(f: ListingQuery) {
  const p = new SqlParams();
  const where = listingWhere(f, p);
  const count = { text: `SELECT count(*)::int AS total FROM listings WHERE ${where}`, values: [...p.values] };
  const limit = p.add(f.pageSize);
  const offset = p.add((f.page - 1) * f.pageSize);
  // Deferred join: the offset walks the narrow index (index-only when the filters allow),
  // and only the rows of the page are read from the table.
  const page = {
    text: `SELECT ${COLUMNS} FROM (
        SELECT id AS page_id FROM listings WHERE ${where} ORDER BY ${ORDER_BY[f.sort]} LIMIT ${limit} OFFSET ${offset}
      ) page JOIN listings ON listings.id = page.page_id ORDER BY ${ORDER_BY[f.sort]}`,
    values: p.values,
  };
  return { count, page };
}

type Row = Omit<PublicListing, 'created_at'> & { created_at: Date | string };

const toListing = (row: Row): PublicListing => ({
  ...row,
  created_at: row.created_at instanceof Date ? row.created_at.toISOString() : new Date(row.created_at).toISOString(),
});

export function createListingsRepository(db: Queryable) {
  return {
    /** One page of matches, in the query's order. */
    async page(f: ListingQuery): Promise<PublicListing[]> {
      const { page } = listingSql(f);
      const { rows } = await db.query<Row>(page.text, page.values);
      return rows.map(toListing);
    },

    /** How many listings match, whatever the page. */
    async count(f: ListingQuery): Promise<number> {
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

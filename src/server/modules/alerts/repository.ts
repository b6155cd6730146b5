import type { Queryable } from '#server/db/database';
import { newToken, tokenHash } from '#server/lib/token-hash';
import type { Category } from '#shared/categories';
import type { Locale } from '#shared/i18n';
import type { AlertFrequency, SavedSearchFilters } from '#shared/saved-search';

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
      const { rows } = await db.query<SavedSearchRow>(
        `INSERT INTO saved_searches AS s (email, language, category, filters, frequency)
         VALUES ($1, $2, $3, $4::jsonb, $5)
         ON CONFLICT (lower(email), category, filters) DO UPDATE
           SET frequency = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.frequency ELSE s.frequency END,
               language = CASE WHEN s.confirmed_at IS NULL THEN EXCLUDED.language ELSE s.language END
         RETURNING ${COLUMNS}`,
        [input.email, input.language, input.category, JSON.stringify(input.filters), input.frequency],
      );
      return savedSearchOf(rows[0] as SavedSearchRow);
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

    /** The alert a link is for, or null (unknown token, alert deleted). */
    async findByToken(token: string): Promise<SavedSearch | null> {
      const { rows } = await db.query<SavedSearchRow>(
        `SELECT ${COLUMNS} FROM saved_search_links l JOIN saved_searches s ON s.id = l.saved_search_id
         WHERE l.token_hash = $1`,
        [tokenHash(token)],
      );
      return rows[0] ? savedSearchOf(rows[0]) : null;
    },

    async confirm(id: string): Promise<void> {
      await db.query('UPDATE saved_searches SET confirmed_at = coalesce(confirmed_at, now()) WHERE id = $1', [id]);
    },

    async setFrequency(id: string, frequency: AlertFrequency): Promise<void> {
      await db.query('UPDATE saved_searches SET frequency = $2 WHERE id = $1', [id, frequency]);
    },

    /** Deletes the alert and its links; whether there was one. */
    async delete(id: string): Promise<boolean> {
      const result = await db.query('DELETE FROM saved_searches WHERE id = $1', [id]);
      return result.rowCount > 0;
    },
  };
}

import type { Queryable } from '#server/db/database';

/** The one row of site settings: its stored document, as written (the service checks it). */
export function siteSettingsRepository(db: Queryable) {
  return {
    /** `forUpdate` (inside a transaction): the row stays locked until it ends. */
    async read(forUpdate = false): Promise<{ settings: unknown; updatedAt: string } | null> {
      const { rows } = await db.query<{ settings: unknown; updated_at: string | Date }>(
        `SELECT settings, updated_at FROM site_settings${forUpdate ? ' FOR UPDATE' : ''}`,
      );
      const row = rows[0];
      return row ? { settings: row.settings, updatedAt: new Date(row.updated_at).toISOString() } : null;
    },

    async write(settings: object): Promise<string> {
      const { rows } = await db.query<{ updated_at: string | Date }>(
        `INSERT INTO site_settings (id, settings, updated_at) VALUES (true, $1::jsonb, now())
         ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings, updated_at = EXCLUDED.updated_at
         RETURNING updated_at`,
        [JSON.stringify(settings)],
      );
      return new Date(rows[0]?.updated_at ?? Date.now()).toISOString();
    },
  };
}

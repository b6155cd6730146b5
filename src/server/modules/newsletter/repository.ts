import type { Queryable } from '#server/db/database';

export function createNewsletterRepository(db: Queryable) {
  return {
    /** Adds the address unless it is already there in any letter case. */
    async subscribe(email: string): Promise<void> {
      await db.query('INSERT INTO newsletter_subscribers (email) VALUES ($1) ON CONFLICT ((lower(email))) DO NOTHING', [
        email,
      ]);
    },
  };
}

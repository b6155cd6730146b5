import type { Queryable } from '#server/db/database';

export function createInquiryRepository(db: Queryable) {
  return {
    /** Stores a contact-form message with status new (docs/product.md#inquiries). */
    async create(input: {
      name: string;
      email: string;
      subject: string;
      message: string;
      listingId?: string | undefined;
    }): Promise<{ id: string; listingTitle: string | null }> {
      // A listing that no longer exists leaves the message unlinked rather than refused.
      const { rows } = await db.query<{ id: string; listing_title: string | null }>(
        `INSERT INTO inquiries (name, email, subject, message, status, listing_id)
         VALUES ($1, $2, $3, $4, $5, (SELECT id FROM listings WHERE id = $6::uuid))
         RETURNING id, (SELECT title FROM listings WHERE id = listing_id) AS listing_title`,
        [input.name, input.email, input.subject, input.message, 'new', input.listingId ?? null],
      );
      const row = rows[0] as { id: string; listing_title: string | null };
      return { id: row.id, listingTitle: row.listing_title };
    },
  };
}

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
    }): Promise<void> {
      // A listing that no longer exists leaves the message unlinked rather than refused.
      await db.query(
        `INSERT INTO inquiries (name, email, subject, message, status, listing_id)
         VALUES ($1, $2, $3, $4, $5, (SELECT id FROM listings WHERE id = $6::uuid))`,
        [input.name, input.email, input.subject, input.message, 'new', input.listingId ?? null],
      );
    },
  };
}

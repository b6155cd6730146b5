import type { Queryable } from '../../db/database';

export function createInquiryRepository(db: Queryable) {
  return {
    /** Stores a contact-form message with status new (docs/product.md#inquiries). */
    async create(input: { name: string; email: string; subject: string; message: string }): Promise<void> {
      await db.query('INSERT INTO inquiries (name, email, subject, message, status) VALUES ($1, $2, $3, $4, $5)', [
        input.name,
        input.email,
        input.subject,
        input.message,
        'new',
      ]);
    },
  };
}

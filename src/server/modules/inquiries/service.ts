import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/database';
import { queueInquiryNotice } from '#server/modules/staff-notices/service';
import { emailLimitWait, type FormPostLimit } from '#server/plugins/rate-limit';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { contactSchema } from '#shared/contact-schema';
import type { WriteOutcome } from '#shared/public-writes';
import { createInquiryRepository } from './repository';

/**
 * One counter for the JSON API and the contact page's action. Per address a generous 30 a
 * minute (a cyber café or a carrier's shared address is many people), per e-mail address 5
 * in 10 minutes.
 */
export const INQUIRY_LIMIT: FormPostLimit = {
  perAddress: { max: 30, timeWindow: '1 minute', groupId: 'inquiries' },
  perEmail: { max: 5, windowMs: 10 * 60_000 },
};

/** A failed check's first message per field (catalog keys), as the forms show them. */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field) messages[field] ??= issue.message;
  }
  return messages;
}

/**
 * The contact form's message, stored as an inquiry (docs/product.md#contact): checked by the
 * shared rules, throttled per e-mail address, and a bot that filled the hidden field is
 * thanked while nothing is stored. Staff who asked for it are e-mailed the message.
 */
export function createInquiryService(db: Database) {
  return {
    /** `origin`: the site's address, for the staff notice's link to the dashboard. */
    async submit(input: unknown, log: FastifyBaseLogger, origin?: string): Promise<WriteOutcome> {
      const checked = contactSchema.safeParse(input);
      if (!checked.success) {
        const fields = fieldMessages(checked.error.issues);
        if (!(HONEYPOT_FIELD in fields)) return { fields };
        log.info('inquiry honeypot overfilled; ignored');
        return { accepted: true };
      }
      const { [HONEYPOT_FIELD]: honeypot, ...inquiry } = checked.data;
      const wait = await emailLimitWait(db, INQUIRY_LIMIT, inquiry.email);
      if (wait !== null) return { waitSeconds: wait };
      if (honeypot) log.info('inquiry honeypot filled; ignored');
      else {
        // The staff notice exists exactly when the inquiry does.
        await db.transaction(async (tx) => {
          const stored = await createInquiryRepository(tx).create(inquiry);
          await queueInquiryNotice(tx, { ...stored, ...inquiry }, origin);
        });
      }
      return { accepted: true };
    },
  };
}

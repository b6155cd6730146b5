import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '#server/db/database';
import { fieldMessages } from '#server/modules/inquiries/service';
import { emailLimitWait, type FormPostLimit } from '#server/plugins/rate-limit';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { newsletterSchema } from '#shared/newsletter-schema';
import type { WriteOutcome } from '#shared/public-writes';
import { createNewsletterRepository } from './repository';

/**
 * One counter for the JSON API and the footer form's action. Per address 30 a minute (many
 * people may share one), per e-mail address 5 in 10 minutes.
 */
export const NEWSLETTER_LIMIT: FormPostLimit = {
  perAddress: { max: 30, timeWindow: '1 minute', groupId: 'newsletter' },
  perEmail: { max: 5, windowMs: 10 * 60_000 },
};

/** The footer's sign-up (docs/product.md#newsletter). */
export function createNewsletterService(db: Queryable) {
  const subscribers = createNewsletterRepository(db);
  return {
    async subscribe(input: unknown, log: FastifyBaseLogger): Promise<WriteOutcome> {
      const checked = newsletterSchema.safeParse(input);
      if (!checked.success) {
        const fields = fieldMessages(checked.error.issues);
        if (!(HONEYPOT_FIELD in fields)) return { fields };
        log.info('newsletter honeypot overfilled; ignored');
        return { accepted: true };
      }
      const wait = await emailLimitWait(db, NEWSLETTER_LIMIT, checked.data.email);
      if (wait !== null) return { waitSeconds: wait };
      // One answer whether or not the address was on the list already (or a bot filled the
      // honeypot): it must not tell anyone who is subscribed.
      if (!checked.data[HONEYPOT_FIELD]) await subscribers.subscribe(checked.data.email);
      return { accepted: true };
    },
  };
}

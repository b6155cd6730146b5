import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/database';
import { fieldMessages } from '#server/modules/inquiries/service';
import { queueMail, renderMail } from '#server/modules/mail/service';
import { emailLimitWait, type FormPostLimit } from '#server/plugins/rate-limit';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { createTranslator, type Locale } from '#shared/i18n';
import { newsletterSchema } from '#shared/newsletter-schema';
import type { WriteOutcome } from '#shared/public-writes';
import { createNewsletterRepository, type Subscriber } from './repository';

export type { Subscriber } from './repository';

/**
 * One counter for the JSON API and the footer form's action. Per address 30 a minute (many
 * people may share one), per e-mail address 5 in 10 minutes.
 */
export const NEWSLETTER_LIMIT: FormPostLimit = {
  perAddress: { max: 30, timeWindow: '1 minute', groupId: 'newsletter' },
  perEmail: { max: 5, windowMs: 10 * 60_000 },
};

/** The addresses of the newsletter's link pages, for one of its links, in the subscriber's language. */
export function newsletterLinks(origin: string, token: string, language: Locale) {
  const withToken = (page: string) =>
    `${origin}/newsletter/${page}?token=${encodeURIComponent(token)}&lang=${language}`;
  return { confirm: withToken('confirm'), unsubscribe: withToken('unsubscribe') };
}

/**
 * The message whose link confirms a subscription: a new one's, or (`reconfirm`) the one-time
 * question to an address stored before double opt-in.
 */
export function confirmationMail(subscriber: Subscriber, origin: string, token: string, reconfirm = false) {
  const t = createTranslator(subscriber.language);
  const links = newsletterLinks(origin, token, subscriber.language);
  return renderMail({
    language: subscriber.language,
    subject: t(reconfirm ? 'newsletter.mail.reconfirmSubject' : 'newsletter.mail.confirmSubject'),
    paragraphs: [t(reconfirm ? 'newsletter.mail.reconfirmIntro' : 'newsletter.mail.confirmIntro', { site: origin })],
    action: { label: t('newsletter.mail.confirmAction'), url: links.confirm },
    notes: [t('newsletter.mail.confirmValid'), t('newsletter.mail.confirmIgnore')],
    footer: t('newsletter.mail.footer', { site: origin }),
  });
}

export interface SubscribeContext {
  language: Locale;
  /** The site's address, for the link in the message. */
  origin: string;
  log: FastifyBaseLogger;
}

/** The footer's sign-up and the subscription's links (docs/product.md#newsletter). */
export function createNewsletterService(db: Database) {
  const subscribers = createNewsletterRepository(db);
  return {
    /**
     * Stores the address unconfirmed and queues its confirmation in the same transaction; an
     * address still unconfirmed gets it again, at most once an hour. One answer whatever was
     * there before: it must not tell anyone who is subscribed.
     */
    async subscribe(input: unknown, context: SubscribeContext): Promise<WriteOutcome> {
      const checked = newsletterSchema.safeParse(input);
      if (!checked.success) {
        const fields = fieldMessages(checked.error.issues);
        if (!(HONEYPOT_FIELD in fields)) return { fields };
        context.log.info('newsletter honeypot overfilled; ignored');
        return { accepted: true };
      }
      const wait = await emailLimitWait(db, NEWSLETTER_LIMIT, checked.data.email);
      if (wait !== null) return { waitSeconds: wait };
      if (checked.data[HONEYPOT_FIELD]) return { accepted: true };
      await db.transaction(async (tx) => {
        const repository = createNewsletterRepository(tx);
        const subscriber = await repository.subscribe(checked.data.email, context.language);
        // Confirmed already, or sent a confirmation within the hour: nothing more to send.
        if (!(await repository.claimConfirmation(subscriber.id))) return;
        const token = await repository.newLink(subscriber.id);
        await queueMail(tx, {
          key: `newsletter-confirm:${subscriber.id}:${token.slice(0, 16)}`,
          to: subscriber.email,
          language: subscriber.language,
          ...confirmationMail(subscriber, context.origin, token),
        });
      });
      return { accepted: true };
    },

    /** The subscriber a link is for (and whether it may still confirm), or null. */
    find: (token: string) => subscribers.findByToken(token),

    /** Confirms through a link: the subscriber, 'expired' for a confirmation link over 7 days old, or null. */
    async confirm(token: string): Promise<Subscriber | 'expired' | null> {
      const subscriber = await subscribers.findByToken(token);
      if (!subscriber) return null;
      if (subscriber.confirmedAt) return subscriber;
      if (!subscriber.canConfirm) return 'expired';
      await subscribers.confirm(subscriber.id);
      return { ...subscriber, confirmedAt: new Date().toISOString() };
    },

    /** Deletes the subscriber a link is for: who it was, or null when there was none. */
    async unsubscribe(token: string): Promise<Subscriber | null> {
      const subscriber = await subscribers.findByToken(token);
      if (subscriber) await subscribers.delete(subscriber.id);
      return subscriber;
    },

    counts: () => subscribers.counts(),
  };
}

/** The one-time run writes its messages in batches of this many, one transaction each. */
const RECONFIRM_BATCH = 500;

/**
 * Asks every address stored before double opt-in, once, to confirm: each batch's messages
 * and their addresses marked asked commit together (each message keyed by its address), so
 * a stopped run is finished by the next and no address is asked twice. The number queued.
 */
export async function askEarlierSubscribersToConfirm(db: Database, origin: string): Promise<number> {
  let queued = 0;
  for (;;) {
    const written = await db.transaction(async (tx) => {
      const repository = createNewsletterRepository(tx);
      const batch = await repository.takeReconfirmBatch(RECONFIRM_BATCH);
      for (const subscriber of batch) {
        const token = await repository.newLink(subscriber.id);
        await queueMail(tx, {
          key: `newsletter-reconfirm:${subscriber.id}`,
          to: subscriber.email,
          language: subscriber.language,
          ...confirmationMail(subscriber, origin, token, true),
        });
      }
      return batch.length;
    });
    if (written === 0) return queued;
    queued += written;
  }
}

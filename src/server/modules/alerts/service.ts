import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/database';
import { fieldMessages } from '#server/modules/inquiries/service';
import { queueMail, renderMail } from '#server/modules/mail/service';
import { emailLimitWait, type FormPostLimit } from '#server/plugins/rate-limit';
import type { Category } from '#shared/categories';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { createTranslator, type Locale, type MessageKey, type Translate } from '#shared/i18n';
import type { WriteOutcome } from '#shared/public-writes';
import {
  type AlertFrequency,
  alertSignUpSchema,
  type SavedSearchFilters,
  savedSearchFilters,
  savedSearchPath,
} from '#shared/saved-search';
import { createSavedSearchRepository, type SavedSearch } from './repository';

export type { SavedSearch } from './repository';

/**
 * One counter for the JSON API and the results pages' form. Per address 30 a minute, per
 * e-mail address 5 in 10 minutes (each post may send a confirmation).
 */
export const ALERT_LIMIT: FormPostLimit = {
  perAddress: { max: 30, timeWindow: '1 minute', groupId: 'alerts' },
  perEmail: { max: 5, windowMs: 10 * 60_000 },
};

/** A saved search in words: '"phone" in Online Marketplace (2 filters)'. */
export function describeSearch(t: Translate, category: Category, filters: SavedSearchFilters): string {
  const categoryName = t(`listings.pages.${category}.title` as MessageKey);
  const { q, ...others } = filters;
  const search = q
    ? t('alerts.search.words', { q, category: categoryName })
    : t('alerts.search.allOf', { category: categoryName });
  const n = Object.keys(others).length;
  if (n === 0) return search;
  return n === 1 ? t('alerts.search.withOneFilter', { search }) : t('alerts.search.withFilters', { search, n });
}

/** The addresses of an alert's pages, for one of its links. */
export function alertLinks(origin: string, token: string, language: Locale) {
  // The pages open in the alert's language.
  const withToken = (page: string) => `${origin}/alerts/${page}?token=${encodeURIComponent(token)}&lang=${language}`;
  return { confirm: withToken('confirm'), manage: withToken('manage'), unsubscribe: withToken('unsubscribe') };
}

/** The message that starts an alert: its one link confirms it. */
export function confirmationMail(search: SavedSearch, origin: string, token: string) {
  const t = createTranslator(search.language);
  const described = describeSearch(t, search.category, search.filters);
  return renderMail({
    language: search.language,
    subject: t('alerts.mail.confirmSubject', { search: described }),
    paragraphs: [t('alerts.mail.confirmIntro', { search: described })],
    action: { label: t('alerts.mail.confirmAction'), url: alertLinks(origin, token, search.language).confirm },
    notes: [t('alerts.mail.confirmIgnore')],
    footer: t('alerts.mail.footer', { site: origin }),
  });
}

export interface AlertSignUpContext {
  language: Locale;
  /** The site's address, for the links in the message. */
  origin: string;
  log: FastifyBaseLogger;
}

/** Saved-search alerts (docs/product.md#saved-search-alerts). */
export function createAlertService(db: Database) {
  const savedSearches = createSavedSearchRepository(db);
  return {
    /**
     * "E-mail me new matches": saves the search for the address, unconfirmed, and queues the
     * confirmation in the same transaction. One answer whatever was there before: it must not
     * tell anyone which searches an address has saved.
     */
    async signUp(input: unknown, context: AlertSignUpContext): Promise<WriteOutcome> {
      const checked = alertSignUpSchema.safeParse(input);
      if (!checked.success) {
        const fields = fieldMessages(checked.error.issues);
        if (!(HONEYPOT_FIELD in fields)) return { fields };
        context.log.info('alert honeypot overfilled; ignored');
        return { accepted: true };
      }
      const { email, category, search, frequency } = checked.data;
      const wait = await emailLimitWait(db, ALERT_LIMIT, email);
      if (wait !== null) return { waitSeconds: wait };
      if (checked.data[HONEYPOT_FIELD]) return { accepted: true };
      const filters = savedSearchFilters(category, search);
      await db.transaction(async (tx) => {
        const repository = createSavedSearchRepository(tx);
        const saved = await repository.save({ email, language: context.language, category, filters, frequency });
        // Confirmed already: nothing to confirm, and the answer stays the same.
        if (saved.confirmedAt !== null) return;
        const token = await repository.newLink(saved.id);
        await queueMail(tx, {
          key: `alert-confirm:${saved.id}:${token.slice(0, 16)}`,
          to: saved.email,
          language: saved.language,
          ...confirmationMail(saved, context.origin, token),
        });
      });
      return { accepted: true };
    },

    /** The alert a link is for, or null. */
    find: (token: string) => savedSearches.findByToken(token),

    async confirm(token: string): Promise<SavedSearch | null> {
      const search = await savedSearches.findByToken(token);
      if (search) await savedSearches.confirm(search.id);
      return search;
    },

    async setFrequency(token: string, frequency: AlertFrequency): Promise<SavedSearch | null> {
      const search = await savedSearches.findByToken(token);
      if (search) await savedSearches.setFrequency(search.id, frequency);
      return search ? { ...search, frequency } : null;
    },

    /** Deletes the alert a link is for: the search it was, or null when there was none. */
    async unsubscribe(token: string): Promise<SavedSearch | null> {
      const search = await savedSearches.findByToken(token);
      if (search) await savedSearches.delete(search.id);
      return search;
    },

    resultsPath: (search: SavedSearch) => savedSearchPath(search.category, search.filters),
  };
}

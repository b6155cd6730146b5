import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database, Queryable } from '#server/db/database';
import { fieldMessages } from '#server/modules/inquiries/service';
import { type MailItem, queueMail, queueMails, renderMail } from '#server/modules/mail/service';
import { emailLimitWait, type FormPostLimit } from '#server/plugins/rate-limit';
import type { AlertFrequency } from '#shared/alert-frequencies';
import type { Category } from '#shared/categories';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { createTranslator, type Locale, type MessageKey, type Translate } from '#shared/i18n';
import type { PublicListing } from '#shared/listing-api';
import { formatListingPrice, listingPath } from '#shared/listing-format';
import { displayImageUrl } from '#shared/media';
import type { WriteOutcome } from '#shared/public-writes';
import { alertSignUpSchema, type SavedSearchFilters, savedSearchFilters, savedSearchPath } from '#shared/saved-search';
import {
  listingMatchMemo,
  listingProbeWords,
  type MatchableListing,
  savedSearchMatches,
} from '#shared/saved-search-match';
import {
  type AlertListing,
  createSavedSearchRepository,
  type ListingPublication,
  type SavedSearch,
  type SavedSearchGroup,
} from './repository';

export type { AlertListing, SavedSearch } from './repository';

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
      if (search) await db.transaction((tx) => createSavedSearchRepository(tx).confirm(search.id));
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

/** A message lists this many matches at most; "See all results" leads to the rest. */
export const MATCHES_PER_MESSAGE = 10;

/** An address of this site's, absolute (a photo stored elsewhere keeps its own). */
const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** A listing in a message (alerts, the newsletter's digest): its title, price and place, link and first photo. */
export function listingMailItem(listing: AlertListing, t: Translate, origin: string): MailItem {
  const photo = listing.image_urls[0];
  const price = formatListingPrice(listing as unknown as PublicListing, t);
  return {
    title: listing.title,
    detail: listing.location ? `${price} · ${listing.location}` : price,
    url: absolute(origin, listingPath(listing)),
    ...(photo ? { imageUrl: absolute(origin, displayImageUrl(photo, 320)) } : {}),
  };
}

/** New matches for an alert: each listing with its price, place, first photo and link. */
export function matchesMail(
  search: SavedSearch,
  listings: readonly AlertListing[],
  total: number,
  origin: string,
  token: string,
) {
  const t = createTranslator(search.language);
  const described = describeSearch(t, search.category, search.filters);
  const links = alertLinks(origin, token, search.language);
  const resultsPath = savedSearchPath(search.category, search.filters);
  const subject =
    total === 1
      ? t('alerts.mail.matchesSubjectOne', { search: described })
      : t('alerts.mail.matchesSubject', { n: total, search: described });
  const rendered = renderMail({
    language: search.language,
    subject,
    paragraphs: [t('alerts.mail.matchesIntro', { search: described })],
    items: listings.map((listing) => listingMailItem(listing, t, origin)),
    action: {
      label: t('alerts.mail.seeAll'),
      url: `${origin}${resultsPath}${resultsPath.includes('?') ? '&' : '?'}lang=${search.language}`,
    },
    footerLinks: [
      { label: t('alerts.mail.manage'), url: links.manage },
      { label: t('alerts.mail.unsubscribe'), url: links.unsubscribe },
    ],
    footer: t('alerts.mail.footer', { site: origin }),
  });
  return { ...rendered, unsubscribeUrl: links.unsubscribe };
}

/**
 * Groups as the rules check them, kept by id for each database: a group never changes once
 * made and its id is never used again, so nothing needs to drop them (a group that goes
 * leaves its key rows, and is no longer a candidate). Reading each candidate group's row cost
 * about 400 scattered pages a listing, which the writes of the matching before had pushed out
 * of the embedded database's small buffer cache (decision 0089).
 */
const groupsByDatabase = new WeakMap<Queryable, LRUCache<string, SavedSearchGroup>>();
const GROUPS_KEPT = 50_000;

async function candidateGroups(db: Queryable, listing: MatchableListing): Promise<SavedSearchGroup[]> {
  const repository = createSavedSearchRepository(db);
  let kept = groupsByDatabase.get(db);
  if (!kept) {
    kept = new LRUCache({ max: GROUPS_KEPT });
    groupsByDatabase.set(db, kept);
  }
  const ids = await repository.candidateGroupIds(listing.category, listingProbeWords(listing));
  const missing = ids.filter((id) => !kept.has(id));
  for (const group of await repository.groups(missing)) kept.set(group.id, group);
  const bedrooms = listing.bedrooms == null ? null : Number(listing.bedrooms);
  const subcategory = listing.subcategory ?? null;
  // Bedrooms and subcategory first, as cheap copies of two of the rules.
  return ids.flatMap((id) => {
    const group = kept.get(id);
    if (!group) return [];
    if (group.bedrooms !== null && bedrooms !== null && group.bedrooms > bedrooms) return [];
    if (group.subcategory !== null && group.subcategory !== subcategory) return [];
    return [group];
  });
}

/**
 * The confirmed alerts whose results a listing is in (their ids): the candidate groups chosen
 * by category and key words, each checked once by the results page's own rules, then the
 * searches of the passing groups whose price range holds the price. Null when the listing is
 * not public.
 */
export async function findListingMatches(db: Queryable, listingId: string) {
  const repository = createSavedSearchRepository(db);
  const listing = await repository.listing(listingId);
  if (!listing) return null;
  const groups = await candidateGroups(db, listing);
  const memo = listingMatchMemo();
  // The price is left to the searches' own ranges: a group's filters hold none.
  const passing = groups.filter((group) => savedSearchMatches(listing, listing.category, group.filters, memo));
  const matching = await repository.groupSearchesAt(
    passing.map((group) => group.id),
    listing.price,
  );
  return { listing, candidateGroups: groups.length, matching };
}

/**
 * A listing was published (created active, or made active): recorded on the caller's
 * transaction, its alerts are matched after the staff request by `matchPublishedListings`, so
 * the request's time does not grow with the number of alerts it matches.
 */
export async function recordListingPublished(tx: Queryable, listingId: string, origin: string): Promise<void> {
  await createSavedSearchRepository(tx).recordPublication(listingId, origin);
}

/** Seconds an instance holds a publication it matches: longer than matching one takes at scale. */
export const PUBLICATION_CLAIM_SECONDS = 120;
/** Matches are recorded, and their instant messages queued, this many searches a transaction. */
const MATCH_BATCH = 500;

export interface MatchCounts {
  publications: number;
  candidateGroups: number;
  matched: number;
  instant: number;
}

/**
 * Matches one claimed publication: records the listing for every confirmed alert whose results
 * it joins and queues the instant alerts' messages, a batch of searches per transaction (on
 * the embedded database a transaction holds the one connection: other requests go between
 * batches). A batch's matches, messages and marks commit together, and a search's match is
 * recorded once, so a pass stopped anywhere (a crash, another instance on the same listing)
 * is finished by the next without alerting a search twice. A listing hidden again before its
 * batch alerts no one.
 */
async function matchPublication(db: Database, publication: ListingPublication, counts: MatchCounts, batch: number) {
  const { listingId, origin } = publication;
  const found = await findListingMatches(db, listingId);
  if (found) {
    const { listing, matching } = found;
    counts.candidateGroups += found.candidateGroups;
    for (let i = 0; i < matching.length; i += batch) {
      const written = await db.transaction(async (tx) => {
        const repository = createSavedSearchRepository(tx);
        const fresh = await repository.recordMatches(listingId, matching.slice(i, i + batch));
        const instant = await repository.instant([...fresh]);
        const tokens = await repository.newLinks(instant.map((search) => search.id));
        await queueMails(
          tx,
          instant.map((search, n) => ({
            key: `alert-instant:${search.id}:${listingId}`,
            to: search.email,
            language: search.language,
            ...matchesMail(search, [listing], 1, origin, tokens[n] as string),
          })),
        );
        await repository.markSent(
          instant.map((search) => search.id),
          [listingId],
        );
        return { matched: fresh.size, instant: instant.length };
      });
      counts.matched += written.matched;
      counts.instant += written.instant;
    }
  }
  await createSavedSearchRepository(db).finishPublication(publication);
  counts.publications++;
}

/**
 * Matches the listings published and not matched yet, oldest first, each claimed once across
 * instances (as mail delivery claims messages, decision 0088), until none is left or `stop`
 * says so. A publication whose matching fails stays claimed until its claim runs out, then is
 * tried again. Returns the counts.
 */
export async function matchPublishedListings(
  db: Database,
  options: { stop?: () => boolean; batch?: number; onError?: (error: unknown, listingId: string) => void } = {},
): Promise<MatchCounts> {
  const counts: MatchCounts = { publications: 0, candidateGroups: 0, matched: 0, instant: 0 };
  const publications = createSavedSearchRepository(db);
  while (!options.stop?.()) {
    const publication = await publications.claimPublication(PUBLICATION_CLAIM_SECONDS);
    if (!publication) break;
    try {
      await matchPublication(db, publication, counts, options.batch ?? MATCH_BATCH);
    } catch (error) {
      if (!options.onError) throw error;
      options.onError(error, publication.listingId);
    }
  }
  return counts;
}

/** Daily alerts are written in batches of this many, one transaction each. */
const DAILY_BATCH = 500;

/**
 * The day's run: one message per daily alert with unsent matches (its newest ones, the count
 * of all, a link to the rest). Each batch's messages and their matches marked sent commit
 * together, so a run stopped half-way is finished by the next without sending twice.
 */
export async function sendDailyAlerts(db: Database, origin: string): Promise<number> {
  let afterId: string | null = null;
  let messages = 0;
  for (;;) {
    const sent: number = await db.transaction(async (tx) => {
      const repository = createSavedSearchRepository(tx);
      const batch = await repository.dailyBatch(afterId, DAILY_BATCH, MATCHES_PER_MESSAGE);
      if (batch.length === 0) return -1;
      afterId = batch[batch.length - 1]?.search.id ?? null;
      const written: string[] = [];
      for (const { search, listings, total } of batch) {
        if (listings.length === 0) continue;
        const token = await repository.newLink(search.id);
        await queueMail(tx, {
          key: `alert-daily:${search.id}:${listings
            .map((listing) => listing.id)
            .join(',')
            .slice(0, 400)}`,
          to: search.email,
          language: search.language,
          ...matchesMail(search, listings, total, origin, token),
        });
        written.push(search.id);
      }
      await repository.markSent(written);
      return written.length;
    });
    if (sent < 0) return messages;
    messages += sent;
  }
}

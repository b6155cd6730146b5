import type { Database, Queryable } from '#server/db/database';
import { type AlertListing, listingMailItem } from '#server/modules/alerts/service';
import { type MailSection, queueMails, renderMail } from '#server/modules/mail/service';
import { blogPostPath } from '#shared/blog';
import { CATEGORIES, CATEGORY_ROUTES, type Category } from '#shared/categories';
import { createTranslator, type Locale, type MessageKey } from '#shared/i18n';
import { createNewsletterRepository, type Subscriber } from './repository';
import { newsletterLinks } from './service';

/** A digest shows this many of a category's new listings; "See all" leads to the rest. */
export const DIGEST_LISTINGS_PER_CATEGORY = 4;
/** …and this many of the posts published since the last one. */
export const DIGEST_POSTS = 5;
/** The digests are queued in batches of this many subscribers, one transaction each. */
export const DIGEST_BATCH = 500;

interface DigestPost {
  slug: string;
  title: string;
  excerpt: string;
  title_so: string | null;
  excerpt_so: string | null;
}

/** What is new in a digest's window, the same for every subscriber. */
export interface DigestContent {
  /** Per category with new listings: the newest few and how many there are. */
  categories: { category: Category; listings: AlertListing[]; total: number }[];
  posts: DigestPost[];
}

/** The public listings created, and the posts published, in (since, until]. */
export async function readDigestContent(db: Queryable, since: Date, until: Date): Promise<DigestContent> {
  const window = [since.toISOString(), until.toISOString()];
  const { rows } = await db.query<AlertListing & { total: number }>(
    `SELECT id, category, title, price, listing_type, rent_period, location, image_urls, total FROM (
       SELECT id, category, title, price, listing_type, rent_period, location, image_urls, created_at,
              count(*) OVER (PARTITION BY category)::int AS total,
              row_number() OVER (PARTITION BY category ORDER BY created_at DESC, id DESC) AS n
       FROM listings
       WHERE is_active AND availability = 'active' AND created_at > $1 AND created_at <= $2
     ) newest WHERE n <= $3 ORDER BY category, created_at DESC, id DESC`,
    [...window, DIGEST_LISTINGS_PER_CATEGORY],
  );
  const { rows: posts } = await db.query<DigestPost>(
    `SELECT slug, title, excerpt, title_so, excerpt_so FROM blog_posts
     WHERE published_at > $1 AND published_at <= $2 ORDER BY published_at DESC, id DESC LIMIT $3`,
    [...window, DIGEST_POSTS],
  );
  const categories = CATEGORIES.flatMap((category) => {
    const listings = rows.filter((row) => row.category === category);
    return listings.length ? [{ category, listings, total: Number(listings[0]?.total) }] : [];
  });
  return { categories, posts };
}

const isEmpty = (content: DigestContent) => content.categories.length === 0 && content.posts.length === 0;

/** A subscriber's digest in their language, with their own unsubscribe link. */
export function digestMail(content: DigestContent, language: Locale, origin: string, token: string) {
  const t = createTranslator(language);
  const brand = t('common.brand.name');
  const lang = `lang=${language}`;
  const sections: MailSection[] = content.categories.map(({ category, listings, total }) => {
    const name = t(`listings.pages.${category}.title` as MessageKey);
    return {
      heading:
        total === 1
          ? t('newsletter.digest.categoryHeadingOne', { category: name })
          : t('newsletter.digest.categoryHeading', { category: name, n: total }),
      items: listings.map((listing) => listingMailItem(listing, t, origin)),
      ...(total > listings.length
        ? {
            link: {
              label: t('newsletter.digest.seeAll', { n: total, category: name }),
              url: `${origin}/${CATEGORY_ROUTES[category]}?${lang}`,
            },
          }
        : {}),
    };
  });
  if (content.posts.length) {
    sections.push({
      heading: t('newsletter.digest.blogHeading'),
      items: content.posts.map((post) => {
        // A post without its Somali version is shown in English, as the blog shows it.
        const somali = language === 'so' && post.title_so !== null;
        return {
          title: somali ? (post.title_so ?? post.title) : post.title,
          detail: somali ? (post.excerpt_so ?? post.excerpt) : post.excerpt,
          url: `${origin}${blogPostPath(post.slug)}?${lang}`,
        };
      }),
    });
  }
  const unsubscribe = newsletterLinks(origin, token, language).unsubscribe;
  const rendered = renderMail({
    language,
    subject: t('newsletter.digest.subject', { brand }),
    paragraphs: [t('newsletter.digest.intro', { brand })],
    sections,
    footerLinks: [{ label: t('newsletter.mail.unsubscribe'), url: unsubscribe }],
    footer: t('newsletter.mail.subscribedFooter', { site: origin }),
  });
  return { ...rendered, unsubscribeUrl: unsubscribe };
}

/**
 * Queues a mailing for every confirmed subscriber, in id order from `afterId`: each batch's
 * links and messages (one per subscriber, keyed by `keyOf`) commit together with `progress`,
 * the caller's record of how far it got. The number queued.
 */
export async function queueForSubscribers(
  db: Database,
  afterId: string | null,
  keyOf: (subscriber: Subscriber) => string,
  mailOf: (
    subscriber: Subscriber,
    token: string,
  ) => { subject: string; text: string; html: string; unsubscribeUrl: string },
  progress: (tx: Queryable, lastId: string, queued: number) => Promise<void>,
): Promise<number> {
  let queued = 0;
  let after = afterId;
  for (;;) {
    const written = await db.transaction(async (tx) => {
      const repository = createNewsletterRepository(tx);
      const batch = await repository.confirmedBatch(after, DIGEST_BATCH);
      const last = batch[batch.length - 1];
      if (!last) return 0;
      const tokens = await repository.newLinks(batch.map((subscriber) => subscriber.id));
      await queueMails(
        tx,
        batch.map((subscriber, i) => ({
          key: keyOf(subscriber),
          to: subscriber.email,
          language: subscriber.language,
          ...mailOf(subscriber, tokens[i] as string),
        })),
      );
      await progress(tx, last.id, batch.length);
      after = last.id;
      return batch.length;
    });
    if (written === 0) return queued;
    queued += written;
  }
}

/**
 * The digest of a slot (decision 0094): claimed once across instances, its window from the
 * previous slot; nothing new in it, no digest. Each subscriber's message is keyed by slot and
 * subscriber, and the run's progress is saved with each batch, so a stopped run is resumed
 * where it stopped. The messages queued for the slot, or null when it was not this run's.
 */
export async function sendNewsletterDigest(db: Database, slot: Date, origin: string): Promise<number | null> {
  const runs = createNewsletterRepository(db);
  const claim = await runs.claimDigestRun(slot);
  if (!claim) return null;
  const content = await readDigestContent(db, claim.since, slot);
  if (!isEmpty(content)) {
    await queueForSubscribers(
      db,
      claim.afterId,
      (subscriber) => `newsletter-digest:${slot.toISOString()}:${subscriber.id}`,
      (subscriber, token) => digestMail(content, subscriber.language, origin, token),
      (tx, lastId, queued) => createNewsletterRepository(tx).digestProgress(slot, lastId, queued),
    );
  }
  return runs.finishDigestRun(slot);
}

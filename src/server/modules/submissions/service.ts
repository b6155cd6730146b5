import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '#server/db/database';
import { HttpError } from '#server/lib/http-error';
import { siteOrigin } from '#server/lib/site-origin';
import { newToken } from '#server/lib/token-hash';
import { queueMail, renderMail } from '#server/modules/mail/service';
import { queueSubmissionNotice } from '#server/modules/staff-notices/service';
import { type MultipartFormMessages, saveWithImages } from '#server/modules/uploads/multipart-form';
import { type IncomingImage, imageFolderOf, keysOf, removeImages } from '#server/modules/uploads/service';
import { emailLimitWait, type FormPostLimit } from '#server/plugins/rate-limit';
import type { ObjectStorage } from '#server/storage/object-storage';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import { createTranslator, type Locale } from '#shared/i18n';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_LISTING } from '#shared/listing-form-schema';
import {
  MAX_OPEN_SUBMISSIONS_PER_EMAIL,
  SUBMISSION_CONFIRM_HOURS,
  type SubmissionPayload,
} from '#shared/listing-submission';
import { KEEP_PHOTOS_FIELD } from '#shared/page-forms';
import type { SellerEdit, SellerListing } from '#shared/seller-link';
import { type Submission, submissionsRepository } from './repository';
import { sellerLinksRepository, sellerListingOf } from './seller-links';

export type { Submission } from './repository';
export { submissionsRepository } from './repository';
export { sellerLinksRepository, sellerListingOf } from './seller-links';

/**
 * One counter for the JSON API and the page's form posted without script. Per address 10 an
 * hour (a shared address is many people, but a listing takes minutes to type), per e-mail
 * address 5 an hour.
 */
export const SUBMISSION_LIMIT: FormPostLimit = {
  perAddress: { max: 10, timeWindow: '1 hour', groupId: 'submissions' },
  perEmail: { max: 5, windowMs: 60 * 60_000 },
};

export const SUBMISSION_FORM_MESSAGES: MultipartFormMessages = {
  multipartRequired: `sell.errors.multipartRequired`,
  badForm: `sell.errors.badForm`,
  badData: `sell.errors.badData`,
  dataTooLarge: `sell.errors.dataTooLarge`,
  tooManyParts: `sell.errors.tooManyParts`,
  tooManyImages: `sell.errors.tooManyImages`,
  invalid: `sell.errors.invalid`,
};

/**
 * A seller's posted form: its photos, and text fields (the JSON API's one `data` field, or
 * the page's fields one by one when posted without script).
 */
export const submissionBodyLimits = ({ fields }: { fields: number }) => ({
  fileSize: MAX_IMAGE_BYTES,
  files: MAX_IMAGES_PER_LISTING,
  fields,
  fieldSize: 64 * 1024,
  parts: MAX_IMAGES_PER_LISTING + fields + 5,
});

/** SHA-256 of a photo as uploaded: the same photo posted twice has the same one. */
export const photoHash = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The confirmation page's address for one token, in the seller's language. */
export const confirmLink = (origin: string, token: string, language: Locale) =>
  `${origin}/sell/confirm?token=${encodeURIComponent(token)}&lang=${language}`;

function confirmationMail(submission: Submission, origin: string, token: string) {
  const t = createTranslator(submission.language);
  const title = submission.listing.title;
  return renderMail({
    language: submission.language,
    subject: t('sell.mail.confirmSubject', { title }),
    paragraphs: [t('sell.mail.confirmIntro', { title, site: origin })],
    action: { label: t('sell.mail.confirmAction'), url: confirmLink(origin, token, submission.language) },
    notes: [t('sell.mail.confirmValid'), t('sell.mail.confirmIgnore')],
    footer: t('sell.mail.footer', { site: origin }),
  });
}

/**
 * The seller's message when staff decide: approved (with the listing's address, and for a new
 * listing the seller's own link to it), or rejected (with their reason). An edit's message
 * says the listing changed, or stays as it was.
 */
export function decisionMail(
  submission: Submission,
  origin: string,
  decision: { approved: true; listingPath: string; sellerLink?: string } | { approved: false; reason: string },
) {
  const t = createTranslator(submission.language);
  const title = submission.listing.title;
  const common = { language: submission.language, footer: t('sell.mail.footer', { site: origin }) };
  const edit = submission.editOf !== null;
  if (decision.approved) {
    return renderMail({
      ...common,
      subject: t(edit ? 'sell.mail.editApprovedSubject' : 'sell.mail.approvedSubject', { title }),
      paragraphs: [
        t(edit ? 'sell.mail.editApprovedIntro' : 'sell.mail.approvedIntro', { title, site: origin }),
        ...(decision.sellerLink ? [t('sell.mail.linkIntro')] : []),
      ],
      items: decision.sellerLink ? [{ title: t('sell.mail.linkLabel'), url: decision.sellerLink }] : [],
      action: { label: t('sell.mail.approvedAction'), url: `${origin}${decision.listingPath}` },
      notes: decision.sellerLink ? [t('sell.mail.linkKeep')] : [],
    });
  }
  return renderMail({
    ...common,
    subject: t(edit ? 'sell.mail.editRejectedSubject' : 'sell.mail.rejectedSubject', { title }),
    paragraphs: [
      t(edit ? 'sell.mail.editRejectedIntro' : 'sell.mail.rejectedIntro', { title }),
      ...decision.reason.split(/\n{2,}/),
    ],
    notes: [t(edit ? 'sell.mail.editRejectedAgain' : 'sell.mail.rejectedAgain')],
  });
}

/** What to do with a checked submission before its photos are stored. */
export type SubmissionGate =
  | { store: true }
  /** Thanked as any other, nothing stored: a bot that filled the hidden field, a seller staff marked as spam. */
  | { ignore: true }
  | { waitSeconds: number }
  | { tooManyOpen: number }
  /** Its fields holding a word admins blocked: refused, the seller asked to change them. */
  | { blockedWordIn: string[] };

/**
 * How a seller's post came out: received (stored, or ignored without saying so: the answer
 * tells nobody what is stored), or refused for the seller's e-mail address.
 */
export type SubmissionOutcome =
  | { received: true }
  | { waitSeconds: number }
  | { tooManyOpen: number }
  | { blockedWordIn: string[] };

/** Fields whose value is chosen from the site's own list: never the seller's words. */
const CHOSEN_FIELDS = new Set([
  'category',
  'subcategory',
  'product_condition',
  'property_type',
  'listing_type',
  'rent_period',
]);

/**
 * The fields a seller typed that hold a blocked word (docs/product.md#post-a-listing): their
 * name and the listing's text, new or changed through their link.
 */
export function fieldsWithBlockedWord(fields: Record<string, unknown>, holds: (text: string) => boolean): string[] {
  return Object.entries(fields).flatMap(([field, value]) =>
    typeof value === 'string' && !CHOSEN_FIELDS.has(field) && holds(value) ? [field] : [],
  );
}

export function createSubmissionService(db: Database) {
  const submissions = submissionsRepository(db);
  const service = {
    /**
     * A checked submission and its photos, from the JSON API or the page's form posted without
     * script alike: gated, then stored with its photos and its confirmation mail. A refused
     * photo is thrown (an HttpError naming it).
     */
    async receive(request: FastifyRequest, payload: SubmissionPayload, images: IncomingImage[]) {
      const gate = await service.gate(payload, request.log, await request.server.siteSettings.holdsBlockedWord());
      if ('waitSeconds' in gate || 'tooManyOpen' in gate || 'blockedWordIn' in gate) return gate;
      if ('ignore' in gate) return { received: true } as const;
      const folder = imageFolderOf(payload.listing.category);
      const stored = await saveWithImages(request, { folder, images, field: 'images' }, (urls) =>
        service.store(
          payload,
          { urls, hashes: images.map((image) => photoHash(image.data)) },
          { language: request.locale, origin: siteOrigin(request) },
        ),
      );
      request.log.info({ submissionId: stored.id, photos: images.length }, 'listing submitted');
      return { received: true } as const;
    },

    /**
     * The checks made before anything is stored: the honeypot, the per-e-mail limit (counted
     * even for a bot), a seller marked as spam, the words admins blocked, and the cap of open
     * submissions per address. Staff's own listings never pass here: they may write anything.
     */
    async gate(
      payload: SubmissionPayload,
      log: FastifyBaseLogger,
      holdsBlockedWord: (text: string) => boolean,
    ): Promise<SubmissionGate> {
      const { seller } = payload;
      const wait = await emailLimitWait(db, SUBMISSION_LIMIT, seller.seller_email);
      if (wait !== null) return { waitSeconds: wait };
      if (seller[HONEYPOT_FIELD]) {
        log.info('submission honeypot filled; ignored');
        return { ignore: true };
      }
      if (await submissions.isSpamSender(seller.seller_email)) {
        log.info('submission from an address marked as spam; ignored');
        return { ignore: true };
      }
      const blockedWordIn = fieldsWithBlockedWord(
        { seller_name: seller.seller_name, ...payload.listing },
        holdsBlockedWord,
      );
      if (blockedWordIn.length > 0) {
        // Which fields, never which word: a spammer told the word writes around it.
        log.info({ fields: blockedWordIn }, 'submission holds a blocked word; refused');
        return { blockedWordIn };
      }
      const open = await submissions.openCount(seller.seller_email);
      if (open >= MAX_OPEN_SUBMISSIONS_PER_EMAIL) return { tooManyOpen: open };
      return { store: true };
    },

    /**
     * Stores the submission unconfirmed with its stored photos and queues the seller's
     * confirmation in the same transaction: the message exists exactly when the submission does.
     */
    async store(
      payload: SubmissionPayload,
      photos: { urls: string[]; hashes: string[] },
      context: { language: Locale; origin: string },
    ): Promise<Submission> {
      return db.transaction(async (tx) => {
        const token = newToken();
        const stored = await submissionsRepository(tx).insert({
          listing: payload.listing,
          imageUrls: photos.urls,
          imageHashes: photos.hashes,
          sellerName: payload.seller.seller_name,
          sellerEmail: payload.seller.seller_email,
          language: context.language,
          confirmToken: token,
        });
        await queueMail(tx, {
          key: `submission-confirm:${stored.id}`,
          to: stored.sellerEmail,
          language: stored.language,
          ...confirmationMail(stored, context.origin, token),
        });
        return stored;
      });
    },

    /**
     * A seller's edit through their link: checked against the listing (its kind stays, the
     * photos kept are its own, 10 at most in all), stored with its new photos in the queue, and
     * staff told. The listing itself changes only when staff approve. A refusal is thrown (an
     * HttpError naming the field).
     */
    async proposeEdit(request: FastifyRequest, token: string, edit: SellerEdit, images: IncomingImage[]) {
      const target = await sellerLinksRepository(db).find(token);
      if (!target) throw new HttpError(404, 'sell.errors.linkNotFound');
      if (target.revoked) throw new HttpError(410, 'sell.errors.linkRevoked');
      const { listing } = target;
      if (edit.listing.category !== listing.category) {
        throw new HttpError(400, 'sell.errors.categoryChanged', { category: 'sell.errors.categoryChanged' });
      }
      if (edit.keepImages.some((url) => !listing.image_urls.includes(url))) {
        throw new HttpError(400, 'sell.errors.unknownPhoto', { [KEEP_PHOTOS_FIELD]: 'sell.errors.unknownPhoto' });
      }
      if (edit.keepImages.length + images.length > MAX_IMAGES_PER_LISTING) {
        throw new HttpError(400, 'sell.errors.tooManyImages', { images: 'sell.errors.tooManyImages' });
      }
      const blockedWordIn = fieldsWithBlockedWord(edit.listing, await request.server.siteSettings.holdsBlockedWord());
      if (blockedWordIn.length > 0) {
        request.log.info({ fields: blockedWordIn }, 'seller edit holds a blocked word; refused');
        throw new HttpError(
          400,
          'sell.errors.blockedWord',
          Object.fromEntries(blockedWordIn.map((field) => [field, 'sell.errors.blockedWord'])),
        );
      }
      if (target.editWaiting) throw new HttpError(409, 'sell.errors.editWaiting');
      const folder = imageFolderOf(listing.category);
      const stored = await saveWithImages(request, { folder, images, field: 'images' }, (urls) =>
        db.transaction(async (tx) => {
          const waiting = await submissionsRepository(tx).insertEdit({
            listingId: listing.id,
            listing: edit.listing,
            imageUrls: [...new Set(edit.keepImages), ...urls],
            imageHashes: images.map((image) => photoHash(image.data)),
            seller: { name: target.sellerName, email: target.sellerEmail, language: target.language },
          });
          // Another edit reached the queue first.
          if (!waiting) throw new HttpError(409, 'sell.errors.editWaiting');
          await queueSubmissionNotice(
            tx,
            {
              id: waiting.id,
              title: waiting.listing.title,
              category: waiting.listing.category,
              sellerName: waiting.sellerName,
              sellerEmail: waiting.sellerEmail,
              photos: waiting.imageUrls.length,
            },
            siteOrigin(request),
          );
          return waiting;
        }),
      );
      request.log.info({ submissionId: stored.id, listingId: listing.id }, 'seller edit submitted');
      return stored;
    },

    /** The listing a seller's link opens, as its pages show it: 404 for no such link, 410 for one staff turned off. */
    async sellerListing(token: string): Promise<SellerListing> {
      const target = await sellerLinksRepository(db).find(token);
      if (!target) throw new HttpError(404, 'sell.errors.linkNotFound');
      if (target.revoked) throw new HttpError(410, 'sell.errors.linkRevoked');
      return sellerListingOf(target);
    },

    /** The submission a confirmation link is for (and whether it may still confirm), or null. */
    find: (token: string) => submissions.findByConfirmToken(token),

    /**
     * Confirms through the link: the submission (in the queue now, or already), 'expired' for a
     * link over 48 hours old, or null for none.
     */
    async confirm(token: string, origin: string): Promise<Submission | 'expired' | null> {
      const found = await submissions.findByConfirmToken(token);
      if (!found) return null;
      if (found.status !== 'unconfirmed') return found;
      if (!found.canConfirm) return 'expired';
      // The staff notice exists exactly when the submission reaches the queue.
      const confirmed = await db.transaction(async (tx) => {
        const moved = await submissionsRepository(tx).confirm(found.id);
        if (moved) {
          await queueSubmissionNotice(
            tx,
            {
              id: moved.id,
              title: moved.listing.title,
              category: moved.listing.category,
              sellerName: moved.sellerName,
              sellerEmail: moved.sellerEmail,
              photos: moved.imageUrls.length,
            },
            origin,
          );
        }
        return moved;
      });
      if (confirmed) return confirmed;
      // Another request confirmed it meanwhile, or its 48 hours ran out.
      const now = await submissions.findByConfirmToken(token);
      return now && now.status !== 'unconfirmed' ? now : 'expired';
    },
  };
  return service;
}

/**
 * Deletes the submissions not confirmed within SUBMISSION_CONFIRM_HOURS, and then their photos
 * (the rows first: a photo is never gone while a row shows it). How many it deleted.
 */
export async function removeUnconfirmedSubmissions(db: Queryable, storage: ObjectStorage): Promise<number> {
  const repository = submissionsRepository(db);
  const removed = await repository.deleteUnconfirmed(SUBMISSION_CONFIRM_HOURS);
  const inUse = await repository.urlsInUse(removed.imageUrls);
  await removeImages(
    storage,
    keysOf(
      storage,
      removed.imageUrls.filter((url) => !inUse.has(url)),
    ),
  );
  return removed.count;
}

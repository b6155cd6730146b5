import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '#server/lib/http-error';
import { siteOrigin } from '#server/lib/site-origin';
import { createAlertService } from '#server/modules/alerts/service';
import { createInquiryService } from '#server/modules/inquiries/service';
import { createNewsletterService } from '#server/modules/newsletter/service';
import { createReportService } from '#server/modules/reports/service';
import { createSubmissionService } from '#server/modules/submissions/service';
import { translateMessage } from '#server/plugins/locale';
import { listingSubmissionSchema, submissionFromForm } from '#shared/listing-submission';
import { KEEP_PHOTOS_FIELD } from '#shared/page-forms';
import type { PublicWrites } from '#shared/public-writes';
import { sellerEditSchema } from '#shared/seller-link';

/**
 * The public writes a form's route action makes on the server (a form posted without script):
 * the services the JSON API's routes call, with their rules, honeypot and per-e-mail limits.
 */
export function createPageWrites(app: FastifyInstance): (request: FastifyRequest) => PublicWrites {
  const inquiries = createInquiryService(app.db);
  const newsletter = createNewsletterService(app.db);
  const reports = createReportService(app);
  const alerts = createAlertService(app.db);
  const submissions = createSubmissionService(app.db);
  return (request) => ({
    submitInquiry: (input) => inquiries.submit(input, request.log, siteOrigin(request)),
    subscribe: (input) =>
      newsletter.subscribe(input, { language: request.locale, origin: siteOrigin(request), log: request.log }),
    reportListing: (listingId, input) => reports.report(listingId, input, request),
    saveAlert: (input) =>
      alerts.signUp(input, { language: request.locale, origin: siteOrigin(request), log: request.log }),
    async submitListing({ fields, photos }) {
      const words = wordsFor(request);
      const parsed = listingSubmissionSchema.safeParse(submissionFromForm(fields));
      if (!parsed.success) return { fields: words(messagesOf(parsed.error.issues)) };
      const images = await imagesOf(photos);
      try {
        const outcome = await submissions.receive(request, parsed.data, images);
        if ('tooManyOpen' in outcome) {
          return { fields: words({ seller_email: 'sell.errors.tooManyOpen' }) };
        }
        if ('blockedWordIn' in outcome) {
          return {
            fields: words(Object.fromEntries(outcome.blockedWordIn.map((field) => [field, 'sell.errors.blockedWord']))),
          };
        }
        if ('waitSeconds' in outcome) return { waitSeconds: outcome.waitSeconds };
        return { accepted: true };
      } catch (error) {
        // A photo refused (its kind, its size): named beside the photos.
        if (error instanceof HttpError && error.statusCode < 500 && error.fields)
          return { fields: words(error.fields) };
        throw error;
      }
    },
    async editListing(token, { fields, photos, keepPhotos }) {
      const words = wordsFor(request);
      const parsed = sellerEditSchema.safeParse({ ...submissionFromForm(fields), [KEEP_PHOTOS_FIELD]: keepPhotos });
      if (!parsed.success) return { fields: words(messagesOf(parsed.error.issues)) };
      const images = await imagesOf(photos);
      try {
        await submissions.proposeEdit(request, token, parsed.data, images);
        return { accepted: true };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) {
          return { fields: words(error.fields ?? { form: error.message }) };
        }
        throw error;
      }
    },
  });
}

/** Field messages (catalog keys) in the visitor's words, as the JSON API answers them. */
const wordsFor = (request: FastifyRequest) => (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([name, key]) => [name, translateMessage(request, key)]));

/** A schema's issues as one message per field, the first of each ('form' for the whole). */
function messagesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.path.join('.') || 'form'] ??= issue.message;
  return messages;
}

/** The photos a page form posted, as the upload path reads them. */
const imagesOf = (photos: File[]) =>
  Promise.all(photos.map(async (photo) => ({ filename: photo.name, data: Buffer.from(await photo.arrayBuffer()) })));

/** A post over its address's rate limit: every write answers with the wait, and nothing is written. */
export function limitedWrites(waitSeconds: number): PublicWrites {
  const wait = async () => ({ waitSeconds });
  return {
    submitInquiry: wait,
    subscribe: wait,
    reportListing: wait,
    saveAlert: wait,
    submitListing: wait,
    editListing: wait,
  };
}

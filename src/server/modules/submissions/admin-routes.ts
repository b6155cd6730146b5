import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { siteOrigin } from '#server/lib/site-origin';
import { adminListingsRepository } from '#server/modules/admin-listings/service';
import { recordListingPublished } from '#server/modules/alerts/service';
import type { StaffSession } from '#server/modules/auth/sessions';
import { queueMail } from '#server/modules/mail/service';
import { keysOf, removeImages } from '#server/modules/uploads/service';
import { type ListingPayload, listingPayloadSchema } from '#shared/listing-form-schema';
import { listingPath } from '#shared/listing-format';
import {
  adminSubmissionQuerySchema,
  SUBMISSION_STATUSES,
  SUBMISSIONS_PERMISSION,
  staffSubmissionPageSchema,
  submissionDecisionSchema,
} from '#shared/listing-submission';
import { sellerLinkUrl } from '#shared/seller-link';
import { sellerLinksRepository } from './seller-links';
import { decisionMail, submissionsRepository } from './service';

const NOT_FOUND = 'adminSubmissions.notFound';
const submissionParams = z.strictObject({ id: z.uuid({ message: NOT_FOUND }) });
const DecisionAnswer = z.object({ status: z.enum(SUBMISSION_STATUSES), listingId: z.string().nullable() });

/** The listing as staff edited it before approving, checked by the staff form's schema. */
function editedListing(input: unknown): ListingPayload {
  const parsed = listingPayloadSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'listing'] ??= issue.message;
  throw new HttpError(400, parsed.error.issues[0]?.message ?? 'admin.listingForm.errors.invalid', fields);
}

/**
 * The moderation queue (docs/product.md#submissions): editors and admins list what sellers
 * confirmed and approve it (it becomes a live listing, as sent or as they edited it), reject it
 * with a reason the seller is e-mailed, or mark it spam. Each decision is audited.
 */
export async function adminSubmissionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const permission = app.requirePermission(SUBMISSIONS_PERMISSION);

  api.get(
    '/admin/submissions',
    {
      onRequest: permission,
      schema: { querystring: adminSubmissionQuerySchema, response: { 200: staffSubmissionPageSchema } },
    },
    async (request) => submissionsRepository(app.db).page(request.query),
  );

  api.post(
    '/admin/submissions/:id/decision',
    {
      onRequest: permission,
      schema: { params: submissionParams, body: submissionDecisionSchema, response: { 200: DecisionAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const { user } = request.staffSession as StaffSession;
      const origin = siteOrigin(request);
      const edits = body.decision === 'approve' && body.listing !== undefined ? editedListing(body.listing) : null;
      const outcome = await app.db.transaction(async (tx) => {
        const submissions = submissionsRepository(tx);
        const submission = await submissions.lockForDecision(id);
        // An unconfirmed submission is not the staff's yet.
        if (!submission || submission.status === 'unconfirmed') throw new HttpError(404, NOT_FOUND);
        if (submission.status !== 'waiting') throw new HttpError(409, 'adminSubmissions.alreadyDecided');
        const entity = { type: 'submission' as const, id, title: submission.listing.title };
        const tellSeller = (content: ReturnType<typeof decisionMail>) =>
          queueMail(tx, {
            key: `submission-decision:${id}`,
            to: submission.sellerEmail,
            language: submission.language,
            ...content,
          });

        if (body.decision === 'approve') {
          const fields = edits ?? submission.listing;
          const imageUrls = edits?.image_urls ?? submission.imageUrls;
          if (imageUrls.some((url) => !submission.imageUrls.includes(url))) {
            throw new HttpError(400, 'adminSubmissions.errors.unknownImage', {
              image_urls: 'adminSubmissions.errors.unknownImage',
            });
          }
          if (submission.editOf !== null) {
            // A seller's edit: the live listing takes it, as it is shown or hidden now.
            const listings = adminListingsRepository(tx);
            const current = await listings.findById(submission.editOf);
            if (!current) throw new HttpError(404, NOT_FOUND);
            const listing = await listings.update(current.id, {
              ...fields,
              is_active: current.is_active,
              image_urls: imageUrls,
            });
            if (!listing) throw new HttpError(404, NOT_FOUND);
            await submissions.decide(id, { status: 'approved', by: user.id, listingId: listing.id });
            await request.audit(
              [
                { action: 'submission.approve', entity, changes: { listing: listing.id, edit: true } },
                {
                  action: 'listing.update',
                  entity: { type: 'listing', id: listing.id, title: listing.title },
                  changes: { fromSubmission: id },
                },
              ],
              tx,
            );
            await tellSeller(decisionMail(submission, origin, { approved: true, listingPath: listingPath(listing) }));
            const left = [...current.image_urls, ...submission.imageUrls].filter((url) => !imageUrls.includes(url));
            return { status: 'approved' as const, listingId: listing.id, freed: left };
          }
          const listing = await adminListingsRepository(tx).insert({
            ...fields,
            is_active: edits?.is_active ?? true,
            image_urls: imageUrls,
          });
          await submissions.decide(id, { status: 'approved', by: user.id, listingId: listing.id });
          // The seller's own link, and the listing's first days (renewed through the link).
          const sellerLinks = sellerLinksRepository(tx);
          await sellerLinks.startRunning(listing.id);
          const token = await sellerLinks.issue(listing.id, id);
          await request.audit(
            [
              {
                action: 'submission.approve',
                entity,
                changes: { listing: listing.id, editedBeforeApproval: edits !== null },
              },
              {
                action: 'listing.create',
                entity: { type: 'listing', id: listing.id, title: listing.title },
                changes: { fromSubmission: id },
              },
            ],
            tx,
          );
          if (listing.is_active) await recordListingPublished(tx, listing.id, origin);
          await tellSeller(
            decisionMail(submission, origin, {
              approved: true,
              listingPath: listingPath(listing),
              sellerLink: sellerLinkUrl(origin, token, submission.language),
            }),
          );
          const left = submission.imageUrls.filter((url) => !imageUrls.includes(url));
          return { status: 'approved' as const, listingId: listing.id, freed: left };
        }
        if (body.decision === 'reject') {
          await submissions.decide(id, { status: 'rejected', by: user.id, reason: body.reason });
          await request.audit({ action: 'submission.reject', entity, changes: { reason: body.reason } }, tx);
          await tellSeller(decisionMail(submission, origin, { approved: false, reason: body.reason }));
          return { status: 'rejected' as const, listingId: null, freed: submission.imageUrls };
        }
        // Spam: the seller is told nothing, and their next posts are thanked and dropped; an
        // edit's link is turned off too.
        await submissions.decide(id, { status: 'spam', by: user.id });
        if (submission.editOf !== null) await sellerLinksRepository(tx).revoke(submission.editOf, user.id);
        await request.audit({ action: 'submission.spam', entity }, tx);
        return { status: 'spam' as const, listingId: null, freed: submission.imageUrls };
      });
      // Only after the row no longer shows them.
      const inUse = await submissionsRepository(app.db).urlsInUse(outcome.freed);
      await removeImages(
        app.storage,
        keysOf(
          app.storage,
          outcome.freed.filter((url) => !inUse.has(url)),
        ),
      );
      request.log.info({ submissionId: id, decision: outcome.status, by: user.username }, 'submission decided');
      return { status: outcome.status, listingId: outcome.listingId };
    },
  );

  // Turns off the seller's own link to an approved listing (a link shared, a seller abusing it).
  api.post(
    '/admin/submissions/:id/revoke-link',
    {
      onRequest: permission,
      schema: { params: submissionParams, response: { 200: z.object({ sellerLink: z.literal('revoked') }) } },
    },
    async (request) => {
      const { id } = request.params;
      const { user } = request.staffSession as StaffSession;
      await app.db.transaction(async (tx) => {
        const submission = await submissionsRepository(tx).lockForDecision(id);
        const link = submission && (await sellerLinksRepository(tx).ofSubmission(id));
        if (!submission || !link) throw new HttpError(404, 'adminSubmissions.noSellerLink');
        if (await sellerLinksRepository(tx).revoke(link.listingId, user.id)) {
          await request.audit(
            {
              action: 'submission.revokeLink',
              entity: { type: 'submission', id, title: submission.listing.title },
              changes: { listing: link.listingId },
            },
            tx,
          );
        }
      });
      return { sellerLink: 'revoked' as const };
    },
  );
}

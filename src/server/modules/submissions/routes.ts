import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '#server/lib/http-error';
import {
  addLinkFormParsers,
  LINK_FORM_LIMIT,
  type LinkPage,
  linkTokenOf,
  sameSiteOnly,
  sendLinkPage,
} from '#server/lib/link-pages';
import { siteOrigin } from '#server/lib/site-origin';
import { readMultipartForm } from '#server/modules/uploads/multipart-form';
import { tooManyRequestsError } from '#server/plugins/rate-limit';
import { listingSubmissionSchema, submissionReceivedSchema } from '#shared/listing-submission';
import {
  createSubmissionService,
  SUBMISSION_FORM_MESSAGES,
  SUBMISSION_LIMIT,
  type Submission,
  submissionBodyLimits,
} from './service';

const E = 'sell.errors';

/** A seller's listing, posted without an account (docs/product.md#post-a-listing). */
export async function submissionRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: submissionBodyLimits({ fields: 5 }) });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const submissions = createSubmissionService(app.db);

  api.post(
    '/submissions',
    {
      // Refused before a byte of the (large) body is read: a form on another site posting through a visitor.
      onRequest: sameSiteOnly,
      config: { rateLimit: SUBMISSION_LIMIT.perAddress },
      schema: { response: { 202: submissionReceivedSchema } },
    },
    async (request, reply) => {
      const { payload, images } = await readMultipartForm(request, {
        schema: listingSubmissionSchema,
        fileField: 'images',
        messages: SUBMISSION_FORM_MESSAGES,
      });
      const outcome = await submissions.receive(request, payload, images);
      if ('waitSeconds' in outcome) throw tooManyRequestsError(request, reply, outcome.waitSeconds);
      if ('tooManyOpen' in outcome) {
        throw new HttpError(429, request.t(`${E}.tooManyOpen`, { n: outcome.tooManyOpen }));
      }
      if ('blockedWordIn' in outcome) {
        const message = request.t(`${E}.blockedWord`);
        throw new HttpError(400, message, Object.fromEntries(outcome.blockedWordIn.map((field) => [field, message])));
      }
      return reply.status(202).send({ status: 'received' as const, message: request.t('sell.status.received') });
    },
  );
}

/** Per address: the confirmation page's posts (the tokens themselves cannot be guessed). */
const LINK_POST_LIMIT = { max: 30, timeWindow: '1 minute', groupId: 'submission-links' };

/**
 * The page the seller's confirmation link opens: server-rendered without script, a GET that
 * changes nothing (a mail scanner following links confirms nothing) and a POST that confirms.
 */
export async function submissionPageRoutes(app: FastifyInstance) {
  const submissions = createSubmissionService(app.db);
  addLinkFormParsers(app);

  const invalidLink = (request: FastifyRequest): LinkPage => ({
    title: request.t('sell.pages.invalidLinkTitle'),
    paragraphs: [request.t('sell.pages.invalidLink')],
    links: [{ label: request.t('sell.pages.postAgain'), href: '/sell' }],
  });
  const expiredLink = (request: FastifyRequest): LinkPage => ({
    title: request.t('sell.pages.expiredTitle'),
    paragraphs: [request.t('sell.pages.expired')],
    links: [{ label: request.t('sell.pages.postAgain'), href: '/sell' }],
  });
  const confirmedPage = (request: FastifyRequest, submission: Submission): LinkPage => ({
    title: request.t('sell.pages.confirmTitle'),
    status: request.t('sell.pages.confirmed'),
    paragraphs: [
      request.t('sell.pages.confirmedText', { title: submission.listing.title, email: submission.sellerEmail }),
    ],
  });

  app.get('/sell/confirm', async (request, reply) => {
    const submission = await submissions.find(linkTokenOf(request));
    if (!submission) return sendLinkPage(reply, 404, invalidLink(request));
    if (submission.status !== 'unconfirmed') return sendLinkPage(reply, 200, confirmedPage(request, submission));
    if (!submission.canConfirm) return sendLinkPage(reply, 410, expiredLink(request));
    return sendLinkPage(reply, 200, {
      title: request.t('sell.pages.confirmTitle'),
      paragraphs: [request.t('sell.pages.confirmText', { title: submission.listing.title })],
      forms: [{ button: request.t('sell.pages.confirmButton') }],
    });
  });
  app.post(
    '/sell/confirm',
    { bodyLimit: LINK_FORM_LIMIT, config: { rateLimit: LINK_POST_LIMIT }, preValidation: sameSiteOnly },
    async (request, reply) => {
      const submission = await submissions.confirm(linkTokenOf(request), siteOrigin(request));
      if (!submission) return sendLinkPage(reply, 404, invalidLink(request));
      if (submission === 'expired') return sendLinkPage(reply, 410, expiredLink(request));
      return sendLinkPage(reply, 200, confirmedPage(request, submission));
    },
  );
}

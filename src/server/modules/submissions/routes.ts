import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import {
  addLinkFormParsers,
  LINK_FORM_LIMIT,
  type LinkPage,
  linkTokenOf,
  postedFields,
  sameSiteOnly,
  sendLinkPage,
} from '#server/lib/link-pages';
import { siteOrigin } from '#server/lib/site-origin';
import { changedFields } from '#server/modules/audit/plugin';
import { readMultipartForm } from '#server/modules/uploads/multipart-form';
import { tooManyRequestsError } from '#server/plugins/rate-limit';
import { formatDate } from '#shared/format-date';
import { listingPath } from '#shared/listing-format';
import { listingSubmissionSchema, submissionReceivedSchema } from '#shared/listing-submission';
import { SELLER_EDIT_PATH, SELLER_MANAGE_PATH } from '#shared/page-forms';
import { RENEW_WITHIN_DAYS, sellerEditSchema, sellerListingSchema } from '#shared/seller-link';
import type { SellerLinkTarget } from './seller-links';
import {
  createSubmissionService,
  SUBMISSION_FORM_MESSAGES,
  SUBMISSION_LIMIT,
  type Submission,
  sellerLinksRepository,
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

  // The seller's own link (docs/product.md#the-sellers-link): the listing it opens, for the edit form.
  api.get(
    '/seller-listing',
    {
      config: { rateLimit: LINK_POST_LIMIT },
      schema: { querystring: tokenQuery, response: { 200: sellerListingSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return submissions.sellerListing(request.query.token);
    },
  );

  api.post(
    '/seller-listing/edit',
    {
      onRequest: sameSiteOnly,
      config: { rateLimit: SUBMISSION_LIMIT.perAddress },
      schema: { querystring: tokenQuery, response: { 202: submissionReceivedSchema } },
    },
    async (request, reply) => {
      const { payload, images } = await readMultipartForm(request, {
        schema: sellerEditSchema,
        fileField: 'images',
        messages: SUBMISSION_FORM_MESSAGES,
      });
      await submissions.proposeEdit(request, request.query.token, payload, images);
      return reply.status(202).send({ status: 'received' as const, message: request.t('sell.edit.received') });
    },
  );
}

const tokenQuery = z.object({ token: z.string().max(200).default(''), lang: z.string().optional() });

/**
 * The seller's link page: where the listing stands, renew (in its last week, or once expired)
 * and mark sold as buttons posting back, and links to change it and to see it.
 */
function managePage(request: FastifyRequest, target: SellerLinkTarget): LinkPage {
  const t = request.t;
  const { listing } = target;
  const title = listing.title;
  const date = (day: string) => formatDate(day, request.locale);
  const state = !listing.is_active
    ? t('sell.pages.manageHidden', { title })
    : listing.availability === 'sold'
      ? t('sell.pages.manageSold', { title })
      : listing.availability === 'expired'
        ? t('sell.pages.manageExpired', { title, date: date(listing.expires_on ?? '') })
        : listing.expires_on
          ? t('sell.pages.manageLive', { title, date: date(listing.expires_on) })
          : t('sell.pages.manageLiveNoEnd', { title });
  const paragraphs = [state];
  if (!target.canRenew && listing.availability === 'active' && listing.expires_on) {
    const from = new Date(`${listing.expires_on}T00:00:00Z`);
    from.setUTCDate(from.getUTCDate() - RENEW_WITHIN_DAYS);
    paragraphs.push(t('sell.pages.manageRenewFrom', { date: date(from.toISOString().slice(0, 10)) }));
  }
  if (target.editWaiting) paragraphs.push(t('sell.pages.manageEditWaiting'));
  const lang = `&lang=${request.locale}`;
  const token = encodeURIComponent(linkTokenOf(request));
  return {
    title: t('sell.pages.manageTitle'),
    paragraphs,
    forms: [
      ...(target.canRenew
        ? [{ fields: [{ name: 'action', value: 'renew' }], button: t('sell.pages.renewButton') }]
        : []),
      ...(listing.availability !== 'sold'
        ? [{ fields: [{ name: 'action', value: 'sold' }], button: t('sell.pages.soldButton') }]
        : []),
    ],
    links: [
      ...(target.editWaiting
        ? []
        : [{ label: t('sell.pages.editLink'), href: `${SELLER_EDIT_PATH}?token=${token}${lang}` }]),
      ...(listing.is_active ? [{ label: t('sell.pages.seeListing'), href: listingPath(listing) }] : []),
    ],
  };
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
  const revokedLink = (request: FastifyRequest): LinkPage => ({
    title: request.t('sell.pages.manageRevokedTitle'),
    paragraphs: [request.t('sell.pages.manageRevoked')],
    links: [{ label: request.t('layout.nav.contact'), href: '/contact' }],
  });
  const confirmedPage = (request: FastifyRequest, submission: Submission): LinkPage => ({
    title: request.t('sell.pages.confirmTitle'),
    status: request.t('sell.pages.confirmed'),
    paragraphs: [
      request.t('sell.pages.confirmedText', { title: submission.listing.title, email: submission.sellerEmail }),
    ],
  });

  app.get(SELLER_MANAGE_PATH, async (request, reply) => {
    const target = await sellerLinksRepository(app.db).find(linkTokenOf(request));
    if (!target) return sendLinkPage(reply, 404, invalidLink(request));
    if (target.revoked) return sendLinkPage(reply, 410, revokedLink(request));
    return sendLinkPage(reply, 200, managePage(request, target));
  });
  // The change page is the web app's; its status says what the link opens, as the manage page's does.
  app.get(SELLER_EDIT_PATH, async (request, reply) => {
    const target = await sellerLinksRepository(app.db).find(linkTokenOf(request));
    return reply.sendApp({}, !target ? 404 : target.revoked ? 410 : 200);
  });
  app.post(
    SELLER_MANAGE_PATH,
    { bodyLimit: LINK_FORM_LIMIT, config: { rateLimit: LINK_POST_LIMIT }, preValidation: sameSiteOnly },
    async (request, reply) => {
      const token = linkTokenOf(request);
      const links = sellerLinksRepository(app.db);
      const target = await links.find(token);
      if (!target) return sendLinkPage(reply, 404, invalidLink(request));
      if (target.revoked) return sendLinkPage(reply, 410, revokedLink(request));
      const action = postedFields(request).get('action');
      const { listing } = target;
      const seller = { id: null, username: `seller ${target.sellerEmail}`.slice(0, 100) };
      const entity = { type: 'listing' as const, id: listing.id, title: listing.title };
      let status: string;
      if (action === 'renew') {
        const renewed = await app.db.transaction(async (tx) => {
          const after = await sellerLinksRepository(tx).renew(listing.id);
          if (after) {
            await request.audit(
              [
                {
                  action: 'listing.expiry',
                  entity,
                  actor: seller,
                  changes: changedFields(listing, after, ['expires_on', 'availability']) ?? {},
                },
              ],
              tx,
            );
          }
          return after;
        });
        status = renewed
          ? request.t('sell.pages.renewed', { date: formatDate(renewed.expires_on ?? '', request.locale) })
          : request.t('sell.pages.renewRefused');
      } else if (action === 'sold') {
        const sold = await app.db.transaction(async (tx) => {
          const after = await sellerLinksRepository(tx).markSold(listing.id);
          if (after) {
            await request.audit(
              [
                {
                  action: 'listing.availability',
                  entity,
                  actor: seller,
                  changes: changedFields(listing, after, ['availability']) ?? {},
                },
              ],
              tx,
            );
          }
          return after;
        });
        status = request.t(sold ? 'sell.pages.soldDone' : 'sell.pages.soldAlready');
      } else {
        return sendLinkPage(reply, 400, managePage(request, target));
      }
      // The public pages and results show it at once, on every instance.
      app.listingsService.invalidate();
      const now = (await links.find(token)) ?? target;
      return sendLinkPage(reply, 200, { ...managePage(request, now), status });
    },
  );

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

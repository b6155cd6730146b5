import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLinkFormParsers,
  isOneClickUnsubscribe,
  LINK_FORM_LIMIT,
  type LinkPage,
  linkTokenOf,
  sameSiteOnly,
  sendLinkPage,
  sendOneClickAnswer,
} from '#server/lib/link-pages';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { siteOrigin } from '#server/lib/site-origin';
import { tooManyRequestsError } from '#server/plugins/rate-limit';
import { NEWSLETTER_STATUSES, newsletterSchema } from '#shared/newsletter-schema';
import { createNewsletterService, NEWSLETTER_LIMIT, type Subscriber } from './service';

const NewsletterAnswer = z.object({ status: z.enum(NEWSLETTER_STATUSES), message: z.string() });
const SubscriberCounts = z.object({ confirmed: z.number().int(), unconfirmed: z.number().int() });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const newsletter = createNewsletterService(app.db);

  app.post(
    '/newsletter',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: NEWSLETTER_LIMIT.perAddress },
      schema: { body: newsletterSchema, response: { 200: NewsletterAnswer } },
    },
    async (request, reply) => {
      const outcome = await newsletter.subscribe(request.body, {
        language: request.locale,
        origin: siteOrigin(request),
        log: request.log,
      });
      if ('waitSeconds' in outcome) throw tooManyRequestsError(request, reply, outcome.waitSeconds);
      return { status: 'subscribed' as const, message: request.t('newsletter.status.subscribed') };
    },
  );

  // For the staff who write the newsletter: how many receive it, how many have yet to confirm.
  app.get(
    '/admin/newsletter',
    { onRequest: app.requirePermission('write'), schema: { response: { 200: SubscriberCounts } } },
    async () => newsletter.counts(),
  );
};

/** Per address: the link pages' posts (the tokens themselves cannot be guessed). */
const LINK_POST_LIMIT = { max: 30, timeWindow: '1 minute', groupId: 'newsletter-links' };

/**
 * The pages the newsletter's links open (confirm, unsubscribe), and one-click unsubscribe
 * (RFC 8058): server-rendered without script, each a GET that changes nothing and a POST.
 */
export async function newsletterPageRoutes(app: FastifyInstance) {
  const newsletter = createNewsletterService(app.db);
  addLinkFormParsers(app);
  const postOptions = { bodyLimit: LINK_FORM_LIMIT, config: { rateLimit: LINK_POST_LIMIT } };

  const invalidLink = (request: FastifyRequest): LinkPage => ({
    title: request.t('newsletter.pages.invalidLinkTitle'),
    paragraphs: [request.t('newsletter.pages.invalidLink')],
  });
  const expiredLink = (request: FastifyRequest): LinkPage => ({
    title: request.t('newsletter.pages.expiredTitle'),
    paragraphs: [request.t('newsletter.pages.expired')],
  });
  const confirmedPage = (request: FastifyRequest, subscriber: Subscriber): LinkPage => ({
    title: request.t('newsletter.pages.confirmTitle'),
    status: request.t('newsletter.pages.confirmed'),
    paragraphs: [request.t('newsletter.pages.confirmedText', { email: subscriber.email })],
  });

  // Opening the link shows a button: a mail scanner that follows links confirms nothing.
  app.get('/newsletter/confirm', async (request, reply) => {
    const subscriber = await newsletter.find(linkTokenOf(request));
    if (!subscriber) return sendLinkPage(reply, 404, invalidLink(request));
    if (subscriber.confirmedAt) return sendLinkPage(reply, 200, confirmedPage(request, subscriber));
    if (!subscriber.canConfirm) return sendLinkPage(reply, 410, expiredLink(request));
    return sendLinkPage(reply, 200, {
      title: request.t('newsletter.pages.confirmTitle'),
      paragraphs: [request.t('newsletter.pages.confirmText', { email: subscriber.email })],
      forms: [{ button: request.t('newsletter.pages.confirmButton') }],
    });
  });
  app.post('/newsletter/confirm', { ...postOptions, preValidation: sameSiteOnly }, async (request, reply) => {
    const subscriber = await newsletter.confirm(linkTokenOf(request));
    if (!subscriber) return sendLinkPage(reply, 404, invalidLink(request));
    if (subscriber === 'expired') return sendLinkPage(reply, 410, expiredLink(request));
    return sendLinkPage(reply, 200, confirmedPage(request, subscriber));
  });

  app.get('/newsletter/unsubscribe', async (request, reply) => {
    const subscriber = await newsletter.find(linkTokenOf(request));
    if (!subscriber) return sendLinkPage(reply, 404, invalidLink(request));
    return sendLinkPage(reply, 200, {
      title: request.t('newsletter.pages.unsubscribeTitle'),
      paragraphs: [request.t('newsletter.pages.unsubscribeText', { email: subscriber.email })],
      forms: [{ button: request.t('newsletter.pages.unsubscribeButton') }],
    });
  });
  // One-click (RFC 8058): the mail provider posts `List-Unsubscribe=One-Click` and reads no
  // page, from its own servers; the page's own button gets the page that says it is done.
  app.post('/newsletter/unsubscribe', postOptions, async (request, reply) => {
    const oneClick = isOneClickUnsubscribe(request);
    if (!oneClick) await sameSiteOnly(request);
    const subscriber = await newsletter.unsubscribe(linkTokenOf(request));
    if (oneClick) return sendOneClickAnswer(reply, subscriber !== null);
    if (!subscriber) return sendLinkPage(reply, 404, invalidLink(request));
    return sendLinkPage(reply, 200, {
      title: request.t('newsletter.pages.unsubscribeTitle'),
      status: request.t('newsletter.pages.unsubscribed'),
      paragraphs: [],
    });
  });
}

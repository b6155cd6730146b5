import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
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
import { newsletterIssueSchema, newsletterIssueSummarySchema } from '#shared/newsletter-issue';
import { NEWSLETTER_STATUSES, newsletterSchema } from '#shared/newsletter-schema';
import { createIssueRepository } from './issues';
import { createNewsletterService, NEWSLETTER_LIMIT, type Subscriber } from './service';

const NewsletterAnswer = z.object({ status: z.enum(NEWSLETTER_STATUSES), message: z.string() });
const NewsletterOverview = z.object({
  confirmed: z.number().int(),
  unconfirmed: z.number().int(),
  digest: z.object({ day: z.string(), hour: z.number().int() }),
});
const IssueList = z.object({ issues: z.array(newsletterIssueSummarySchema) });
/** An issue's body may be 50,000 characters of any script. */
const ISSUE_BODY_LIMIT = 256 * 1024;

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

  // For the staff who write the newsletter: how many receive it, how many have yet to
  // confirm, and when the digest goes out.
  app.get(
    '/admin/newsletter',
    { onRequest: app.requirePermission('write'), schema: { response: { 200: NewsletterOverview } } },
    async () => ({ ...(await newsletter.counts()), digest: (await app.siteSettings.get()).settings.newsletterDigest }),
  );

  app.get(
    '/admin/newsletter/issues',
    { onRequest: app.requirePermission('write'), schema: { response: { 200: IssueList } } },
    async () => ({ issues: await createIssueRepository(app.db).list() }),
  );

  // Stores the issue (once per send key) with its audit entry, then queues its messages in
  // the background: 202 for a new issue, 200 for the same send posted again.
  app.post(
    '/admin/newsletter/issues',
    {
      onRequest: app.requirePermission('write'),
      bodyLimit: ISSUE_BODY_LIMIT,
      schema: {
        body: newsletterIssueSchema,
        response: { 200: newsletterIssueSummarySchema, 202: newsletterIssueSummarySchema },
      },
    },
    async (request, reply) => {
      const { confirmed } = await newsletter.counts();
      const sentBy = request.staffSession?.user.username ?? 'unknown';
      const { issue, created } = await app.db.transaction(async (tx) => {
        const result = await createIssueRepository(tx).create({ ...request.body, sentBy });
        if (!result.created) return result;
        // Checked inside: a retry of an issue already sent is answered even if all left since.
        if (confirmed === 0) throw new HttpError(409, 'adminNewsletter.errors.noSubscribers');
        await request.audit(
          {
            action: 'newsletter.send',
            entity: { type: 'newsletter-issue', id: result.issue.id, title: result.issue.subject },
            changes: { confirmed },
          },
          tx,
        );
        return result;
      });
      if (created) {
        request.log.info({ issue: issue.id, by: sentBy, confirmed }, 'newsletter issue stored');
        app.sendNewsletterIssues().catch(() => {});
      }
      const { body: _body, ...summary } = issue;
      return reply.status(created ? 202 : 200).send(summary);
    },
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

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
  postedFields,
  sameSiteOnly,
  sendLinkPage,
  sendOneClickAnswer,
} from '#server/lib/link-pages';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { siteOrigin } from '#server/lib/site-origin';
import { tooManyRequestsError } from '#server/plugins/rate-limit';
import { ALERT_FREQUENCIES, type AlertFrequency } from '#shared/alert-frequencies';
import { alertSignUpSchema } from '#shared/saved-search';
import { ALERT_LIMIT, createAlertService, describeSearch, type SavedSearch } from './service';

/** Per address: the link pages' posts (the tokens themselves cannot be guessed). */
const LINK_POST_LIMIT = { max: 30, timeWindow: '1 minute', groupId: 'alert-links' };

const AlertAnswer = z.object({ status: z.literal('pending'), message: z.string() });

/** POST /api/alerts: "E-mail me new matches" (docs/product.md#saved-search-alerts). */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = createAlertService(app.db);
  app.post(
    '/alerts',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: ALERT_LIMIT.perAddress },
      schema: { body: alertSignUpSchema, response: { 200: AlertAnswer } },
    },
    async (request, reply) => {
      const outcome = await alerts.signUp(request.body, {
        language: request.locale,
        origin: siteOrigin(request),
        log: request.log,
      });
      if ('waitSeconds' in outcome) throw tooManyRequestsError(request, reply, outcome.waitSeconds);
      return { status: 'pending' as const, message: request.t('alerts.form.sent') };
    },
  );
};

/**
 * The pages an alert's links open (confirm, manage, unsubscribe), and one-click unsubscribe
 * (RFC 8058): server-rendered without script, each a GET that changes nothing and a POST.
 */
export async function alertPageRoutes(app: FastifyInstance) {
  const alerts = createAlertService(app.db);
  addLinkFormParsers(app);
  const send = sendLinkPage;

  const invalidLink = (request: FastifyRequest): LinkPage => ({
    title: request.t('alerts.pages.invalidLinkTitle'),
    paragraphs: [request.t('alerts.pages.invalidLink')],
  });
  const resultsLink = (request: FastifyRequest, search: SavedSearch) => ({
    label: request.t('alerts.pages.seeResults'),
    href: alerts.resultsPath(search),
  });
  const described = (request: FastifyRequest, search: SavedSearch) =>
    describeSearch(request.t, search.category, search.filters);
  const tokenOf = linkTokenOf;
  const postOptions = { bodyLimit: LINK_FORM_LIMIT, config: { rateLimit: LINK_POST_LIMIT } };

  const confirmPage = (request: FastifyRequest, search: SavedSearch): LinkPage => ({
    title: request.t('alerts.pages.confirmTitle'),
    paragraphs: [request.t('alerts.pages.confirmText', { search: described(request, search) })],
    forms: [{ button: request.t('alerts.pages.confirmButton') }],
    links: [resultsLink(request, search)],
  });
  // Opening the link shows a button: a mail scanner that follows links starts nothing.
  app.get('/alerts/confirm', async (request, reply) => {
    const search = await alerts.find(tokenOf(request));
    if (!search) return send(reply, 404, invalidLink(request));
    if (search.confirmedAt)
      return send(
        reply,
        200,
        managePage(request, search, request.t('alerts.pages.confirmed', { search: described(request, search) })),
      );
    return send(reply, 200, confirmPage(request, search));
  });
  app.post('/alerts/confirm', { ...postOptions, preValidation: sameSiteOnly }, async (request, reply) => {
    const search = await alerts.confirm(tokenOf(request));
    if (!search) return send(reply, 404, invalidLink(request));
    return send(
      reply,
      200,
      managePage(request, search, request.t('alerts.pages.confirmed', { search: described(request, search) })),
    );
  });

  const frequencyLabel = (request: FastifyRequest, frequency: AlertFrequency) =>
    request.t(`alerts.form.frequency.${frequency}`);
  function managePage(request: FastifyRequest, search: SavedSearch, status?: string): LinkPage {
    return {
      title: request.t('alerts.pages.manageTitle'),
      ...(status ? { status } : {}),
      paragraphs: [request.t('alerts.pages.manageText', { search: described(request, search), email: search.email })],
      forms: [
        {
          choice: {
            legend: request.t('alerts.form.frequencyLabel'),
            name: 'frequency',
            options: ALERT_FREQUENCIES.map((value) => ({
              value,
              label: frequencyLabel(request, value),
              checked: value === search.frequency,
            })),
          },
          button: request.t('alerts.pages.saveButton'),
        },
        { fields: [{ name: 'delete', value: '1' }], button: request.t('alerts.pages.deleteButton') },
      ],
      links: [resultsLink(request, search)],
    };
  }
  app.get('/alerts/manage', async (request, reply) => {
    const search = await alerts.find(tokenOf(request));
    if (!search) return send(reply, 404, invalidLink(request));
    return send(reply, 200, managePage(request, search));
  });
  app.post('/alerts/manage', { ...postOptions, preValidation: sameSiteOnly }, async (request, reply) => {
    const token = tokenOf(request);
    const fields = postedFields(request);
    if (fields.get('delete') === '1') {
      const deleted = await alerts.unsubscribe(token);
      if (!deleted) return send(reply, 404, invalidLink(request));
      return send(reply, 200, unsubscribedPage(request, deleted));
    }
    const frequency = alertSignUpSchema.shape.frequency.safeParse(fields.get('frequency') ?? undefined);
    if (!frequency.success || !fields.has('frequency')) {
      throw new HttpError(400, 'alerts.errors.frequencyInvalid');
    }
    const search = await alerts.setFrequency(token, frequency.data);
    if (!search) return send(reply, 404, invalidLink(request));
    return send(reply, 200, managePage(request, search, request.t('alerts.pages.saved')));
  });

  const unsubscribedPage = (request: FastifyRequest, search: SavedSearch): LinkPage => ({
    title: request.t('alerts.pages.unsubscribeTitle'),
    status: request.t('alerts.pages.unsubscribed'),
    paragraphs: [],
    links: [resultsLink(request, search)],
  });
  app.get('/alerts/unsubscribe', async (request, reply) => {
    const search = await alerts.find(tokenOf(request));
    if (!search) return send(reply, 404, invalidLink(request));
    return send(reply, 200, {
      title: request.t('alerts.pages.unsubscribeTitle'),
      paragraphs: [request.t('alerts.pages.unsubscribeText', { search: described(request, search) })],
      forms: [{ button: request.t('alerts.pages.unsubscribeButton') }],
      links: [resultsLink(request, search)],
    });
  });
  // One-click (RFC 8058): the mail provider posts `List-Unsubscribe=One-Click` and reads no
  // page; the page's own button posts without it and gets the page that says it is done.
  app.post('/alerts/unsubscribe', postOptions, async (request, reply) => {
    const oneClick = isOneClickUnsubscribe(request);
    const search = await alerts.unsubscribe(tokenOf(request));
    if (oneClick) return sendOneClickAnswer(reply, search !== null);
    if (!search) return send(reply, 404, invalidLink(request));
    return send(reply, 200, unsubscribedPage(request, search));
  });
}

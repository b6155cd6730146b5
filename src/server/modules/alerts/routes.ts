import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCrossSite } from '#server/lib/cross-site';
import { HttpError } from '#server/lib/http-error';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { siteOrigin } from '#server/lib/site-origin';
import { tooManyRequestsError } from '#server/plugins/rate-limit';
import { ALERT_FREQUENCIES, type AlertFrequency, alertSignUpSchema } from '#shared/saved-search';
import { type AlertPage, renderAlertPage } from './pages';
import { ALERT_LIMIT, createAlertService, describeSearch, type SavedSearch } from './service';

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

/** The posts the link pages take: a few small fields. */
const LINK_FORM_LIMIT = 4 * 1024;
/** Per address: the link pages' posts (the tokens themselves cannot be guessed). */
const LINK_POST_LIMIT = { max: 30, timeWindow: '1 minute', groupId: 'alert-links' };

const tokenQuery = z.object({ token: z.string().max(200).optional(), lang: z.string().optional() });

/** A posted form's fields: urlencoded, or the multipart form RFC 8058 also allows for one-click. */
function postedFields(request: FastifyRequest): URLSearchParams {
  const body = typeof request.body === 'string' ? request.body : '';
  if ((request.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
    const fields = new URLSearchParams();
    for (const match of body.matchAll(/name="([^"]{1,100})"\r?\n\r?\n([^\r\n]{0,200})/g)) {
      fields.append(match[1] as string, match[2] as string);
    }
    return fields;
  }
  return new URLSearchParams(body);
}

/**
 * The pages an alert's links open (confirm, manage, unsubscribe), and one-click unsubscribe
 * (RFC 8058): server-rendered without script, each a GET that changes nothing and a POST.
 */
export async function alertPageRoutes(app: FastifyInstance) {
  const alerts = createAlertService(app.db);
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: LINK_FORM_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
  }

  const send = (reply: FastifyReply, status: number, page: AlertPage) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(renderAlertPage(reply.request, page));

  const invalidLink = (request: FastifyRequest): AlertPage => ({
    title: request.t('alerts.pages.invalidLinkTitle'),
    paragraphs: [request.t('alerts.pages.invalidLink')],
  });
  const resultsLink = (request: FastifyRequest, search: SavedSearch) => ({
    label: request.t('alerts.pages.seeResults'),
    href: alerts.resultsPath(search),
  });
  const described = (request: FastifyRequest, search: SavedSearch) =>
    describeSearch(request.t, search.category, search.filters);
  const tokenOf = (request: FastifyRequest) => tokenQuery.safeParse(request.query).data?.token ?? '';
  // A form on another site must not act through a visitor (one-click unsubscribe is exempt:
  // a mail provider posts it, and its token is its authority).
  const sameSiteOnly = async (request: FastifyRequest) => {
    if (isCrossSite(request)) throw new HttpError(403, 'common.errors.crossSiteForm');
  };
  const postOptions = { bodyLimit: LINK_FORM_LIMIT, config: { rateLimit: LINK_POST_LIMIT } };

  const confirmPage = (request: FastifyRequest, search: SavedSearch): AlertPage => ({
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
  function managePage(request: FastifyRequest, search: SavedSearch, status?: string): AlertPage {
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

  const unsubscribedPage = (request: FastifyRequest, search: SavedSearch): AlertPage => ({
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
    const oneClick = postedFields(request).get('List-Unsubscribe') === 'One-Click';
    const search = await alerts.unsubscribe(tokenOf(request));
    if (oneClick)
      return reply
        .code(search ? 200 : 404)
        .header('cache-control', 'no-store')
        .send();
    if (!search) return send(reply, 404, invalidLink(request));
    return send(reply, 200, unsubscribedPage(request, search));
  });
}

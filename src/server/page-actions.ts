import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCrossSite } from '#server/lib/cross-site';
import { HttpError } from '#server/lib/http-error';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { ALERT_LIMIT } from '#server/modules/alerts/service';
import { INQUIRY_LIMIT } from '#server/modules/inquiries/service';
import { NEWSLETTER_LIMIT } from '#server/modules/newsletter/service';
import { SUBMISSION_FORM_MESSAGES, SUBMISSION_LIMIT, submissionBodyLimits } from '#server/modules/submissions/service';
import { readMultipartParts } from '#server/modules/uploads/multipart-form';
import {
  ALERT_FORM_ACTION,
  CONTACT_FORM_ACTION,
  NEWSLETTER_FORM_ACTION,
  SELL_FORM_ACTION,
  SELLER_EDIT_PATH,
} from '#shared/page-forms';
import { createPageWrites, limitedWrites } from './page-writes';

/**
 * The public forms posted without script (decision 0082): each a POST to a page's address
 * whose route action (src/web/app/routes.tsx) runs on the server with the services' writes,
 * answered with a redirect or the page it renders. Each form keeps its JSON route's rate limit
 * (one counter for both), takes small urlencoded bodies, and only from this site's own pages.
 */
const FORM_ROUTES = [
  { url: CONTACT_FORM_ACTION, rateLimit: INQUIRY_LIMIT.perAddress },
  { url: NEWSLETTER_FORM_ACTION, rateLimit: NEWSLETTER_LIMIT.perAddress },
  { url: ALERT_FORM_ACTION, rateLimit: ALERT_LIMIT.perAddress },
];

export async function pageActionRoutes(app: FastifyInstance) {
  const writesFor = createPageWrites(app);
  // Only these routes read such bodies: the action reads the form from the text as posted.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: PUBLIC_FORM_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // A form on another site must not post through a visitor.
  app.addHook('preValidation', async (request) => {
    if (isCrossSite(request)) {
      request.log.warn({ origin: request.headers.origin, url: request.url }, 'refused a cross-site form');
      throw new HttpError(403, 'common.errors.crossSiteForm');
    }
  });
  const bodyOf = (body: unknown) => (typeof body === 'string' ? body : '');
  // Over the address's rate limit (refused before the handler): the action still answers, its
  // writes all saying how long to wait, so the page comes back with what was typed.
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode !== 429) throw error;
    const waitSeconds = Math.max(1, Number(reply.getHeader('retry-after')) || 60);
    reply.header('cache-control', 'no-store');
    return reply.sendApp({}, 429, { form: { body: bodyOf(request.body), writes: limitedWrites(waitSeconds) } });
  });
  for (const { url, rateLimit } of FORM_ROUTES) {
    // Counted once the body is read, so the page that answers a refusal keeps what was typed.
    app.post(
      url,
      { bodyLimit: PUBLIC_FORM_BODY_LIMIT, config: { rateLimit: { ...rateLimit, hook: 'preHandler' as const } } },
      (request, reply) => reply.sendApp({}, 200, { form: { body: bodyOf(request.body), writes: writesFor(request) } }),
    );
  }
  await app.register(sellFormRoute, { writesFor });
}

/** The seller's fields besides the listing's, and room for a few more: each its own part when posted without script. */
const SELL_FORM_FIELDS = 40;

/**
 * "Post a listing" posted without script: a multipart body with the photos, read as the JSON
 * API reads its own (the same limits and refusals), handed to the page's route action as a
 * form. In a plugin of its own, so no other form route takes multipart bodies.
 */
async function sellFormRoute(app: FastifyInstance, { writesFor }: { writesFor: ReturnType<typeof createPageWrites> }) {
  await app.register(multipart, { limits: submissionBodyLimits({ fields: SELL_FORM_FIELDS }) });
  const runAction = async (request: FastifyRequest, reply: FastifyReply) => {
    const { fields, images } = await readMultipartParts(request, {
      fileField: 'images',
      messages: SUBMISSION_FORM_MESSAGES,
    });
    const body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
    for (const image of images) body.append('images', new File([new Uint8Array(image.data)], image.filename));
    return reply.sendApp({}, 200, { form: { body, writes: writesFor(request) } });
  };
  app.post(SELL_FORM_ACTION, { config: { rateLimit: SUBMISSION_LIMIT.perAddress } }, runAction);
  // A seller's changes through their own link, the same way.
  app.post(SELLER_EDIT_PATH, { config: { rateLimit: SUBMISSION_LIMIT.perAddress } }, runAction);
}

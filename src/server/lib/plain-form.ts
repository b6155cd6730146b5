import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isCrossSite } from './cross-site';
import { HttpError } from './http-error';

/**
 * Routes that take a plain HTML form (`application/x-www-form-urlencoded`), as a page without
 * script posts it. Call inside an encapsulated plugin: only its routes read such bodies, and
 * only from this site's own pages (a form on another site must not post through a visitor).
 */
function acceptPlainForms(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      // One value per name (the last, as a form sends each field once).
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.addHook('preValidation', async (request) => {
    if (isCrossSite(request)) {
      request.log.warn({ origin: request.headers.origin, url: request.url }, 'refused a cross-site form');
      throw new HttpError(403, 'common.errors.crossSiteForm');
    }
  });
}

/** Answers a plain form over its rate limit: its page again with the message, never bare JSON. */
export type PlainFormLimited = (
  request: FastifyRequest,
  reply: FastifyReply,
  waitSeconds: number,
) => Promise<FastifyReply> | FastifyReply;

/**
 * One plain-form route in its own plugin (`app`): POST `url` with the form's body limit and
 * rate limit (name the scripted route's `groupId` to share its counter); over the limit,
 * `onLimited` answers with the page.
 */
export function postPlainForm(
  app: FastifyInstance,
  url: string,
  limits: { bodyLimit: number; rateLimit: { max: number; timeWindow: string; groupId?: string } },
  onLimited: PlainFormLimited,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  acceptPlainForms(app, limits.bodyLimit);
  // The rate limit refuses before the handler runs; anything else goes on to the app's handler.
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode !== 429) throw error;
    const waitSeconds = Math.max(1, Number(reply.getHeader('retry-after')) || 60);
    reply.header('cache-control', 'no-store');
    return onLimited(request, reply, waitSeconds);
  });
  // Counted once the body is read, so the page that answers a refusal keeps what was typed.
  const rateLimit = { ...limits.rateLimit, hook: 'preHandler' as const };
  app.post(url, { bodyLimit: limits.bodyLimit, config: { rateLimit } }, handler);
}

/** A path of this site with the page's language kept (`?lang=so` when the form was posted with it). */
export function withLanguageOf(request: FastifyRequest, path: string): string {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (lang !== 'en' && lang !== 'so') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
}

/** The named fields of a posted form, each as text (absent ones left out). */
export function formFields<const N extends string>(body: unknown, names: readonly N[]): Partial<Record<N, string>> {
  const fields: Partial<Record<N, string>> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** A failed check's first message per field (catalog keys), as the scripted forms show them. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field) messages[field] ??= issue.message;
  }
  return messages;
}

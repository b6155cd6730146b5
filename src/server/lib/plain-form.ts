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

/**
 * One plain-form route in its own plugin (`app`): POST `url` with the form's body limit and
 * rate limit (name the scripted route's `groupId` to share its counter).
 */
export function postPlainForm(
  app: FastifyInstance,
  url: string,
  limits: { bodyLimit: number; rateLimit: { max: number; timeWindow: string; groupId?: string } },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  acceptPlainForms(app, limits.bodyLimit);
  app.post(url, { bodyLimit: limits.bodyLimit, config: { rateLimit: limits.rateLimit } }, handler);
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

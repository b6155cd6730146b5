import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTranslator, DEFAULT_LOCALE, isLocale, type Locale, type Translate } from '../../shared/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Translates a catalog key into the visitor's language. */
    t: Translate;
  }
}

export const LOCALE_COOKIE = 'lang';

/** The visitor's language: ?lang=, then the lang cookie, then Accept-Language, then English. */
export function detectLocale(request: FastifyRequest): Locale {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(query)) return query;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().slice(0, 2).toLowerCase());
  return accepted.find(isLocale) ?? DEFAULT_LOCALE;
}

export const localePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('t', createTranslator(DEFAULT_LOCALE));
    app.addHook('onRequest', async (request) => {
      request.locale = detectLocale(request);
      request.t = createTranslator(request.locale);
    });
  },
  { name: 'locale', dependencies: ['@fastify/cookie'] },
);

/**
 * Shared schemas carry catalog keys as their messages ('contact.errors.nameRequired'), so
 * the browser and the server show the same text in the visitor's language. Plain text
 * passes through unchanged.
 */
export function translateMessage(request: FastifyRequest, message: string): string {
  if (!request.t || !/^[a-z][\w]*(\.[\w]+)+$/i.test(message)) return message;
  return request.t(message as Parameters<Translate>[0]);
}

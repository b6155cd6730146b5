import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createTranslator,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_PARAM,
  type Locale,
  pickLocale,
  type Translate,
} from '../../shared/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Translates a catalog key into the visitor's language. */
    t: Translate;
  }
}

export { LOCALE_COOKIE };

/** The visitor's language: ?lang=, then the lang cookie, then Accept-Language, then English. */
export function detectLocale(request: FastifyRequest): Locale {
  return pickLocale({
    param: (request.query as Record<string, unknown> | undefined)?.[LOCALE_PARAM],
    cookie: request.cookies?.[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
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

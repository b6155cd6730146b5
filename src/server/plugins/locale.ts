import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createTranslator,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_PARAM,
  type Locale,
  type MessageKey,
  type MessageParams,
  pickLocale,
  type Translate,
} from '#shared/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Translates a catalog key into the visitor's language. */
    t: Translate;
  }
}

export { LOCALE_COOKIE };

const english = createTranslator(DEFAULT_LOCALE);

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
export function translateMessage(request: FastifyRequest, message: string, params?: MessageParams): string {
  if (!/^[a-z][\w]*(\.[\w]+)+$/i.test(message)) return message;
  // Without the locale plugin (an error before it ran, a bare test app) the answer is English.
  return (request.t ?? english)(message as MessageKey, params);
}

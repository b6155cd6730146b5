import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CURRENCIES,
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  type Currency,
  DEFAULT_CURRENCY,
  pickCurrency,
} from '#shared/currency';
import { sameSitePath } from '#shared/same-site-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** The currency the visitor sees approximate prices in (decision 0048). */
    currency: Currency;
  }
}

/** A path of this site to go back to (see sameSitePath), refused with a message otherwise. */
const backPath = z.string().transform((value, ctx) => {
  const path = sameSitePath(value);
  if (path === null) ctx.addIssue({ code: 'custom', message: 'common.currency.errors.badBack' });
  return path ?? '/';
});

/** GET /currency?code=GBP&back=/path: the Currency control without scripts (a form), and its checks. */
const chooseCurrencyQuery = z.strictObject({
  code: z.enum(CURRENCIES, { message: 'common.currency.errors.unknown' }),
  back: backPath.default('/'),
  lang: z.string().optional(),
});

/**
 * The visitor's currency: the cookie the Currency control sets, else the region of the
 * browser's language (Accept-Language), else KES. Pages are rendered in it.
 */
export const currencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('currency', DEFAULT_CURRENCY);
    app.addHook('onRequest', async (request) => {
      request.currency = pickCurrency({
        cookie: request.cookies?.[CURRENCY_COOKIE],
        acceptLanguage: request.headers['accept-language'],
      });
    });

    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/currency',
        { config: { rateLimit: app.publicReadLimit }, schema: { querystring: chooseCurrencyQuery } },
        async (request, reply) => {
          reply.setCookie(CURRENCY_COOKIE, request.query.code, {
            path: '/',
            maxAge: CURRENCY_COOKIE_MAX_AGE,
            sameSite: 'lax',
            secure: request.protocol === 'https',
          });
          return reply.header('cache-control', 'no-store').redirect(request.query.back, 303);
        },
      );
  },
  { name: 'currency', dependencies: ['@fastify/cookie', 'rate-limit'] },
);

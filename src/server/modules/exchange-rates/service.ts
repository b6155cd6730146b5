import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '#server/db/database';
import type { ExchangeRates } from '#shared/currency';
import { exchangeRatesRepository } from './repository';

export interface ExchangeRatesService {
  /** The rates every public page converts prices with: read once, then kept until a staff change. */
  all(): Promise<ExchangeRates>;
  /** Forgets the rates kept: they were changed, here or on another instance. */
  forget(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    exchangeRates: ExchangeRatesService;
  }
}

/**
 * Every rendered page reads the rates, which change only when an admin saves them (a staff
 * change, which every instance hears of): one read serves every page until then. A read that
 * fails is not kept; one that began before a change answers its own requests only.
 */
export function createExchangeRatesService(db: Queryable): ExchangeRatesService {
  let kept: Promise<ExchangeRates> | undefined;
  return {
    all() {
      if (!kept) {
        const reading = exchangeRatesRepository(db).all();
        kept = reading;
        reading.catch(() => {
          if (kept === reading) kept = undefined;
        });
      }
      return kept;
    },
    forget() {
      kept = undefined;
    },
  };
}

export const exchangeRatesPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createExchangeRatesService(app.db);
    app.publicContent.onChange(() => service.forget());
    app.decorate('exchangeRates', service);
  },
  { name: 'exchange-rates', dependencies: ['app-context', 'public-content'] },
);

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FOREIGN_CURRENCIES } from '#shared/currency';
import { exchangeRatesAnswerSchema, exchangeRatesInputSchema } from '#shared/exchange-rates-schema';
import { exchangeRatesRepository } from './repository';

/** The rates every public page converts prices with, and the admins' form for them. */
export async function exchangeRatesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/exchange-rates',
    { config: { rateLimit: app.publicReadLimit }, schema: { response: { 200: exchangeRatesAnswerSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { rates: await app.exchangeRates.all() };
    },
  );

  api.put(
    '/admin/exchange-rates',
    {
      onRequest: app.requirePermission('manage'),
      schema: { body: exchangeRatesInputSchema, response: { 200: exchangeRatesAnswerSchema } },
    },
    async (request) => {
      const by = request.staffSession?.user.username ?? 'unknown';
      return app.db.transaction(async (tx) => {
        const repository = exchangeRatesRepository(tx);
        const before = await repository.all();
        await repository.replace(request.body, by);
        const after = await repository.all();
        const changes = Object.fromEntries(
          FOREIGN_CURRENCIES.filter((c) => JSON.stringify(before[c]) !== JSON.stringify(after[c])).map((c) => [
            c,
            { from: before[c] ?? null, to: after[c] ?? null },
          ]),
        );
        await request.audit(
          {
            action: 'settings.rates',
            entity: { type: 'settings', id: 'exchange-rates', title: 'Exchange rates' },
            changes,
          },
          tx,
        );
        return { rates: after };
      });
    },
  );
}

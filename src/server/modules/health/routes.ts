import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), status: z.enum(['up', 'down']) }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const up = await app.db.ping().then(
        () => true,
        () => false,
      );
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'unavailable',
        database: { kind: app.db.kind, status: up ? 'up' : 'down' },
      });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse, healthAnswer, ReadyResponse, readyAnswer } from './probe-answers';

/** Probes answer under any load: the overload refusal passes them by (plugins/overload.ts). */
const PROBE = { exemptFromOverload: true } as const;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers, and says whether the database does (from the readiness
  // module's latest check, so it answers at once however busy the database is).
  app.get(
    '/health',
    { config: PROBE, schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const { statusCode, body } = healthAnswer(await app.readiness.check('database'), app.db.kind);
      return reply.status(statusCode).header('cache-control', 'no-store').send(body);
    },
  );

  // Readiness: this instance can serve every request now (a load balancer routes by it);
  // not while it shuts down.
  app.get(
    '/ready',
    { config: PROBE, schema: { response: { 200: ReadyResponse, 503: ReadyResponse } } },
    async (_request, reply) => {
      const [database, uploads] = await Promise.all([app.readiness.check('database'), app.readiness.check('uploads')]);
      const { statusCode, body } = readyAnswer({ database, uploads }, app.storage.kind, app.readiness.draining);
      return reply.status(statusCode).header('cache-control', 'no-store').send(body);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), status: z.enum(['up', 'down']) }),
});

const Check = z.object({ status: z.enum(['ok', 'failing']), problem: z.string().optional() });
const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  /** The parts that fail, by name. */
  failing: z.array(z.enum(['database', 'uploads'])),
  /** uploads.store says where files live: the folder or the S3 bucket. */
  checks: z.object({ database: Check, uploads: Check.extend({ store: z.enum(['disk', 's3']) }) }),
});

/** Probes answer under any load: the overload refusal passes them by (plugins/overload.ts). */
const PROBE = { exemptFromOverload: true } as const;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers, and says whether the database does (from the readiness
  // module's latest check, so it answers at once however busy the database is).
  app.get(
    '/health',
    { config: PROBE, schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const up = (await app.readiness.check('database')).status === 'ok';
      return reply
        .status(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: up ? 'ok' : 'unavailable', database: { kind: app.db.kind, status: up ? 'up' : 'down' } });
    },
  );

  // Readiness: this instance can serve every request now (a load balancer routes by it);
  // not while it shuts down.
  app.get(
    '/ready',
    { config: PROBE, schema: { response: { 200: ReadyResponse, 503: ReadyResponse } } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([app.readiness.check('database'), app.readiness.check('uploads')]);
      const uploads = { ...storage, store: app.storage.kind };
      const failing = (['database', 'uploads'] as const).filter(
        (name) => ({ database, uploads })[name].status !== 'ok',
      );
      const { draining } = app.readiness;
      const status = draining ? 'draining' : failing.length > 0 ? 'unavailable' : 'ready';
      return reply
        .status(status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status, failing, checks: { database, uploads } });
    },
  );
};

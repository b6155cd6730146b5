import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StorageUnavailableError } from '../../storage/object-storage';

const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), status: z.enum(['up', 'down']) }),
});

const Check = z.object({ status: z.enum(['ok', 'failing']), problem: z.string().optional() });
const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** The parts that fail, by name. */
  failing: z.array(z.enum(['database', 'uploads'])),
  /** uploads.store says where files live: the folder or the S3 bucket. */
  checks: z.object({ database: Check, uploads: Check.extend({ store: z.enum(['disk', 's3']) }) }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers (and says whether the database does).
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

  // Readiness: this instance can serve every request now (a load balancer routes by it).
  app.get('/ready', { schema: { response: { 200: ReadyResponse, 503: ReadyResponse } } }, async (request, reply) => {
    const check = (work: Promise<void>) =>
      work.then(
        () => ({ status: 'ok' as const }),
        (error: unknown) => {
          request.log.warn({ err: error }, 'readiness check failed');
          const problem = error instanceof StorageUnavailableError ? error.problem : 'unavailable';
          return { status: 'failing' as const, problem };
        },
      );
    const [database, storage] = await Promise.all([check(app.db.ping()), check(app.storage.checkWritable())]);
    const uploads = { ...storage, store: app.storage.kind };
    const failing = (['database', 'uploads'] as const).filter((name) => ({ database, uploads })[name].status !== 'ok');
    return reply
      .status(failing.length === 0 ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: failing.length === 0 ? 'ready' : 'unavailable', failing, checks: { database, uploads } });
  });
};

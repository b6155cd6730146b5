import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toCsv } from '#server/lib/csv';
import { auditPageSchema, auditQuerySchema } from '#shared/audit';
import { auditRepository } from './repository';

const CSV_HEADER = [
  'at',
  'username',
  'user_id',
  'address',
  'action',
  'entity_type',
  'entity_id',
  'entity_title',
  'changes',
];

/** The audit log for admins (docs/product.md#audit-log): one page at a time, or the whole filter as CSV. */
export async function auditRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = auditRepository(app.db);

  api.get(
    '/admin/audit',
    {
      onRequest: app.requirePermission('manage'),
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return repo.list(request.query);
    },
  );

  api.get(
    '/admin/audit/export',
    { onRequest: app.requirePermission('manage'), schema: { querystring: auditQuerySchema } },
    async (request, reply) => {
      const entries = await repo.export(request.query);
      const csv = toCsv(
        CSV_HEADER,
        entries.map((e) => [
          e.at,
          e.actorUsername,
          e.actorId,
          e.address,
          e.action,
          e.entity?.type,
          e.entity?.id,
          e.entity?.title,
          e.changes ? JSON.stringify(e.changes) : '',
        ]),
      );
      const { from, to } = request.query;
      const span = [from, to].filter(Boolean).join('-to-') || new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${span}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

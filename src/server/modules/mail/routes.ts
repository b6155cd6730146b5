import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { outboxMessageDetailSchema, outboxPageSchema, outboxQuerySchema } from '#shared/mail';
import { createMailRepository } from './repository';

const idParams = z.object({ id: z.uuid({ message: 'adminOutbox.errors.notFound' }) });

/** The outbox for admins (docs/product.md#outbox): every message the site sent or will send. */
export async function outboxRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repository = createMailRepository(app.db);
  const manage = app.requirePermission('manage');

  api.get(
    '/admin/mail',
    { onRequest: manage, schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ...(await repository.list(request.query)), delivery: app.config.mail.delivery };
    },
  );

  api.get(
    '/admin/mail/:id',
    { onRequest: manage, schema: { params: idParams, response: { 200: outboxMessageDetailSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const message = await repository.get(request.params.id);
      if (!message) throw new HttpError(404, 'adminOutbox.errors.notFound');
      return message;
    },
  );

  // The HTML part as a page of its own, for the outbox's frame: no script, no forms, its own
  // inline styles (mail readers need them), pictures from anywhere, framed by this site only.
  api.get('/admin/mail/:id/view', { onRequest: manage, schema: { params: idParams } }, async (request, reply) => {
    const message = await repository.get(request.params.id);
    if (!message) throw new HttpError(404, 'adminOutbox.errors.notFound');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'; sandbox",
      )
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .send(message.html);
  });

  api.post('/admin/mail/:id/retry', { onRequest: manage, schema: { params: idParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await repository.retry(request.params.id))) throw new HttpError(409, 'adminOutbox.errors.notFailed');
    return { ok: true };
  });
}

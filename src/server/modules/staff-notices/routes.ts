import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '#server/lib/http-error';
import type { StaffSession } from '#server/modules/auth/sessions';
import { NOTICE_EVENTS_OF_ROLE, staffNoticesSchema, staffNoticesSchemaOut } from '#shared/staff-notices';
import { staffNoticesRepository } from './repository';

const session = (request: FastifyRequest) => request.staffSession as StaffSession;

/**
 * The member's own e-mail notices (docs/product.md#account): an address and the events that
 * e-mail them, among those their role offers (editors: inquiries and reports).
 */
export async function staffNoticeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notices = staffNoticesRepository(app.db);
  const signedIn = app.requirePermission('read');

  api.get(
    '/admin/account/notices',
    { onRequest: signedIn, schema: { response: { 200: staffNoticesSchemaOut } } },
    async (request) => {
      const { user } = session(request);
      const current = await notices.of(user.id);
      if (!current) throw new HttpError(404, 'admin.staff.errors.notFound');
      return { ...current, available: [...NOTICE_EVENTS_OF_ROLE[user.role]] };
    },
  );

  api.put(
    '/admin/account/notices',
    {
      onRequest: signedIn,
      schema: { body: staffNoticesSchema, response: { 200: staffNoticesSchemaOut } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { user } = session(request);
      const body = request.body;
      const available = NOTICE_EVENTS_OF_ROLE[user.role];
      const refused = body.events.find((event) => !available.includes(event));
      if (refused)
        throw new HttpError(400, 'admin.notices.errors.unknownEvent', { events: 'admin.notices.errors.unknownEvent' });
      const events = available.filter((event) => body.events.includes(event));
      await app.db.transaction(async (tx) => {
        const before = await staffNoticesRepository(tx).of(user.id);
        await staffNoticesRepository(tx).save(user.id, body.email, events);
        await request.audit(
          {
            action: 'account.notices',
            entity: { type: 'staff', id: user.id, title: user.username },
            changes: {
              events: { from: before?.events ?? [], to: events },
              email: { from: before?.email ?? '', to: body.email },
            },
          },
          tx,
        );
      });
      return { email: body.email, events, available: [...available] };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error';
import { PUBLIC_FORM_BODY_LIMIT } from '#server/lib/public-forms';
import { changedFields } from '#server/modules/audit/plugin';
import type { StaffSession } from '#server/modules/auth/sessions';
import {
  adminReportQuerySchema,
  listingReportPageSchema,
  listingReportSchema,
  REPORTS_PERMISSION,
  reportStatusChangeSchema,
} from '#shared/listing-report';
import { reportsRepository } from './repository';
import { createReportService, REPORT_RATE_LIMIT } from './service';

const ReportAccepted = z.object({ status: z.literal('received'), message: z.string() });
const listingParams = z.strictObject({ id: z.uuid({ message: 'listings.detail.notFoundTitle' }) });

/** Reports of listings: visitors send them, staff read, resolve and reopen them (docs/product.md#reports). */
export async function reportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reports = reportsRepository(app.db);
  const visitorReports = createReportService(app);

  api.post(
    '/listings/:id/reports',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: REPORT_RATE_LIMIT },
      schema: { params: listingParams, body: listingReportSchema, response: { 201: ReportAccepted } },
    },
    async (request, reply) => {
      await visitorReports.report(request.params.id, request.body, request);
      return reply.status(201).send({ status: 'received', message: request.t('report.sent') });
    },
  );

  api.get(
    '/admin/reports',
    {
      onRequest: app.requirePermission(REPORTS_PERMISSION),
      schema: { querystring: adminReportQuerySchema, response: { 200: listingReportPageSchema } },
    },
    async (request) => reports.page(request.query),
  );

  api.patch(
    '/admin/reports/:id',
    {
      onRequest: app.requirePermission(REPORTS_PERMISSION),
      schema: {
        params: z.strictObject({ id: z.uuid({ message: 'adminReports.notFound' }) }),
        body: reportStatusChangeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status } = request.body;
      const { user } = request.staffSession as StaffSession;
      await app.db.transaction(async (tx) => {
        const before = await reportsRepository(tx).setStatus(id, status, user.id);
        if (!before) throw new HttpError(404, 'adminReports.notFound');
        const changes = changedFields({ status: before.from }, { status });
        if (changes) {
          await request.audit(
            { action: 'report.status', entity: { type: 'report', id, title: before.title }, changes },
            tx,
          );
        }
      });
      return reply.status(204).send(null);
    },
  );
}

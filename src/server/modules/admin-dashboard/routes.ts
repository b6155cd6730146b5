import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv } from '#server/lib/csv';
import { HttpError } from '#server/lib/http-error';
import { changedFields } from '#server/modules/audit/plugin';
import type { StaffSession } from '#server/modules/auth/sessions';
import { leadsRepository, wholeDays } from '#server/modules/leads/service';
import { staffRepository } from '#server/modules/staff/service';
import { adminInquiryQuerySchema, inquiryPageSchema } from '#shared/admin-inquiry-query';
import { analyticsQuerySchema, analyticsSchema, conversionRate, rangeBounds } from '#shared/analytics';
import { dashboardStatsSchema } from '#shared/dashboard-stats';
import { staffSettingsSchema } from '#shared/staff-session';
import { dashboardRepository } from './repository';

const CSV_COLUMNS = [
  'id',
  'category',
  'subcategory',
  'title',
  'price',
  'location',
  'whatsapp_number',
  'is_active',
  'created_at',
] as const;

/** Each listing's leads in the range, after its own columns (docs/product.md#leads). */
const LEAD_CSV_COLUMNS = [
  ['views', 'views'],
  ['whatsapp_taps', 'whatsapp'],
  ['phone_taps', 'phone'],
  ['shares', 'share'],
  ['inquiries', 'inquiries'],
] as const;

/** Dashboard data: stats, analytics, CSV export, inquiries, per-user settings (docs/product.md#dashboard). */
export async function adminDashboardRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = dashboardRepository(app.db);

  api.get(
    '/admin/stats',
    { onRequest: app.requirePermission('manage'), schema: { response: { 200: dashboardStatsSchema } } },
    async () => repo.stats(),
  );

  api.get(
    '/admin/analytics',
    {
      onRequest: app.requirePermission('manage'),
      schema: {
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema },
      },
    },
    async (request) => {
      const { from, to } = rangeBounds(request.query.range);
      const counts = await repo.analytics(from, to);
      return {
        range: request.query.range,
        from: from.toISOString(),
        to: to.toISOString(),
        totalListings: counts.listings,
        totalInquiries: counts.inquiries,
        convertedInquiries: counts.converted,
        conversionRate: conversionRate(counts.converted, counts.inquiries),
      };
    },
  );

  api.get(
    '/admin/analytics/export',
    { onRequest: app.requirePermission('manage'), schema: { querystring: analyticsQuerySchema } },
    async (request, reply) => {
      const { from, to } = rangeBounds(request.query.range);
      const listings = await repo.listingsCreatedBetween(from, to);
      const { first, end } = wholeDays({ from, to });
      const leads = await leadsRepository(app.db).totalsOf(
        listings.map((l) => l.id),
        { from: first, to: end },
      );
      const csv = toCsv(
        [...CSV_COLUMNS, ...LEAD_CSV_COLUMNS.map(([name]) => name)],
        listings.map((l) => {
          const figures = leads[l.id];
          return [...CSV_COLUMNS.map((c) => l[c]), ...LEAD_CSV_COLUMNS.map(([, key]) => figures?.[key] ?? 0)];
        }),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="listings-${request.query.range}-${to.toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  api.get(
    '/admin/inquiries',
    {
      onRequest: app.requirePermission('manage'),
      schema: {
        querystring: adminInquiryQuerySchema,
        response: { 200: inquiryPageSchema },
      },
    },
    async (request) => repo.inquiries(request.query),
  );

  api.patch(
    '/admin/inquiries/:id',
    {
      onRequest: app.requirePermission('manage'),
      schema: {
        params: z.strictObject({ id: z.uuid({ message: 'admin.inquiries.notFound' }) }),
        body: z.strictObject({
          status: z.enum(['read', 'converted'], { message: 'admin.listingForm.errors.invalid' }),
        }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status } = request.body;
      await app.db.transaction(async (tx) => {
        const before = await dashboardRepository(tx).setInquiryStatus(id, status);
        if (!before) throw new HttpError(404, 'admin.inquiries.notFound');
        await request.audit(
          {
            action: 'inquiry.status',
            entity: { type: 'inquiry', id, title: before.subject },
            changes: changedFields({ status: before.from }, { status }),
          },
          tx,
        );
      });
      return reply.status(204).send(null);
    },
  );

  // Each staff member's own settings; any role may change its own.
  api.get(
    '/admin/settings',
    { onRequest: app.requirePermission('read'), schema: { response: { 200: staffSettingsSchema } } },
    async (request) =>
      request.staffSession ? request.staffSession.user.settings : { theme: 'light' as const, notifications: true },
  );

  api.put(
    '/admin/settings',
    {
      onRequest: app.requirePermission('read'),
      schema: { body: staffSettingsSchema, response: { 200: staffSettingsSchema } },
    },
    async (request) => {
      const { user } = request.staffSession as StaffSession;
      return app.db.transaction(async (tx) => {
        const saved = await staffRepository(tx).updateSettings(user.id, request.body);
        const changes = changedFields(user.settings, saved);
        if (changes) {
          await request.audit(
            { action: 'account.settings', entity: { type: 'staff', id: user.id, title: user.username }, changes },
            tx,
          );
        }
        return saved;
      });
    },
  );
}

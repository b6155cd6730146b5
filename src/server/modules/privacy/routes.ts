import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '#shared/i18n';
import {
  dataRequestSchema,
  PERSONAL_DATA_KINDS,
  privacyPolicySchema,
  storedPrivacyPolicySchema,
} from '#shared/privacy';
import { privacyRepository } from './repository';
import { findPersonalData, nairobiDay, privacyPage, readPrivacyPolicy } from './service';

const countsSchema = z.object(Object.fromEntries(PERSONAL_DATA_KINDS.map((kind) => [kind, z.number()])));
const personalDataSchema = z.object({
  email: z.string(),
  collectedAt: z.string(),
  counts: countsSchema,
  records: z.object(
    Object.fromEntries(PERSONAL_DATA_KINDS.map((kind) => [kind, z.array(z.record(z.string(), z.unknown()))])),
  ),
});

/**
 * The privacy page (docs/product.md#privacy): its text for visitors and admins, and the
 * privacy requests admins answer for one e-mail address (find, export, delete; the last two
 * in the audit log, which names the address and the counts, never the data).
 */
export async function privacyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admins = app.requirePermission('manage');

  api.get(
    '/privacy-policy',
    {
      schema: {
        querystring: z.object({ lang: z.enum(LOCALES).catch('en').default('en') }),
        response: { 200: z.object({ language: z.enum(LOCALES), html: z.string(), updatedOn: z.string() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return privacyPage(app, request.query.lang);
    },
  );

  api.get(
    '/admin/privacy-policy',
    { onRequest: admins, schema: { response: { 200: storedPrivacyPolicySchema } } },
    async () => readPrivacyPolicy(app.db),
  );

  api.put(
    '/admin/privacy-policy',
    {
      onRequest: admins,
      schema: { body: privacyPolicySchema, response: { 200: storedPrivacyPolicySchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { text } = request.body;
      const updatedOn = nairobiDay(new Date());
      await app.db.transaction(async (tx) => {
        await privacyRepository(tx).writePolicy(text, updatedOn);
        await request.audit(
          {
            action: 'site-settings.update',
            entity: { type: 'settings', id: 'privacy', title: 'Privacy page' },
            changes: { updatedOn },
          },
          tx,
        );
      });
      return { text, updatedOn, isDefault: false };
    },
  );

  const requestBody = { body: dataRequestSchema };

  api.post(
    '/admin/privacy-requests/find',
    { onRequest: admins, schema: { ...requestBody, response: { 200: personalDataSchema } } },
    async (request) => {
      const { email } = request.body;
      return findPersonalData(app.db, email);
    },
  );

  api.post(
    '/admin/privacy-requests/export',
    { onRequest: admins, schema: { ...requestBody, response: { 200: personalDataSchema } } },
    async (request, reply) => {
      const { email } = request.body;
      const data = await app.db.transaction(async (tx) => {
        const found = await findPersonalData(tx, email);
        await request.audit(
          { action: 'privacy.export', entity: { type: 'person', id: email, title: email }, changes: found.counts },
          tx,
        );
        return found;
      });
      const day = nairobiDay(new Date());
      reply
        .header('content-disposition', `attachment; filename="personal-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  api.post(
    '/admin/privacy-requests/delete',
    {
      onRequest: admins,
      schema: { ...requestBody, response: { 200: z.object({ email: z.string(), deleted: countsSchema }) } },
    },
    async (request) => {
      const { email } = request.body;
      const deleted = await app.db.transaction(async (tx) => {
        const removed = await privacyRepository(tx).deleteAll(email);
        await request.audit(
          { action: 'privacy.delete', entity: { type: 'person', id: email, title: email }, changes: removed },
          tx,
        );
        return removed;
      });
      request.log.info({ deleted }, 'personal data deleted on request');
      return { email, deleted };
    },
  );
}

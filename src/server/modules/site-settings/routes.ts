import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changedFields } from '#server/modules/audit/plugin';
import type { FieldChange } from '#shared/audit';
import {
  adminSiteSettingsAnswerSchema,
  siteSettingsAnswerSchema,
  siteSettingsSchema,
} from '#shared/site-settings-schema';

const storedSchema = z.object({ settings: adminSiteSettingsAnswerSchema, updatedAt: z.string().nullable() });

/**
 * The site settings: the public ones read by every page (server rendering and the app), all of
 * them read and changed by admins.
 */
export async function siteSettingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/site-settings', { schema: { response: { 200: siteSettingsAnswerSchema } } }, async (_request, reply) => {
    // Pages read them fresh: a change shows on the next page anyone opens.
    reply.header('cache-control', 'no-cache');
    return (await app.siteSettings.get()).settings;
  });

  api.get(
    '/admin/site-settings',
    { onRequest: app.requirePermission('manage'), schema: { response: { 200: storedSchema } } },
    async () => app.siteSettings.getAll(),
  );

  api.put(
    '/admin/site-settings',
    {
      onRequest: app.requirePermission('manage'),
      schema: { body: siteSettingsSchema, response: { 200: storedSchema } },
    },
    async (request) => {
      const { before, after } = await app.siteSettings.save(request.body, ({ before, after }, tx) =>
        request.audit(
          {
            action: 'site-settings.update',
            entity: { type: 'settings', id: 'site', title: 'Site settings' },
            changes: changedSettings(before.settings, after.settings),
          },
          tx,
        ),
      );
      request.log.info(
        {
          changed: Object.keys(changedSettings(before.settings, after.settings) ?? {}),
          by: request.staffSession?.user.username,
        },
        'site settings saved',
      );
      return after;
    },
  );
}

/** A settings document as dotted names and plain values: { phone, 'social.facebook', ... }. */
function flatten(settings: object, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      Object.assign(flat, flatten(value, `${prefix}${key}.`));
    } else {
      flat[`${prefix}${key}`] = value;
    }
  }
  return flat;
}

/** The settings that differ, by dotted name ('phone', 'social.facebook'), before → after; null when none. */
export function changedSettings(before: object, after: object): Record<string, FieldChange> | null {
  return changedFields(flatten(before), flatten(after));
}

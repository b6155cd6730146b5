import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteSettingsAnswerSchema, siteSettingsSchema } from '../../../shared/site-settings-schema';

const storedSchema = z.object({ settings: siteSettingsAnswerSchema, updatedAt: z.string().nullable() });

/** The site settings: read by every page (server rendering and the app), changed by admins. */
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
    async () => app.siteSettings.get(),
  );

  api.put(
    '/admin/site-settings',
    {
      onRequest: app.requirePermission('manage'),
      schema: { body: siteSettingsSchema, response: { 200: storedSchema } },
    },
    async (request) => {
      const { before, after } = await app.siteSettings.save(request.body);
      request.log.info(
        { changed: changedSettings(before.settings, after.settings), by: request.staffSession?.user.username },
        'site settings saved',
      );
      return after;
    },
  );
}

/** The dotted names of the settings that differ ('phone', 'social.facebook'). */
export function changedSettings(before: object, after: object, prefix = ''): string[] {
  const names: string[] = [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const left = a[key];
    const right = b[key];
    if (typeof left === 'object' && left !== null && typeof right === 'object' && right !== null) {
      names.push(...changedSettings(left, right, `${prefix}${key}.`));
    } else if (left !== right) {
      names.push(`${prefix}${key}`);
    }
  }
  return names;
}

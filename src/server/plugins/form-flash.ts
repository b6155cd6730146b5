import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FormFlash, PageForms } from '#shared/page-forms';

/**
 * The forms' route actions answer a form posted without script with a redirect
 * (post/redirect/get); what the page it leads to must show (the form's success, or the
 * newsletter's address and message) rides along in a short-lived cookie that the public
 * layout's loader reads once. The contact form's values may be too long for a cookie: its
 * action answers an invalid one with its page at once.
 */
const cookieName = (secure: boolean) => (secure ? '__Host-sdh_form' : 'sdh_form');
const FLASH_SECONDS = 60;

// Read back from the visitor's cookie: only the shapes the server writes, messages from a fixed set.
const flashSchema = z.strictObject({
  contact: z.strictObject({ sent: z.literal(true) }).optional(),
  sell: z.strictObject({ sent: z.literal(true) }).optional(),
  sellEdit: z.strictObject({ sent: z.literal(true) }).optional(),
  newsletter: z
    .union([
      z.strictObject({ subscribed: z.literal(true) }),
      z.strictObject({
        email: z.string().max(254),
        error: z.enum(['newsletter.errors.emailRequired', 'newsletter.errors.emailInvalid']),
      }),
      z.strictObject({ email: z.string().max(254), waitSeconds: z.number().int().min(1).max(3600) }),
    ])
    .optional(),
  alert: z
    .union([
      z.strictObject({ sent: z.literal(true) }),
      z.strictObject({
        email: z.string().max(254),
        frequency: z.enum(['daily', 'instant']),
        error: z.enum([
          'alerts.errors.emailRequired',
          'alerts.errors.emailInvalid',
          'alerts.errors.searchInvalid',
          'alerts.errors.frequencyInvalid',
        ]),
      }),
      z.strictObject({
        email: z.string().max(254),
        frequency: z.enum(['daily', 'instant']),
        waitSeconds: z.number().int().min(1).max(3600),
      }),
    ])
    .optional(),
});

const options = (reply: FastifyReply) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: reply.server.config.isProduction,
  path: '/',
});

/** The flash of one request, as the routes' actions and loaders use it (src/shared/page-forms.ts). */
export function formFlash(reply: FastifyReply): FormFlash {
  return { set: (forms) => setFormFlash(reply, forms), take: () => takeFormFlash(reply) ?? {} };
}

function setFormFlash(reply: FastifyReply, forms: PageForms): void {
  const secure = reply.server.config.isProduction;
  reply.setCookie(cookieName(secure), JSON.stringify(forms), { ...options(reply), maxAge: FLASH_SECONDS });
}

/** The flash left for this page, if any; it is spent at once. */
function takeFormFlash(reply: FastifyReply): PageForms | undefined {
  const name = cookieName(reply.server.config.isProduction);
  const raw = reply.request.cookies[name];
  if (raw === undefined) return undefined;
  reply.clearCookie(name, options(reply));
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as PageForms) : undefined;
  } catch {
    return undefined;
  }
}

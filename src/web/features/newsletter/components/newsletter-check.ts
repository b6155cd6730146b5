import '#web/lib/zod-csp';
import { newsletterSchema } from '#shared/newsletter-schema';

/** The shared rule, loaded when the visitor first sends the form (zod stays out of every page). */
export function checkNewsletter(fields: { email: string; website: string }) {
  const checked = newsletterSchema.safeParse(fields);
  if (checked.success) return { values: checked.data, error: undefined };
  const issue = checked.error.issues.find((i) => i.path[0] === 'email') ?? checked.error.issues[0];
  return { values: undefined, error: issue?.message ?? 'newsletter.errors.emailInvalid' };
}

import type { z } from 'zod';
import { HttpError } from '../plugins/error-handler';

/**
 * Checks a value against a shared schema whose refinements are asynchronous (the password
 * strength check), after the route's own schema has checked its shape: a 400 naming each
 * bad field, as the route schema's answers do.
 */
export async function parseAsyncOr400<S extends z.ZodType>(schema: S, value: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'common.errors.invalidFields', fields);
}

import { z } from 'zod';

/** A form's own check on top of a shared password schema: the new password typed twice alike (`repeat`). */
export function withRepeatedPassword<S extends z.ZodType<Record<string, unknown>>>(schema: S, field: string) {
  return schema.and(z.object({ repeat: z.string() })).superRefine((value, ctx) => {
    if (String(value[field] ?? '').trim() !== value.repeat.trim()) {
      ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'admin.setPassword.errors.mismatch' });
    }
  });
}

import { z } from 'zod';
import { singleLine } from './text-rules';

/**
 * The rule for every new staff password (docs/product.md#staff-accounts): at least 12
 * characters and hard to guess (zxcvbn score 3 of 4 or more). Passwords already stored keep
 * working; sign-in only checks them. Trimmed, as sign-in trims what it checks.
 */
export const NEW_PASSWORD_RULES = { min: 12, max: 256, minScore: 3 } as const;

const E = 'admin.password.errors';

/** A new password's length and characters (synchronous: the request's shape). */
export const newPasswordSchema = singleLine(
  z
    .string({ message: `${E}.required` })
    .trim()
    .min(NEW_PASSWORD_RULES.min, `${E}.tooShort`)
    .max(NEW_PASSWORD_RULES.max, `${E}.tooLong`),
);

/**
 * Null when the password is hard enough to guess, else the message. Loads the strength
 * estimator on first use (a lazy chunk in the browser).
 */
export async function weakPasswordProblem(password: string, userInputs: string[] = []) {
  const { passwordScore } = await import('./password-strength');
  return (await passwordScore(password, userInputs)) < NEW_PASSWORD_RULES.minScore ? (`${E}.tooEasy` as const) : null;
}

/**
 * The strength check as a refinement of a form schema, on `field`, with the words the
 * person is known by (`inputsOf`). Asynchronous: forms and the server use `parseAsync`.
 */
export function strongPassword<T>(field: keyof T & string, inputsOf: (value: T) => (string | null | undefined)[]) {
  return async (value: T, ctx: z.RefinementCtx) => {
    const password = value[field];
    if (typeof password !== 'string' || password === '') return;
    const inputs = inputsOf(value).filter((word): word is string => Boolean(word));
    const problem = await weakPasswordProblem(password, inputs);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  };
}

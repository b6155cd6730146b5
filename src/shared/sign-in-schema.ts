import { z } from 'zod';
import { singleLine } from './text-rules';
import { normaliseUsername } from './username';

/** Spec §9: username at least 3, password at least 6 characters, after trimming. */
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
export const USERNAME_MAX = 64;
export const PASSWORD_MAX = 256;

/** Six digits or a recovery code, as typed (spaces and dashes are dropped when read). */
export const twoFactorCodeField = singleLine(
  z
    .string({ message: 'admin.twoFactor.errors.codeRequired' })
    .trim()
    .min(1, 'admin.twoFactor.errors.codeRequired')
    .max(20, 'admin.twoFactor.errors.codeFormat'),
);
/** POST /api/auth/sign-in/code: the code that completes a sign-in whose password was right. */
export const signInCodeBodySchema = z.strictObject({ code: twoFactorCodeField });
export type SignInCodeBody = z.infer<typeof signInCodeBodySchema>;

/** The body shape the sign-in endpoint accepts; the spec's rules are in signInProblem. */
export const signInBodySchema = z.strictObject({
  username: singleLine(z.string().max(USERNAME_MAX, 'admin.signIn.errors.tooLong')),
  password: singleLine(z.string().max(PASSWORD_MAX, 'admin.signIn.errors.tooLong')),
  /** A two-factor code sent with the password: the way past a locked account (docs/product.md#two-factor-sign-in). */
  code: twoFactorCodeField.optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/**
 * Spec §5, in order: any field empty, then the username length, then the password
 * length. Returns the catalog key of the one message to show, or null when fine.
 */
export function signInProblem(input: { username: string; password: string }) {
  const username = input.username.trim();
  const password = input.password.trim();
  if (!username || !password) return 'admin.signIn.errors.fillAllFields' as const;
  if (username.length < USERNAME_MIN) return 'admin.signIn.errors.usernameTooShort' as const;
  if (password.length < PASSWORD_MIN) return 'admin.signIn.errors.passwordTooShort' as const;
  return null;
}

/**
 * The sign-in form as the browser checks it: the body's limits, then signInProblem's one
 * message on the field it is about (an empty one, or the one too short).
 */
export const signInFormSchema = z.object(signInBodySchema.shape).superRefine((input, ctx) => {
  const problem = signInProblem(input);
  if (!problem) return;
  const onPassword =
    problem === 'admin.signIn.errors.passwordTooShort' ||
    (problem === 'admin.signIn.errors.fillAllFields' && input.username.trim() !== '');
  ctx.addIssue({ code: 'custom', path: [onPassword ? 'password' : 'username'], message: problem });
});

/**
 * Both sides trim before use (spec §5: values are trimmed); the username takes its one form,
 * null when it cannot be a username at all.
 */
export function normaliseSignIn(input: SignInBody): { username: string | null; password: string } {
  return { username: normaliseUsername(input.username), password: input.password.trim() };
}

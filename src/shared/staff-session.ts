import { z } from 'zod';
import { PERMISSIONS, ROLES } from './permissions';

export const THEMES = ['light', 'dark'] as const;

export const staffSettingsSchema = z.strictObject({
  theme: z.enum(THEMES, { message: 'admin.listingForm.errors.invalid' }),
  notifications: z.boolean({ message: 'admin.listingForm.errors.mustBeBoolean' }),
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

/** What the browser learns about the signed-in staff member (never a hash or a token). */
export const staffSessionSchema = z.object({
  user: z.object({
    username: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    permissions: z.array(z.enum(PERMISSIONS)),
    settings: staffSettingsSchema,
  }),
  session: z.object({ createdAt: z.string(), expiresAt: z.string() }),
  /** Failed sign-ins on the account since its owner last signed in, until dismissed. */
  notice: z.object({ failedAttempts: z.number().int(), lastAt: z.string(), lastAddress: z.string() }).nullable(),
  /** Two-factor sign-in: on or not, and whether it must be set up before anything else (REQUIRE_ADMIN_2FA). */
  twoFactor: z.object({ enabled: z.boolean(), setupRequired: z.boolean() }),
});
export type StaffSessionInfo = z.infer<typeof staffSessionSchema>;

/** Not being signed in is an answer, not an error (no 401 noise in the console). */
export const signedOutSchema = z.object({ user: z.null(), expired: z.boolean() });
/** The password was right; the account's two-factor code completes the sign-in (POST /api/auth/sign-in/code). */
export const codeRequiredSchema = z.object({ codeRequired: z.literal(true) });
export const signInAnswerSchema = z.union([staffSessionSchema, codeRequiredSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const sessionAnswerSchema = z.union([staffSessionSchema, signedOutSchema]);
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const demoCredentialsSchema = z.union([
  z.object({ enabled: z.literal(true), username: z.string(), password: z.string() }),
  z.object({ enabled: z.literal(false) }),
]);
export type DemoCredentials = z.infer<typeof demoCredentialsSchema>;

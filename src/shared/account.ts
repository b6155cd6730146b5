import { z } from 'zod';
import { twoFactorCodeField } from './sign-in-schema';

/** GET /api/admin/account/two-factor: whether it is on, and how many recovery codes are left. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/admin/account/two-factor/setup: what the authenticator app needs (the secret is shown as text too). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/admin/account/two-factor/confirm: the first code from the app turns it on. */
export const confirmTwoFactorBodySchema = z.strictObject({
  code: twoFactorCodeField.refine(
    (code) => /^\d{6}$/.test(code.replace(/\s/g, '')),
    'admin.twoFactor.errors.sixDigits',
  ),
});
export type ConfirmTwoFactorBody = z.infer<typeof confirmTwoFactorBodySchema>;
/** The ten recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

const ownPassword = z
  .string({ message: 'admin.account.errors.currentRequired' })
  .min(1, 'admin.account.errors.currentRequired')
  .max(256, 'admin.signIn.errors.tooLong');

/** POST /api/admin/account/two-factor/setup: starting the set-up takes the password (a session alone does not). */
export const startTwoFactorBodySchema = z.strictObject({ password: ownPassword });
export type StartTwoFactorBody = z.infer<typeof startTwoFactorBodySchema>;

/** POST /api/admin/account/two-factor/disable: turning it off takes the password and a code. */
export const disableTwoFactorBodySchema = z.strictObject({ password: ownPassword, code: twoFactorCodeField });
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;

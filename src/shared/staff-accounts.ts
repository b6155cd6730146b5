import { z } from 'zod';
import { newPasswordSchema, strongPassword } from './new-password';
import { ROLES } from './permissions';
import { twoFactorCodeField } from './sign-in-schema';
import { singleLine } from './text-rules';
import { normaliseUsername, USERNAME_RULES } from './username';

/** A one-time link to choose a password works this long (docs/product.md#staff-accounts). */
export const PASSWORD_LINK_HOURS = 72;
export const DISPLAY_NAME_MAX = 100;

const E = 'admin.staff.errors';

const usernameField = z
  .string({ message: `${E}.username` })
  .max(USERNAME_RULES.max * 2, `${E}.username`)
  .transform((raw, ctx) => {
    const name = normaliseUsername(raw);
    if (name === null) {
      ctx.addIssue({ code: 'custom', message: `${E}.username` });
      return z.NEVER;
    }
    return name;
  });

const displayName = singleLine(
  z
    .string({ message: `${E}.nameRequired` })
    .trim()
    .min(1, `${E}.nameRequired`)
    .max(DISPLAY_NAME_MAX, `${E}.nameTooLong`),
);

const role = z.enum(ROLES, { message: `${E}.role` });

/**
 * POST /api/admin/staff: a new account with a first password (`setup: 'password'`), or
 * none yet and a one-time link for its owner to choose one (`setup: 'link'`).
 */
export const createStaffBodySchema = z
  .strictObject({
    username: usernameField,
    name: displayName,
    role,
    setup: z.enum(['password', 'link'], { message: `${E}.setup` }),
    password: newPasswordSchema.optional(),
  })
  .refine((body) => body.setup !== 'password' || body.password !== undefined, {
    path: ['password'],
    message: 'admin.password.errors.required',
  });
/** The same, with the strength check (browser form and server handler, with parseAsync). */
export const createStaffFormSchema = createStaffBodySchema.superRefine(
  strongPassword('password', (body) => [body.username, body.name]),
);
export type CreateStaffBody = z.input<typeof createStaffBodySchema>;

/** PATCH /api/admin/staff/{id}: a new role, or disabled / enabled. */
export const updateStaffBodySchema = z
  .strictObject({ role: role.optional(), is_disabled: z.boolean({ message: `${E}.status` }).optional() })
  .refine((body) => body.role !== undefined || body.is_disabled !== undefined, {
    path: ['role'],
    message: `${E}.nothingToChange`,
  });
export type UpdateStaffBody = z.input<typeof updateStaffBodySchema>;

export const staffIdParams = z.strictObject({ id: z.uuid({ message: `${E}.notFound` }) });

/** A member of staff as the Staff screen lists them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  twoFactor: z.boolean(),
  /** Until when two-factor sign-in is locked after too many wrong codes; null when it is not. */
  twoFactorLockedUntil: z.string().nullable(),
  lastSignedInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A one-time link, shown once to the admin who made it. */
export const passwordLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

export const createStaffAnswerSchema = z.object({ member: staffMemberSchema, link: passwordLinkSchema.nullable() });
export type CreateStaffAnswer = z.infer<typeof createStaffAnswerSchema>;

const currentPassword = z
  .string({ message: 'admin.account.errors.currentRequired' })
  .max(256, 'admin.signIn.errors.tooLong')
  .min(1, 'admin.account.errors.currentRequired');

/**
 * PUT /api/admin/account/password: the member's own new password, with the current one and,
 * when their two-factor sign-in is on, a code (the server asks for it then).
 */
export const changePasswordBodySchema = z.strictObject({
  currentPassword,
  newPassword: newPasswordSchema,
  code: twoFactorCodeField.optional(),
});
export const changePasswordFormSchema = changePasswordBodySchema
  .superRefine((body, ctx) => {
    if (body.newPassword.trim() === body.currentPassword.trim()) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'admin.account.errors.samePassword' });
    }
  })
  .superRefine(strongPassword('newPassword', () => []));
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** A one-time link's token: 32 random bytes, base64url. */
const token = z
  .string({ message: 'admin.setPassword.errors.invalidLink' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'admin.setPassword.errors.invalidLink');

export const passwordLinkQuerySchema = z.strictObject({ token });
/** POST /api/auth/set-password: the password chosen through a one-time link. */
export const setPasswordBodySchema = z.strictObject({ token, password: newPasswordSchema });
export const setPasswordFormSchema = setPasswordBodySchema.superRefine(strongPassword('password', () => []));
export type SetPasswordBody = z.input<typeof setPasswordBodySchema>;

import '../../../lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { MessageKey } from '../../../../shared/i18n';
import { NEW_PASSWORD_RULES } from '../../../../shared/new-password';
import { type ChangePasswordBody, changePasswordFormSchema } from '../../../../shared/staff-accounts';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASS, Field } from '../../../components/ui/field';
import { useT } from '../../../i18n/locale-provider';
import { useChangePassword } from '../api/change-password';
import { useSession } from '../api/get-session';
import { showFieldErrors } from '../lib/field-errors';
import type { SectionProps } from '../section';
import { ErrorBanner } from './error-banner';
import { TwoFactorPanel } from './two-factor-panel';

const PANEL = 'max-w-xl space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800';

/** The form's own check on top of the shared schema: the new password typed twice alike. */
const formSchema = changePasswordFormSchema.and(z.object({ repeat: z.string() })).superRefine((value, ctx) => {
  if (value.newPassword.trim() !== value.repeat.trim()) {
    ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'admin.setPassword.errors.mismatch' });
  }
});
type PasswordFields = ChangePasswordBody & { repeat: string };

/** /admin/account (docs/product.md#account): the member's own password and two-factor sign-in. */
export function AccountSection({ user }: SectionProps) {
  const t = useT();
  const session = useSession();
  const setupRequired = session.data?.signedIn ? session.data.info.twoFactor.setupRequired : false;
  return (
    <div className="space-y-6">
      <section aria-labelledby="account-title" className={PANEL}>
        <h2 id="account-title" className="text-lg font-semibold">
          {t('admin.account.title')}
        </h2>
        <p className="text-sm">
          {t('admin.account.signedInAs', { username: user.username, role: t(`admin.roles.${user.role}`) })}
        </p>
      </section>
      {setupRequired && (
        <p role="status" className="max-w-xl rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950">
          {t('admin.twoFactor.requiredNotice')}
        </p>
      )}
      <TwoFactorPanel className={PANEL} />
      {!setupRequired && <ChangePasswordPanel />}
    </div>
  );
}

function ChangePasswordPanel() {
  const t = useT();
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useForm<PasswordFields>({
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
    resolver: zodResolver(formSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const error = (message: string | undefined) => (message ? t(message as MessageKey) : undefined);
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setDone(false);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      setDone(true);
    } catch (thrown) {
      showFieldErrors(form, thrown);
    }
  });
  const busy = isSubmitting || change.isPending;
  return (
    <section aria-labelledby="password-title" className={PANEL}>
      <h2 id="password-title" className="text-lg font-semibold">
        {t('admin.account.passwordTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {errors.root?.message && <ErrorBanner message={errors.root.message} />}
        <fieldset disabled={busy} className="space-y-4">
          <Field id="account-current" label={t('admin.account.current')} error={error(errors.currentPassword?.message)}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="current-password"
                className={CONTROL_CLASS}
                {...form.register('currentPassword')}
              />
            )}
          </Field>
          <Field
            id="account-new"
            label={t('admin.account.newPassword')}
            hint={t('admin.password.rule')}
            error={error(errors.newPassword?.message)}
          >
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="new-password"
                minLength={NEW_PASSWORD_RULES.min}
                className={CONTROL_CLASS}
                {...form.register('newPassword')}
              />
            )}
          </Field>
          <Field id="account-repeat" label={t('admin.account.repeat')} error={error(errors.repeat?.message)}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="new-password"
                className={CONTROL_CLASS}
                {...form.register('repeat')}
              />
            )}
          </Field>
        </fieldset>
        <Button type="submit" loading={busy} loadingText={t('admin.account.saving')}>
          {t('admin.account.save')}
        </Button>
        <p role="status" className="min-h-5 text-sm text-green-800 dark:text-green-300">
          {done ? t('admin.account.passwordChanged') : ''}
        </p>
      </form>
    </section>
  );
}

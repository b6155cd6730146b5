import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ChangePasswordBody, changePasswordFormSchema } from '#shared/staff-accounts';
import { NOTICE_EVENTS_OF_ROLE } from '#shared/staff-notices';
import { Button } from '#web/components/ui/button';
import { useChangePassword } from '#web/features/admin/api/change-password';
import { useSession } from '#web/features/admin/api/get-session';
import { useTwoFactor } from '#web/features/admin/api/get-two-factor';
import { submitHandler } from '#web/features/admin/lib/field-errors';
import { withRepeatedPassword } from '#web/features/admin/lib/repeated-password';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { CodeField } from './code-field';
import { ErrorBanner } from './error-banner';
import { NoticesPanel } from './notices-panel';
import { PasswordField } from './password-field';
import { TwoFactorPanel } from './two-factor-panel';

const PANEL = 'max-w-xl space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800';

const formSchema = withRepeatedPassword(changePasswordFormSchema, 'newPassword');
type PasswordFields = ChangePasswordBody & { repeat: string };

/** /admin/account (docs/product.md#account): the member's own password, two-factor sign-in and e-mail notices. */
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
      {!setupRequired && NOTICE_EVENTS_OF_ROLE[user.role].length > 0 && <NoticesPanel className={PANEL} />}
    </div>
  );
}

function ChangePasswordPanel() {
  const t = useT();
  const change = useChangePassword();
  // With two-factor sign-in on, the change takes a code as well (the server asks for it).
  const twoFactorOn = useTwoFactor().data?.enabled === true;
  const [done, setDone] = useState(false);
  const form = useForm<PasswordFields>({
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
    resolver: zodResolver(formSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = submitHandler(form, async ({ currentPassword, newPassword, code }) => {
    setDone(false);
    await change.mutateAsync({ currentPassword, newPassword, ...(twoFactorOn ? { code } : {}) });
    form.reset();
    setDone(true);
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
          <PasswordField
            id="account-current"
            label={t('admin.account.current')}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            registration={form.register('currentPassword')}
          />
          {twoFactorOn && (
            <CodeField
              id="account-code"
              label={t('admin.account.code')}
              error={errors.code?.message}
              registration={form.register('code')}
            />
          )}
          <PasswordField
            id="account-new"
            label={t('admin.account.newPassword')}
            hint={t('admin.password.rule')}
            autoComplete="new-password"
            error={errors.newPassword?.message}
            registration={form.register('newPassword')}
          />
          <PasswordField
            id="account-repeat"
            label={t('admin.account.repeat')}
            autoComplete="new-password"
            error={errors.repeat?.message}
            registration={form.register('repeat')}
          />
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

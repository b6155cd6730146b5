import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { MessageKey } from '#shared/i18n';
import { setPasswordFormSchema } from '#shared/staff-accounts';
import { Button } from '#web/components/ui/button';
import { usePasswordLink } from '#web/features/admin/api/get-password-link';
import { useSetPassword } from '#web/features/admin/api/set-password';
import { submitHandler } from '#web/features/admin/lib/field-errors';
import { withRepeatedPassword } from '#web/features/admin/lib/repeated-password';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { PasswordField } from './password-field';

const formSchema = withRepeatedPassword(setPasswordFormSchema, 'password');
type Fields = z.input<typeof formSchema>;

/**
 * /admin/set-password?token=… (docs/product.md#staff-accounts): the page a one-time link
 * opens, where a member of staff chooses their password. Nobody is signed in here.
 */
export function SetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = usePasswordLink(token);
  const save = useSetPassword();
  const form = useForm<Fields>({
    defaultValues: { token, password: '', repeat: '' },
    resolver: zodResolver(formSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const error = (message: string | undefined) => (message ? t(message as MessageKey) : undefined);
  const onSubmit = submitHandler(form, async ({ password }) => {
    await save.mutateAsync({ token, password });
  });
  const busy = isSubmitting || save.isPending;

  const content = () => {
    if (save.isSuccess) {
      return (
        <>
          <p role="status" className="text-green-800">
            {t('admin.setPassword.done')}
          </p>
          <Link to="/admin" className="inline-block min-h-11 py-2 font-semibold text-brand-700 underline">
            {t('admin.setPassword.signIn')}
          </Link>
        </>
      );
    }
    if (link.isPending && token) return <p role="status">{t('admin.setPassword.loading')}</p>;
    if (!link.data) return <ErrorBanner message={t('admin.setPassword.errors.invalidLink')} />;
    return (
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p>{t('admin.setPassword.for', { username: link.data.username })}</p>
        {(errors.root?.message || errors.token?.message) && (
          <ErrorBanner message={errors.root?.message ?? error(errors.token?.message) ?? ''} />
        )}
        {/* Lets a password manager store the new password under the right name. */}
        <input type="hidden" autoComplete="username" value={link.data.username} readOnly />
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField
            id="set-password"
            label={t('admin.setPassword.password')}
            hint={t('admin.password.rule')}
            autoComplete="new-password"
            error={errors.password?.message}
            registration={form.register('password')}
          />
          <PasswordField
            id="set-password-repeat"
            label={t('admin.setPassword.repeat')}
            autoComplete="new-password"
            error={errors.repeat?.message}
            registration={form.register('repeat')}
          />
        </fieldset>
        <Button type="submit" className="w-full" loading={busy} loadingText={t('admin.setPassword.saving')}>
          {t('admin.setPassword.submit')}
        </Button>
      </form>
    );
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-slate-900 p-4">
      <div className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8">
        <h1 className="text-2xl font-bold">{t('admin.setPassword.title')}</h1>
        {content()}
      </div>
    </main>
  );
}

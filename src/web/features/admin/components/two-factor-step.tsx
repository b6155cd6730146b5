import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MessageKey } from '#shared/i18n';
import { type SignInCodeBody, signInCodeBodySchema } from '#shared/sign-in-schema';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useSignInWithCode } from '#web/features/admin/api/sign-in-code';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';

/**
 * The second step of a sign-in whose password was right (docs/product.md#two-factor-sign-in):
 * the six-digit code from the authenticator app, or a recovery code. "Back" starts over.
 */
export function TwoFactorStep({ onBack }: { onBack: (message: string | null) => void }) {
  const t = useT();
  const verify = useSignInWithCode();
  const form = useForm<SignInCodeBody>({ defaultValues: { code: '' }, resolver: zodResolver(signInCodeBodySchema) });
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = form.formState.errors.code?.message;
  const error = invalid ? t(invalid as MessageKey) : failure;
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await verify.mutateAsync({ code });
    } catch (thrown) {
      const message =
        thrown instanceof ApiError && thrown.status < 500 ? thrown.message : t('admin.signIn.errors.loginFailed');
      // A pending sign-in that ran out: back to the password.
      if (thrown instanceof ApiError && thrown.status === 401 && /too long/.test(thrown.message))
        return onBack(message);
      setFailure(message);
      form.setValue('code', '');
      setFocus('code');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('admin.twoFactor.signInTitle')}</h2>
      <p className="text-sm text-slate-700">{t('admin.twoFactor.signInText')}</p>
      {error && (
        <div
          id="two-factor-error"
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
        >
          {error}
        </div>
      )}
      <Field
        id="two-factor-code"
        label={t('admin.twoFactor.signInCode')}
        error={invalid}
        errorShownIn="two-factor-error"
      >
        {(control) => (
          <input
            {...control}
            autoComplete="one-time-code"
            inputMode="text"
            disabled={verify.isPending}
            className={CONTROL_CLASS}
            {...form.register('code', { onChange: () => setFailure(null) })}
          />
        )}
      </Field>
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => onBack(null)} disabled={verify.isPending}>
          {t('admin.twoFactor.signInBack')}
        </Button>
        <Button
          type="submit"
          className="flex-1"
          loading={verify.isPending}
          loadingText={t('admin.twoFactor.signInVerifying')}
        >
          {t('admin.twoFactor.signInSubmit')}
        </Button>
      </div>
    </form>
  );
}

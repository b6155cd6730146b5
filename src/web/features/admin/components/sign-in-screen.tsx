import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { MessageKey } from '#shared/i18n';
import { signInFormSchema } from '#shared/sign-in-schema';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useDemoCredentials } from '#web/features/admin/api/get-demo-credentials';
import { useSignIn } from '#web/features/admin/api/sign-in';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';
import { TwoFactorStep } from './two-factor-step';

const REMEMBER_KEY = 'sdh.admin.username';
/** docs/product.md#admin-sign-in: focus returns to the password 100 ms after a failed sign-in. */
const REFOCUS_DELAY_MS = 100;
/** The one banner that shows what is wrong, whichever field it is about. */
const ERROR_ID = 'admin-sign-in-error';

interface SignInFields {
  username: string;
  password: string;
  /** Only when the member brings a two-factor code with the password (a locked account). */
  code?: string;
}

function readRemembered(): string {
  try {
    return localStorage.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}

/** docs/product.md#error-messages: the server's message for 400/401/429, the fallbacks otherwise. */
function failureMessage(error: unknown, t: (key: MessageKey) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status >= 500) return t('admin.signIn.errors.loginFailed');
    return error.message || t('admin.signIn.errors.checkCredentials');
  }
  return t('admin.signIn.errors.unexpected');
}

export function SignInScreen({ initialError }: { initialError: string | null }) {
  const t = useT();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const demo = useDemoCredentials();
  const [remembered] = useState(readRemembered);
  const form = useForm<SignInFields>({
    defaultValues: { username: remembered, password: '' },
    resolver: zodResolver(signInFormSchema),
    // Editing clears the message instead of re-checking on every key; focus stays where it is.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // Not sent: whether this browser keeps the username for next time.
  const [remember, setRemember] = useState(remembered !== '');
  const [showPassword, setShowPassword] = useState(false);
  const [showDemo, setShowDemo] = useState(false);
  const [failure, setFailure] = useState<string | null>(initialError);
  // The password was right; the account's two-factor code comes next.
  const [codeStep, setCodeStep] = useState(false);
  // Throttled: a two-factor code sent with the password is the way past the lock.
  const [locked, setLocked] = useState(false);
  const [withCode, setWithCode] = useState(false);
  const busy = useRef(false);
  const { errors } = form.formState;
  const invalid = errors.username?.message ?? errors.password?.message ?? errors.code?.message;
  const error = invalid ? t(invalid as MessageKey) : failure;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate('/');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  // With a remembered username, the password is what is left to type.
  const { setFocus } = form;
  useEffect(() => setFocus(remembered ? 'password' : 'username'), [setFocus, remembered]);

  const submitting = signIn.isPending;
  const clearMessages = () => {
    form.clearErrors();
    setFailure(null);
  };

  const onSubmit = form.handleSubmit(async ({ username, password, code }) => {
    // A second submit while one is running is ignored (docs/product.md#admin-sign-in).
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    try {
      const answer = await signIn.mutateAsync({
        username: username.trim(),
        password: password.trim(),
        ...(withCode && code ? { code } : {}),
      });
      if ('codeRequired' in answer) setCodeStep(true);
      try {
        if (remember) localStorage.setItem(REMEMBER_KEY, username.trim());
        else localStorage.removeItem(REMEMBER_KEY);
      } catch {
        // Private mode: nothing to remember with.
      }
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.status === 429) setLocked(true);
      setFailure(failureMessage(thrown, t));
      form.setValue('password', '');
      setTimeout(() => setFocus('password'), REFOCUS_DELAY_MS);
    } finally {
      busy.current = false;
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-slate-900 p-4">
      <div className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => navigate('/')}
          aria-label={t('admin.signIn.close')}
          className="absolute top-3 right-3 text-2xl text-slate-600"
        >
          ×
        </Button>
        <h1 className="text-center text-2xl font-bold text-slate-900">{t('admin.signIn.title')}</h1>
        <p className="mt-1 text-center text-slate-600">{t('admin.signIn.subtitle')}</p>

        {error && (
          <div
            id={ERROR_ID}
            role="alert"
            className="mt-5 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          >
            {error}
          </div>
        )}

        {codeStep ? (
          <TwoFactorStep
            onBack={(message) => {
              setCodeStep(false);
              setFailure(message);
              form.setValue('password', '');
              setTimeout(() => setFocus('password'), REFOCUS_DELAY_MS);
            }}
          />
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <Field
              id="admin-username"
              label={t('admin.signIn.username')}
              error={errors.username?.message}
              errorShownIn={ERROR_ID}
            >
              {(control) => (
                <input
                  {...control}
                  autoComplete="username"
                  disabled={submitting}
                  placeholder={t('admin.signIn.usernamePlaceholder')}
                  className={CONTROL_CLASS}
                  {...form.register('username', { onChange: clearMessages })}
                />
              )}
            </Field>
            <Field
              id="admin-password"
              label={t('admin.signIn.password')}
              error={errors.password?.message}
              errorShownIn={ERROR_ID}
            >
              {(control) => (
                <div className="relative">
                  <input
                    {...control}
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    disabled={submitting}
                    placeholder={t('admin.signIn.passwordPlaceholder')}
                    className={`${CONTROL_CLASS} pr-20`}
                    {...form.register('password', { onChange: clearMessages })}
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword((v) => !v)}
                    disabled={submitting}
                    aria-pressed={showPassword}
                    aria-label={showPassword ? t('admin.signIn.hidePassword') : t('admin.signIn.showPassword')}
                    className="absolute inset-y-0 right-0 min-w-11 px-3 text-sm font-medium text-brand-700"
                  >
                    {showPassword ? '🙈' : '👁'}
                  </button>
                </div>
              )}
            </Field>
            {withCode ? (
              <Field
                id="admin-code"
                label={t('admin.twoFactor.signInCode')}
                error={errors.code?.message}
                errorShownIn={ERROR_ID}
              >
                {(control) => (
                  <input
                    {...control}
                    autoComplete="one-time-code"
                    disabled={submitting}
                    className={CONTROL_CLASS}
                    {...form.register('code', { onChange: clearMessages })}
                  />
                )}
              </Field>
            ) : (
              locked && (
                <div className="text-sm text-slate-700">
                  <p>{t('admin.twoFactor.lockedHint')}</p>
                  <button
                    type="button"
                    onClick={() => setWithCode(true)}
                    className="min-h-11 font-semibold text-brand-700 underline"
                  >
                    {t('admin.twoFactor.useCodeWithPassword')}
                  </button>
                </div>
              )
            )}
            <Checkbox
              label={t('admin.signIn.rememberUsername')}
              checked={remember}
              disabled={submitting}
              onChange={(e) => setRemember(e.target.checked)}
              className="text-slate-800"
            />
            <Button type="submit" className="w-full" loading={submitting} loadingText={t('admin.signIn.submitting')}>
              {t('admin.signIn.submit')}
            </Button>
          </form>
        )}

        {demo.data && !codeStep && (
          <section aria-labelledby="demo-title" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <h2 id="demo-title" className="font-semibold text-amber-900">
              {t('admin.signIn.demoTitle')}
            </h2>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                disabled={submitting}
                onClick={() => {
                  form.setValue('username', demo.data?.username ?? '');
                  form.setValue('password', demo.data?.password ?? '');
                  clearMessages();
                }}
                className="min-h-11 rounded-lg bg-amber-700 px-3 py-2 text-sm font-semibold text-white hover:bg-amber-800 focus-visible:outline-amber-800"
              >
                {t('admin.signIn.demoAutofill')}
              </button>
              <button
                type="button"
                aria-expanded={showDemo}
                onClick={() => setShowDemo((v) => !v)}
                className="min-h-11 rounded-lg border border-amber-700 px-3 py-2 text-sm font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-amber-800"
              >
                {showDemo ? t('admin.signIn.demoHide') : t('admin.signIn.demoShow')}
              </button>
            </div>
            {showDemo && (
              <div className="mt-3 text-sm text-amber-950">
                <p>{t('admin.signIn.demoUsername', { username: demo.data.username })}</p>
                <p>{t('admin.signIn.demoPassword', { password: demo.data.password })}</p>
                <p className="mt-1 italic">{t('admin.signIn.demoNote')}</p>
              </div>
            )}
          </section>
        )}

        <p className="mt-6 text-center text-xs text-slate-600">{t('admin.signIn.footer')}</p>
      </div>
    </main>
  );
}

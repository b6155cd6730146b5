import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MessageKey } from '../../../../shared/i18n';
import { signInProblem } from '../../../../shared/sign-in-schema';
import { useT } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useDemoCredentials } from '../api/get-demo-credentials';
import { useSignIn } from '../api/sign-in';

const REMEMBER_KEY = 'sdh.admin.username';
/** Spec §9: focus returns to the password 100 ms after a failed sign-in. */
const REFOCUS_DELAY_MS = 100;

function readRemembered(): string {
  try {
    return localStorage.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Spec §8: the server's message for 400/401/429, the fallbacks otherwise. */
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
  const [username, setUsername] = useState(readRemembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => readRemembered() !== '');
  const [showPassword, setShowPassword] = useState(false);
  const [showDemo, setShowDemo] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const busy = useRef(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate('/');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  // With a remembered username, the password is what is left to type.
  const focusPasswordFirst = useRef(username !== '');
  useEffect(() => {
    (focusPasswordFirst.current ? passwordRef : usernameRef).current?.focus();
  }, []);

  const submitting = signIn.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A second submit while one is running is ignored (spec §4).
    if (busy.current) return;
    const problem = signInProblem({ username, password });
    if (problem) {
      setError(t(problem));
      return;
    }
    busy.current = true;
    setError(null);
    try {
      await signIn.mutateAsync({ username: username.trim(), password: password.trim() });
      try {
        if (remember) localStorage.setItem(REMEMBER_KEY, username.trim());
        else localStorage.removeItem(REMEMBER_KEY);
      } catch {
        // Private mode: nothing to remember with.
      }
    } catch (failure) {
      setError(failureMessage(failure, t));
      setPassword('');
      setTimeout(() => passwordRef.current?.focus(), REFOCUS_DELAY_MS);
    } finally {
      busy.current = false;
    }
  }

  const inputClass =
    'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 disabled:bg-slate-100';

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 to-slate-900 p-4">
      <div className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <button
          type="button"
          onClick={() => navigate('/')}
          aria-label={t('admin.signIn.close')}
          className="absolute top-3 right-3 min-h-11 min-w-11 rounded-full text-2xl text-slate-600 hover:bg-slate-100"
        >
          ×
        </button>
        <h1 className="text-center text-2xl font-bold text-slate-900">{t('admin.signIn.title')}</h1>
        <p className="mt-1 text-center text-slate-600">{t('admin.signIn.subtitle')}</p>

        {error && (
          <div role="alert" className="mt-5 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </div>
        )}

        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
          <div>
            <label htmlFor="admin-username" className="mb-1 block text-sm font-medium text-slate-800">
              {t('admin.signIn.username')}
            </label>
            <input
              id="admin-username"
              ref={usernameRef}
              name="username"
              autoComplete="username"
              value={username}
              disabled={submitting}
              placeholder={t('admin.signIn.usernamePlaceholder')}
              onChange={(e) => {
                setUsername(e.target.value);
                setError(null);
              }}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="admin-password" className="mb-1 block text-sm font-medium text-slate-800">
              {t('admin.signIn.password')}
            </label>
            <div className="relative">
              <input
                id="admin-password"
                ref={passwordRef}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                disabled={submitting}
                placeholder={t('admin.signIn.passwordPlaceholder')}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
                className={`${inputClass} pr-20`}
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
          </div>
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={remember}
              disabled={submitting}
              onChange={(e) => setRemember(e.target.checked)}
              className="size-5 accent-brand-700"
            />
            {t('admin.signIn.rememberUsername')}
          </label>
          <button
            type="submit"
            disabled={submitting}
            className="min-h-11 w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {submitting ? t('admin.signIn.submitting') : t('admin.signIn.submit')}
          </button>
        </form>

        {demo.data && (
          <section aria-labelledby="demo-title" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <h2 id="demo-title" className="font-semibold text-amber-900">
              {t('admin.signIn.demoTitle')}
            </h2>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                disabled={submitting}
                onClick={() => {
                  setUsername(demo.data?.username ?? '');
                  setPassword(demo.data?.password ?? '');
                  setError(null);
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

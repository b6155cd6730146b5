import { useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { can } from '#shared/permissions';
import type { StaffSessionInfo } from '#shared/staff-session';
import { useRenewSession } from '#web/features/admin/api/renew-session';
import { useSignOut } from '#web/features/admin/api/sign-out';
import { useSessionWarning } from '#web/features/admin/hooks/use-session-warning';
import { useSignOutWhenSessionEnds } from '#web/features/admin/hooks/use-sign-out-when-session-ends';
import { ADMIN_SECTIONS, TWO_FACTOR_SETUP_SECTION } from '#web/features/admin/sections';
import { useT } from '#web/i18n/locale-provider';
import { AdminNav } from './admin-nav';
import { ErrorBanner } from './error-banner';
import { SessionWarningDialog } from './session-warning-dialog';
import { SignInNotice } from './sign-in-notice';

const todayFormat = new Intl.DateTimeFormat('en-KE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The signed-in staff area: the menu, the welcome line and the section the address names. */
export function Dashboard({ info }: { info: StaffSessionInfo }) {
  const t = useT();
  const { user } = info;
  const [error, setError] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const signOut = useSignOut();
  const renew = useRenewSession();
  const session = useSessionWarning(startedAt, () => signOut.mutate('timedOut'));
  useSignOutWhenSessionEnds();
  const { pathname } = useLocation();
  // A message belongs to the page it was shown on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on every new page.
  useEffect(() => setError(null), [pathname]);

  // An admin who must set up two-factor sign-in sees only the page that does it.
  const setupRequired = info.twoFactor.setupRequired;
  const sections = ADMIN_SECTIONS.filter((section) =>
    setupRequired ? section.path === TWO_FACTOR_SETUP_SECTION : can(user.role, section.needs),
  );
  const dark = user.settings.theme === 'dark';

  return (
    <div className={dark ? 'dark' : ''} data-theme={user.settings.theme}>
      <div className="min-h-screen bg-slate-100 text-slate-900 sm:flex dark:bg-slate-900 dark:text-slate-100">
        <AdminNav
          user={user}
          sections={sections}
          onLogout={() => signOut.mutate(null)}
          loggingOut={signOut.isPending}
        />
        <main className="min-w-0 flex-1 space-y-6 p-4 lg:p-8">
          <header>
            <h1 className="text-2xl font-bold">{t('admin.dashboard.welcome', { username: user.username })}</h1>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('admin.dashboard.roleLine', { role: t(`admin.roles.${user.role}`) })} ·{' '}
              <time>{todayFormat.format(new Date())}</time>
            </p>
          </header>

          {info.notice && <SignInNotice notice={info.notice} />}
          {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}

          <Routes>
            {sections.map(({ path, Component, subroutes }) => (
              <Route
                key={path}
                {...(path ? { path: subroutes ? `${path}/*` : path } : { index: true })}
                element={<Component user={user} onError={setError} />}
              />
            ))}
            {/* An unknown address, or a section this role may not open, leads to the overview. */}
            <Route
              path="*"
              element={<Navigate to={setupRequired ? `/admin/${TWO_FACTOR_SETUP_SECTION}` : '/admin'} replace />}
            />
          </Routes>
        </main>
      </div>

      {session.warning && (
        <SessionWarningDialog
          countdown={session.countdown}
          renewing={renew.isPending}
          onRenew={() =>
            renew.mutate(undefined, {
              onSuccess: () => {
                session.dismiss();
                setStartedAt(Date.now());
              },
              onError: (e) => setError(e.message),
            })
          }
          onLogout={() => signOut.mutate(null)}
        />
      )}
    </div>
  );
}

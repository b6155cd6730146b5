import { useState } from 'react';
import { can } from '../../../../shared/permissions';
import type { StaffSessionInfo } from '../../../../shared/staff-session';
import { useT } from '../../../i18n/locale-provider';
import { useRenewSession } from '../api/renew-session';
import { useSignOut } from '../api/sign-out';
import { useSessionWarning } from '../hooks/use-session-warning';
import { AnalyticsSection } from './analytics-section';
import { ErrorBanner } from './error-banner';
import { InquiriesSection } from './inquiries-section';
import { OverviewSection } from './overview-section';
import { SessionWarningDialog } from './session-warning-dialog';
import { SettingsSection } from './settings-section';
import { SignInNotice } from './sign-in-notice';

type Section = 'overview' | 'analytics' | 'inquiries' | 'settings';

const todayFormat = new Intl.DateTimeFormat('en-KE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function Dashboard({ info }: { info: StaffSessionInfo }) {
  const t = useT();
  const { user } = info;
  const [section, setSection] = useState<Section>('overview');
  const [error, setError] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const signOut = useSignOut();
  const renew = useRenewSession();
  const mayManage = can(user.role, 'manage');
  const session = useSessionWarning(startedAt, () => signOut.mutate());
  const dark = user.settings.theme === 'dark';

  const items: { id: Section; label: string; show: boolean }[] = [
    { id: 'overview', label: t('admin.nav.overview'), show: true },
    { id: 'analytics', label: t('admin.nav.analytics'), show: mayManage },
    { id: 'inquiries', label: t('admin.nav.inquiries'), show: mayManage },
    { id: 'settings', label: t('admin.nav.settings'), show: true },
  ];
  const roleLabel = t(`admin.roles.${user.role}`);

  return (
    <div className={dark ? 'dark' : ''} data-theme={user.settings.theme}>
      <div className="min-h-screen bg-slate-100 text-slate-900 md:flex dark:bg-slate-900 dark:text-slate-100">
        <aside className="bg-slate-900 text-white md:min-h-screen md:w-64 md:shrink-0 dark:bg-black">
          <div className="border-b border-slate-700 p-4">
            <p className="text-lg font-bold">{t('common.brand.shortName')}</p>
            <p className="text-sm text-slate-200">{user.username}</p>
            <p className="text-xs text-slate-300">{roleLabel}</p>
          </div>
          <nav aria-label={t('admin.nav.menu')}>
            <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col">
              {items
                .filter((item) => item.show)
                .map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      aria-current={section === item.id ? 'page' : undefined}
                      onClick={() => setSection(item.id)}
                      className={`min-h-11 w-full rounded-lg px-4 py-2 text-left font-medium focus-visible:outline-2 focus-visible:outline-brand-100 ${
                        section === item.id ? 'bg-brand-700 text-white' : 'text-slate-100 hover:bg-slate-800'
                      }`}
                    >
                      {item.label}
                    </button>
                  </li>
                ))}
              <li>
                <button
                  type="button"
                  onClick={() => signOut.mutate()}
                  disabled={signOut.isPending}
                  className="min-h-11 w-full rounded-lg px-4 py-2 text-left font-medium text-red-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-brand-100"
                >
                  {t('admin.nav.logout')}
                </button>
              </li>
            </ul>
          </nav>
        </aside>

        <main className="min-w-0 flex-1 space-y-6 p-4 md:p-8">
          <header>
            <h1 className="text-2xl font-bold">{t('admin.dashboard.welcome', { username: user.username })}</h1>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('admin.dashboard.roleLine', { role: roleLabel })} · <time>{todayFormat.format(new Date())}</time>
            </p>
          </header>

          {info.notice && <SignInNotice notice={info.notice} />}
          {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}

          {section === 'overview' && (
            <OverviewSection role={user.role} notifications={user.settings.notifications} onError={setError} />
          )}
          {section === 'analytics' && mayManage && <AnalyticsSection />}
          {section === 'inquiries' && mayManage && <InquiriesSection onError={setError} />}
          {section === 'settings' && <SettingsSection settings={user.settings} onError={setError} />}
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
          onLogout={() => signOut.mutate()}
        />
      )}
    </div>
  );
}

import type { Translate } from '#shared/i18n';
import { ErrorScreen } from '#web/components/ui/error-screen';
import { type SignedOutReason, useSession } from '#web/features/admin/api/get-session';
import { COUNTDOWN_SECONDS } from '#web/features/admin/hooks/use-session-warning';
import { useT } from '#web/i18n/locale-provider';
import { Dashboard } from './dashboard';
import { SignInScreen } from './sign-in-screen';

/** What the sign-in screen says about how the last session ended. */
function signedOutMessage(reason: SignedOutReason, t: Translate): string | null {
  if (reason === 'timedOut') return t('admin.signIn.errors.timedOut', { minutes: COUNTDOWN_SECONDS / 60 });
  if (reason === 'expired') {
    return `${t('admin.signIn.errors.sessionExpired')} ${t('admin.signIn.errors.sessionEndedOnServer')}`;
  }
  return null;
}

/** docs/product.md#protected-area: checking → 'Loading Dashboard'; error → 'Authentication Error'; signed out → sign-in. */
export function ProtectedArea() {
  const t = useT();
  const session = useSession();

  if (session.isPending) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4" aria-busy="true">
        <div role="status" className="text-center">
          <div className="mx-auto size-12 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
          <h1 className="mt-4 text-xl font-semibold text-slate-900">{t('admin.guard.loadingTitle')}</h1>
          <p className="text-slate-700">{t('admin.guard.loadingSubtitle')}</p>
        </div>
      </main>
    );
  }
  if (session.isError) {
    return (
      <ErrorScreen
        fullHeight
        title={t('admin.guard.authErrorTitle')}
        message={session.error.message}
        actionLabel={t('common.states.tryAgain')}
      />
    );
  }
  if (!session.data.signedIn) return <SignInScreen initialError={signedOutMessage(session.data.reason, t)} />;
  return <Dashboard info={session.data.info} />;
}

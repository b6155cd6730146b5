import { Component, type ReactNode } from 'react';
import { useT } from '../../../i18n/locale-provider';

function CrashScreen() {
  const t = useT();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div role="alert" className="max-w-md rounded-2xl bg-white p-8 text-center shadow-lg">
        <h1 className="text-2xl font-bold text-slate-900">{t('admin.guard.crashTitle')}</h1>
        <p className="mt-2 text-slate-700">{t('admin.guard.crashMessage')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 min-h-11 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('common.states.reloadPage')}
        </button>
      </div>
    </main>
  );
}

/** Spec §2 protected-area wrapper: an unexpected render failure shows a reload screen. */
export class AdminErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}

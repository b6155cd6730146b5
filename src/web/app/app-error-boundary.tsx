import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createTranslator, DEFAULT_LOCALE } from '../../shared/i18n';

/**
 * Last line of defence around the whole app (routes have their own boundary): if even the
 * providers fail, the visitor still gets a message and a way out. It sits outside the
 * locale provider, so it uses the default language.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('app crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const t = createTranslator(DEFAULT_LOCALE);
    return (
      <main
        role="alert"
        className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-2xl font-bold text-gray-900">{t('common.errors.unexpectedTitle')}</h1>
        <p className="text-gray-700">{t('common.errors.unexpectedMessage')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          {t('common.states.reloadPage')}
        </button>
      </main>
    );
  }
}

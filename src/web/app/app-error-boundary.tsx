import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createTranslator, DEFAULT_LOCALE } from '#shared/i18n/core';
import { ErrorScreen } from '#web/components/ui/error-screen';

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
      <ErrorScreen
        fullHeight
        title={t('common.errors.unexpectedTitle')}
        message={t('common.errors.unexpectedMessage')}
        actionLabel={t('common.states.reloadPage')}
      />
    );
  }
}

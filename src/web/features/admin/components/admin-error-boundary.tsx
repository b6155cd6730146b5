import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '#web/components/ui/error-screen';
import { useT } from '#web/i18n/locale-provider';

function CrashScreen() {
  const t = useT();
  return (
    <ErrorScreen
      fullHeight
      title={t('admin.guard.crashTitle')}
      message={t('admin.guard.crashMessage')}
      actionLabel={t('common.states.reloadPage')}
    />
  );
}

/** docs/product.md#protected-area: an unexpected render failure shows a reload screen. */
export class AdminErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}

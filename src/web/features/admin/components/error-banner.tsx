import { useT } from '#web/i18n/locale-provider';

/** docs/product.md#dashboard: errors appear in a dismissible red banner. */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      <p className="pt-2">{message}</p>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('admin.dashboard.dismiss')}
          className="min-h-11 min-w-11 rounded-md text-lg font-bold hover:bg-red-100 focus-visible:outline-red-700 dark:hover:bg-red-900"
        >
          ×
        </button>
      )}
    </div>
  );
}

import type { StaffSessionInfo } from '#shared/staff-session';
import { useDismissSignInNotice } from '#web/features/admin/api/dismiss-sign-in-notice';
import { useT } from '#web/i18n/locale-provider';

const timeFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** Tells the account's owner that someone failed to sign in to it, until they dismiss it. */
export function SignInNotice({ notice }: { notice: NonNullable<StaffSessionInfo['notice']> }) {
  const t = useT();
  const dismiss = useDismissSignInNotice();
  const values = {
    n: notice.failedAttempts,
    address: notice.lastAddress,
    time: timeFormat.format(new Date(notice.lastAt)),
  };
  return (
    <div
      role="status"
      className="flex items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="pt-2">
        {notice.failedAttempts === 1
          ? t('admin.dashboard.signInNoticeOne', values)
          : t('admin.dashboard.signInNotice', values)}
      </p>
      <button
        type="button"
        onClick={() => dismiss.mutate()}
        disabled={dismiss.isPending}
        aria-label={t('admin.dashboard.dismiss')}
        className="min-h-11 min-w-11 rounded-md text-lg font-bold hover:bg-amber-100 focus-visible:outline-amber-700 dark:hover:bg-amber-900"
      >
        ×
      </button>
    </div>
  );
}

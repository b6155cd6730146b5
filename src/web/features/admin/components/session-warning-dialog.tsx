import { useT } from '../../../i18n/locale-provider';
import { ModalDialog } from './modal-dialog';

export function SessionWarningDialog({
  countdown,
  renewing,
  onRenew,
  onLogout,
}: {
  countdown: string;
  renewing: boolean;
  onRenew: () => void;
  onLogout: () => void;
}) {
  const t = useT();
  return (
    <ModalDialog title={t('admin.session.warningTitle')} onClose={() => {}} role="alertdialog" className="max-w-sm">
      <div className="p-6 text-center">
        <h2 className="text-xl font-bold">{t('admin.session.warningTitle')}</h2>
        <p className="mt-3 font-mono text-4xl font-bold text-amber-700 dark:text-amber-400" aria-live="polite">
          {countdown}
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {t('admin.session.warningMessage', { time: countdown })}
        </p>
        <div className="mt-5 flex justify-center gap-3">
          <button
            type="button"
            onClick={onLogout}
            className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 dark:hover:bg-slate-700"
          >
            {t('admin.session.logout')}
          </button>
          <button
            type="button"
            onClick={onRenew}
            disabled={renewing}
            className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70"
          >
            {t('admin.session.renew')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { useT } from '#web/i18n/locale-provider';

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
    <Dialog label={t('admin.session.warningTitle')} onClose={() => {}} role="alertdialog" className="max-w-sm">
      <div className="p-6 text-center">
        <h2 className="text-xl font-bold">{t('admin.session.warningTitle')}</h2>
        <p className="mt-3 font-mono text-4xl font-bold text-amber-700 dark:text-amber-400" aria-live="polite">
          {countdown}
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {t('admin.session.warningMessage', { time: countdown })}
        </p>
        <div className="mt-5 flex justify-center gap-3">
          <Button variant="secondary" onClick={onLogout}>
            {t('admin.session.logout')}
          </Button>
          <Button onClick={onRenew} disabled={renewing}>
            {t('admin.session.renew')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

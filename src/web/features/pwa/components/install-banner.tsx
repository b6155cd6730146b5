import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { useT } from '#web/i18n/locale-provider';

/** Chromium's install offer; not yet in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'install-banner-dismissed';

/** docs/product.md#global-behaviour: an install banner while the browser offers installation, gone once installed. */
export function InstallBanner() {
  const t = useT();
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault();
      if (sessionStorage.getItem(DISMISSED_KEY)) return;
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;

  const install = async () => {
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // The event can be used once; an accepted offer ends with appinstalled anyway.
    if (outcome === 'accepted') setOffer(null);
  };
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setOffer(null);
  };

  return (
    <section
      aria-label={t('layout.install.title', { brand: t('common.brand.shortName') })}
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-lg flex-col gap-3 rounded-xl bg-brand-900 p-4 text-white shadow-xl sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <p className="font-semibold">{t('layout.install.title', { brand: t('common.brand.shortName') })}</p>
        <p className="text-sm text-brand-50">{t('layout.install.text')}</p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={dismiss}
          className="min-h-11 rounded-md px-3 font-medium text-white hover:bg-brand-800 focus-visible:outline-white"
        >
          {t('layout.install.dismiss')}
        </button>
        <Button variant="light" onClick={install}>
          {t('layout.install.install')}
        </Button>
      </div>
    </section>
  );
}

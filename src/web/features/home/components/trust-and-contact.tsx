import type { MessageKey } from '#shared/i18n';
import { telLink } from '#shared/whatsapp';
import { ButtonLink } from '#web/components/ui/button';
import { CheckCardList } from '#web/components/ui/check-card-list';
import { ChatIcon, PhoneIcon } from '#web/components/ui/icons';
import { useLocale, useT } from '#web/i18n/locale-provider';
import { supportWhatsAppLink, useSiteSettings } from '#web/lib/site-settings';

const TRUST: [MessageKey, MessageKey][] = [
  ['home.trust.secure', 'home.trust.secureText'],
  ['home.trust.support', 'home.trust.supportText'],
  ['home.trust.global', 'home.trust.globalText'],
  ['home.trust.success', 'home.trust.successText'],
];

export function TrustIndicators() {
  const t = useT();
  const figures = useSiteSettings()?.figures;
  return (
    <section aria-labelledby="trust-title" className="py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="trust-title" className="text-center text-3xl font-bold text-gray-900">
          {t('home.trust.title')}
        </h2>
        <CheckCardList
          items={TRUST}
          params={{
            support: figures?.support ?? '',
            countries: figures?.countries ?? '',
            rate: figures?.successRate ?? '',
          }}
        />
      </div>
    </section>
  );
}

export function ContactCta() {
  const { t, locale } = useLocale();
  const settings = useSiteSettings();
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 py-14 text-white">
      <div className="mx-auto max-w-4xl px-4 text-center">
        <h2 id="cta-title" className="text-3xl font-bold">
          {t('home.cta.title')}
        </h2>
        <p className="mt-2 text-brand-50">{t('home.cta.text')}</p>
        {settings && (
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink
              variant="light"
              size="lg"
              href={supportWhatsAppLink(settings, locale)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon /> {t('home.cta.whatsapp')}
            </ButtonLink>
            <ButtonLink variant="outline-light" size="lg" href={telLink(settings.phone)}>
              <PhoneIcon /> {t('home.cta.call', { phone: settings.phone })}
            </ButtonLink>
          </div>
        )}
      </div>
    </section>
  );
}

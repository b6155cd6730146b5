import type { MessageKey } from '#shared/i18n';
import { ButtonLink } from '#web/components/ui/button';
import { ChatIcon } from '#web/components/ui/icons';
import { useLocale } from '#web/i18n/locale-provider';
import { supportWhatsAppLink, useSiteSettings } from '#web/lib/site-settings';
import { SERVICES_SECTION_ID } from './hero';

interface ServiceCard {
  to: string;
  title: MessageKey;
  text: MessageKey;
  badge?: MessageKey;
}

/** docs/product.md#home: six offers; badges Popular (flights), Trending (marketplace), Recommended (visas). */
const SERVICES: ServiceCard[] = [
  {
    to: '/ticketing',
    title: 'layout.services.ticketing',
    text: 'home.services.ticketing',
    badge: 'home.services.badges.popular',
  },
  { to: '/cargo', title: 'layout.services.cargo', text: 'home.services.cargo' },
  {
    to: '/marketplace',
    title: 'layout.services.marketplace',
    text: 'home.services.marketplace',
    badge: 'home.services.badges.trending',
  },
  { to: '/real-estate', title: 'layout.services.realEstate', text: 'home.services.realEstate' },
  { to: '/business-sales', title: 'layout.services.businessSales', text: 'home.services.businessSales' },
  {
    to: '/visa-assistance',
    title: 'layout.services.visaAssistance',
    text: 'home.services.visaAssistance',
    badge: 'home.services.badges.recommended',
  },
];

export function ServicesGrid() {
  const { t, locale } = useLocale();
  const settings = useSiteSettings();
  return (
    <section id={SERVICES_SECTION_ID} aria-labelledby="services-title" className="scroll-mt-20 bg-gray-50 py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="services-title" className="text-center text-3xl font-bold text-gray-900">
          {t('home.services.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-gray-700">{t('home.services.subtitle')}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((service) => {
            const name = t(service.title);
            return (
              <li
                key={service.to}
                className="relative flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
              >
                {service.badge && (
                  <span className="absolute right-4 top-4 rounded-full bg-accent-500 px-3 py-1 text-xs font-bold text-gray-900">
                    {t(service.badge)}
                  </span>
                )}
                <h3 className={`text-xl font-semibold text-gray-900 ${service.badge ? 'pr-28' : ''}`}>{name}</h3>
                <p className="mt-2 flex-1 text-gray-700">{t(service.text)}</p>
                {/* The same two stacked buttons on every card: a long service name never wraps one card's row alone. */}
                <div className="mt-4 grid gap-3">
                  <ButtonLink to={service.to}>{t('home.services.explore', { service: name })}</ButtonLink>
                  {settings && (
                    <ButtonLink
                      variant="outline"
                      href={supportWhatsAppLink(settings, locale, t('home.services.chatGreeting', { service: name }))}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('home.services.quickChatAbout', { service: name })}
                    >
                      <ChatIcon /> {t('home.services.quickChat')}
                    </ButtonLink>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

import { SearchEverywhereForm } from '#web/components/search-everywhere-form';
import { Button, ButtonLink } from '#web/components/ui/button';
import { ChatIcon } from '#web/components/ui/icons';
import { useLocale } from '#web/i18n/locale-provider';
import { supportWhatsAppLink, useSiteSettings } from '#web/lib/site-settings';

export const SERVICES_SECTION_ID = 'services';

export function Hero() {
  const { t, locale } = useLocale();
  const settings = useSiteSettings();
  const figures = settings?.figures;
  const stats = figures
    ? [
        { value: figures.happyClients, label: t('home.stats.clients') },
        { value: figures.countries, label: t('home.stats.countries') },
        { value: figures.support, label: t('home.stats.support') },
      ]
    : [];
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <p className="mb-3 font-semibold text-brand-100">{t('home.hero.eyebrow')}</p>
        <h1 className="max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">{t('home.hero.title')}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{t('home.hero.subtitle')}</p>
        <div className="mt-6">
          <SearchEverywhereForm id="home-search" tone="dark" />
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button
            variant="light"
            size="lg"
            onClick={() =>
              document.getElementById(SERVICES_SECTION_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
            }
          >
            {t('home.hero.explore')}
          </Button>
          {settings && (
            <ButtonLink
              variant="outline-light"
              size="lg"
              href={supportWhatsAppLink(settings, locale)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon /> {t('home.hero.whatsapp')}
            </ButtonLink>
          )}
        </div>
        <dl className="mt-12 grid max-w-xl grid-cols-3 gap-4">
          {stats.map((stat) => (
            // Reversed (figure above label) and packed at the top, so a wrapping label never moves its figure.
            <div key={stat.label} className="flex flex-col-reverse justify-end">
              <dt className="text-sm text-brand-100">{stat.label}</dt>
              <dd className="text-3xl font-bold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

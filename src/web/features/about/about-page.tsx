import type { MessageKey } from '#shared/i18n';
import { PageMeta } from '#web/components/page-meta';
import { CheckCardList } from '#web/components/ui/check-card-list';
import { useT } from '#web/i18n/locale-provider';
import { useSiteSettings } from '#web/lib/site-settings';

const VALUES: [MessageKey, MessageKey][] = [
  ['about.values.integrity', 'about.values.integrityText'],
  ['about.values.innovation', 'about.values.innovationText'],
  ['about.values.community', 'about.values.communityText'],
  ['about.values.excellence', 'about.values.excellenceText'],
];
const WHY: [MessageKey, MessageKey][] = [
  ['about.why.experience', 'about.why.experienceText'],
  ['about.why.support', 'about.why.supportText'],
  ['about.why.reach', 'about.why.reachText'],
  ['about.why.success', 'about.why.successText'],
];

/** docs/product.md#about: Our Mission, Our Vision (with stats), Our Core Values, Why Choose Us. */
export default function AboutPage() {
  const t = useT();
  const figures = useSiteSettings()?.figures;
  const stats = figures
    ? [
        { value: figures.happyClients, label: t('home.stats.clients') },
        { value: figures.countries, label: t('home.stats.countries') },
        { value: figures.successRate, label: t('home.stats.success') },
        { value: figures.years, label: t('home.stats.years') },
      ]
    : [];
  return (
    <>
      <PageMeta title={t('about.meta.title')} description={t('about.meta.description')} />
      <section className="bg-brand-800 py-16 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-extrabold">{t('about.hero.title')}</h1>
          <p className="mt-4 text-lg text-brand-50">{t('about.hero.subtitle')}</p>
        </div>
      </section>

      <section aria-labelledby="mission" className="mx-auto max-w-4xl px-4 py-14">
        <h2 id="mission" className="text-3xl font-bold text-gray-900">
          {t('about.mission.title')}
        </h2>
        <p className="mt-4 text-lg text-gray-700">{t('about.mission.text')}</p>
      </section>

      <section aria-labelledby="vision" className="bg-gray-50 py-14">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="vision" className="text-3xl font-bold text-gray-900">
            {t('about.vision.title')}
          </h2>
          <p className="mt-4 text-lg text-gray-700">{t('about.vision.text')}</p>
          <dl className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-4">
            {stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-xl bg-white p-4 text-center ring-1 ring-gray-200"
              >
                <dt className="text-sm text-gray-700">{stat.label}</dt>
                <dd className="text-3xl font-bold text-brand-800">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="values" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="values" className="text-center text-3xl font-bold text-gray-900">
          {t('about.values.title')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(([title, text]) => (
            <li key={title} className="rounded-xl p-6 ring-1 ring-gray-200">
              <h3 className="text-xl font-semibold text-gray-900">{t(title)}</h3>
              <p className="mt-2 text-gray-700">{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why" className="bg-gray-50 py-14">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="why" className="text-center text-3xl font-bold text-gray-900">
            {t('about.why.title')}
          </h2>
          <CheckCardList
            items={WHY}
            params={{
              years: figures?.years ?? '',
              support: figures?.support ?? '',
              countries: figures?.countries ?? '',
              rate: figures?.successRate ?? '',
            }}
            cardClassName="bg-white"
          />
        </div>
      </section>
    </>
  );
}

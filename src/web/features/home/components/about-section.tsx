import type { MessageKey } from '#shared/i18n';
import { useT } from '#web/i18n/locale-provider';

const TIMELINE: [string, MessageKey][] = [
  ['2020', 'home.about.timeline.y2020'],
  ['2021', 'home.about.timeline.y2021'],
  ['2022', 'home.about.timeline.y2022'],
  ['2023', 'home.about.timeline.y2023'],
  ['2024', 'home.about.timeline.y2024'],
];
const VALUES: [MessageKey, MessageKey][] = [
  ['home.about.values.integrity', 'home.about.values.integrityText'],
  ['home.about.values.innovation', 'home.about.values.innovationText'],
  ['home.about.values.community', 'home.about.values.communityText'],
  ['home.about.values.excellence', 'home.about.values.excellenceText'],
];
const EXPERTISE: MessageKey[] = [
  'home.about.expertise.travel',
  'home.about.expertise.logistics',
  'home.about.expertise.commerce',
  'home.about.expertise.property',
  'home.about.expertise.business',
  'home.about.expertise.immigration',
];

export function AboutSection() {
  const t = useT();
  return (
    <section aria-labelledby="about-title" className="bg-gray-50 py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="about-title" className="text-center text-3xl font-bold text-gray-900">
          {t('home.about.title')}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {(
            [
              ['home.about.storyTitle', 'home.about.story'],
              ['home.about.missionTitle', 'home.about.mission'],
              ['home.about.visionTitle', 'home.about.vision'],
            ] as [MessageKey, MessageKey][]
          ).map(([title, text]) => (
            <article key={title} className="rounded-xl bg-white p-6 ring-1 ring-gray-200">
              <h3 className="text-xl font-semibold text-gray-900">{t(title)}</h3>
              <p className="mt-2 text-gray-700">{t(text)}</p>
            </article>
          ))}
        </div>

        <h3 className="mt-14 text-2xl font-bold text-gray-900">{t('home.about.timelineTitle')}</h3>
        <ol className="mt-6 grid gap-4 border-l-2 border-brand-600 pl-6 md:grid-cols-5 md:border-l-0 md:border-t-2 md:pl-0 md:pt-6">
          {TIMELINE.map(([year, text]) => (
            <li key={year}>
              <p className="text-lg font-bold text-brand-800">{year}</p>
              <p className="text-gray-700">{t(text)}</p>
            </li>
          ))}
        </ol>

        <h3 className="mt-14 text-2xl font-bold text-gray-900">{t('home.about.valuesTitle')}</h3>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(([title, text]) => (
            <li key={title} className="rounded-xl bg-white p-5 ring-1 ring-gray-200">
              <p className="font-semibold text-gray-900">{t(title)}</p>
              <p className="mt-1 text-gray-700">{t(text)}</p>
            </li>
          ))}
        </ul>

        <h3 className="mt-14 text-2xl font-bold text-gray-900">{t('home.about.expertiseTitle')}</h3>
        <ul className="mt-6 flex flex-wrap gap-3">
          {EXPERTISE.map((key) => (
            <li key={key} className="rounded-full bg-brand-100 px-4 py-2 font-medium text-brand-900">
              {t(key)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

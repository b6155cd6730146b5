import { Link } from 'react-router';
import type { MessageKey } from '#shared/i18n';
import { PageMeta } from '#web/components/page-meta';
import { useT } from '#web/i18n/locale-provider';

const SCAMS = ['see', 'pay', 'names', 'pressure', 'property', 'visas'] as const;
const VERIFIED = ['what', 'checked', 'limits'] as const;

/** docs/product.md#safety: avoiding scams when buying from abroad, and what "Verified" means. */
export default function SafetyPage() {
  const t = useT();
  const list = (group: string, keys: readonly string[]) => (
    <ul className="mt-4 list-disc space-y-2 pl-6 text-gray-800">
      {keys.map((key) => (
        <li key={key}>{t(`pages.safety.${group}.${key}` as MessageKey)}</li>
      ))}
    </ul>
  );
  return (
    <>
      <PageMeta title={t('pages.safety.title')} description={t('pages.safety.description')} />
      <section className="bg-brand-800 px-4 py-10 text-white sm:py-14">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold break-words sm:text-4xl">{t('pages.safety.title')}</h1>
          <p className="mt-3 text-brand-50 sm:text-lg">{t('pages.safety.intro')}</p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <section aria-labelledby="scams-heading">
          <h2 id="scams-heading" className="text-2xl font-bold text-gray-900">
            {t('pages.safety.scamsHeading')}
          </h2>
          {list('scams', SCAMS)}
        </section>
        <section aria-labelledby="verified-heading" className="mt-10">
          <h2 id="verified-heading" className="text-2xl font-bold text-gray-900">
            {t('pages.safety.verifiedHeading')}
          </h2>
          {list('verified', VERIFIED)}
        </section>
        <section aria-labelledby="report-heading" className="mt-10">
          <h2 id="report-heading" className="text-2xl font-bold text-gray-900">
            {t('pages.safety.reportHeading')}
          </h2>
          <p className="mt-4 text-gray-800">{t('pages.safety.report')}</p>
          <Link
            to="/contact"
            className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-800 underline hover:text-brand-900"
          >
            {t('pages.safety.contact')}
          </Link>
        </section>
      </div>
    </>
  );
}

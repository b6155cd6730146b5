import { PageMeta } from '#web/components/page-meta';
import { ButtonLink } from '#web/components/ui/button';
import { useT } from '#web/i18n/locale-provider';

/** docs/product.md#routes: /faq, /terms and /privacy are coming-soon pages with a Back to Home link. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  const t = useT();
  return (
    <>
      <PageMeta title={title} description={description} />
      <section className="mx-auto flex min-h-[50vh] max-w-2xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
        <p className="text-lg text-gray-700">{t('pages.comingSoon')}</p>
        <ButtonLink to="/">{t('common.states.backToHome')}</ButtonLink>
      </section>
    </>
  );
}

import { Link, useSearchParams } from 'react-router';
import { CATEGORIES, type Category } from '#shared/categories';
import type { Translate } from '#shared/i18n/core';
import { type PageForms, SELL_FORM_ACTION } from '#shared/page-forms';
import { PageMeta } from '#web/components/page-meta';
import { FormMessage } from '#web/components/ui/form-message';
import { useT } from '#web/i18n/locale-provider';
import { tooManyRequestsText, usePageForms } from '#web/lib/page-forms';
import { SellForm } from './sell-form';

/** What "Post a listing" may be about, read from `?category=` (the choice is a link, so it works without script). */
function categoryOf(value: string | null): Category | undefined {
  return (CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : undefined;
}

function statusOf(t: Translate, answer: PageForms['sell']): { tone: 'error' | 'success'; text: string } | null {
  if (!answer) return null;
  if ('sent' in answer) return { tone: 'success', text: t('sell.status.received') };
  if (answer.waitSeconds) {
    return { tone: 'error', text: answer.waitMessage ?? tooManyRequestsText(t, answer.waitSeconds) };
  }
  if (answer.failed) return { tone: 'error', text: t('sell.form.failed') };
  return { tone: 'error', text: t('sell.form.invalid') };
}

/**
 * "Post a listing" (docs/product.md#post-a-listing): first the kind of listing, chosen by link,
 * then that category's fields, the photos and the seller's details. The route's action
 * (sell-action.ts) sends it; without script the same form posts to the server, which runs the
 * action and answers with this page.
 */
export default function SellPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const category = categoryOf(searchParams.get('category'));
  const lang = searchParams.get('lang');
  const pageLink = (query: Record<string, string>) => {
    const params = new URLSearchParams(query);
    if (lang === 'en' || lang === 'so') params.set('lang', lang);
    const search = params.toString();
    return search ? `${SELL_FORM_ACTION}?${search}` : SELL_FORM_ACTION;
  };
  const answer = usePageForms().sell;
  const status = statusOf(t, answer);
  return (
    <>
      <PageMeta title={t('sell.meta.title')} description={t('sell.meta.description')} />
      <section className="bg-brand-800 py-12 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-extrabold">{t('sell.form.heading')}</h1>
          <p className="mt-3 text-lg text-brand-50">{t('sell.form.intro')}</p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {answer && 'sent' in answer ? (
          <FormMessage tone="success">{t('sell.status.received')}</FormMessage>
        ) : category ? (
          <SellForm
            category={category}
            action={pageLink({ category })}
            heading={
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="sell-form-title" className="text-2xl font-bold text-gray-900">
                  {t(`sell.form.categories.${category}`)}
                </h2>
                <Link to={pageLink({})} className="text-sm font-semibold text-brand-800 underline">
                  {t('sell.form.changeCategory')}
                </Link>
              </div>
            }
            answer={answer && 'values' in answer ? answer : undefined}
            status={status}
            submitLabel={t('sell.form.submit')}
          />
        ) : (
          <nav aria-labelledby="sell-choose">
            <h2 id="sell-choose" className="text-2xl font-bold text-gray-900">
              {t('sell.form.chooseCategory')}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {CATEGORIES.map((choice) => (
                <li key={choice}>
                  <Link
                    to={pageLink({ category: choice })}
                    className="block rounded-xl p-4 font-semibold text-brand-900 ring-1 ring-brand-100 hover:bg-brand-50"
                  >
                    {t(`sell.form.categories.${choice}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}

import { useSearchParams } from 'react-router';
import { useT } from '#web/i18n/locale-provider';
import { Button } from './ui/button';

/** Where a search across every category lands (the results page says how many match in each). */
export const SEARCH_EVERYWHERE_PATH = '/search';

/**
 * One box that searches every category at once: a plain GET form, so it works before the
 * scripts arrive or without them. A page whose address names its language keeps it.
 */
export function SearchEverywhereForm({
  id,
  defaultValue,
  tone = 'light',
}: {
  id: string;
  defaultValue?: string;
  /** On the dark hero ('dark'), or on a white page. */
  tone?: 'light' | 'dark';
}) {
  const t = useT();
  const lang = useSearchParams()[0].get('lang');
  return (
    <form method="get" action={SEARCH_EVERYWHERE_PATH} className="flex w-full max-w-2xl gap-2">
      <label htmlFor={id} className="sr-only">
        {t('listings.everywhere.label')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        maxLength={100}
        defaultValue={defaultValue}
        placeholder={t('listings.everywhere.placeholder')}
        className="min-h-12 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-4 text-base text-gray-900 placeholder:text-gray-500"
      />
      {(lang === 'en' || lang === 'so') && <input type="hidden" name="lang" value={lang} />}
      <Button type="submit" size="lg" variant={tone === 'dark' ? 'light' : 'primary'} className="shrink-0">
        {t('listings.everywhere.submit')}
      </Button>
    </form>
  );
}

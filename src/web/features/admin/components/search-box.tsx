import { MAX_SEARCH_LENGTH } from '../../../../shared/listing-filters';
import { useT } from '../../../i18n/locale-provider';

export const FILTER_CONTROL =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900';
export const SMALL_BUTTON =
  'min-h-11 rounded-lg border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60 dark:hover:bg-slate-700';

/** A staff list's search: sent with Enter or the button, kept in the address as ?q=. */
export function SearchBox({
  id,
  value,
  placeholder,
  onSearch,
  className = '',
}: {
  id: string;
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {t('admin.listings.search')}
      </label>
      <div className="mt-1 flex gap-2">
        {/* Keyed by the address's text, so Back shows what was searched then. */}
        <input
          key={value}
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder}
          className={FILTER_CONTROL}
        />
        <button type="submit" className={`${SMALL_BUTTON} shrink-0`}>
          {t('admin.listings.search')}
        </button>
      </div>
    </form>
  );
}

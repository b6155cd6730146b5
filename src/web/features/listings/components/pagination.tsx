import { useT } from '../../../i18n/locale-provider';

const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 font-medium text-gray-900 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50';

export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT();
  const go = (next: number) => {
    onPage(next);
    window.scrollTo({ top: 0 });
  };
  return (
    <nav aria-label={t('listings.pagination.label')} className="mt-8 flex items-center justify-center gap-3">
      <button type="button" className={LINK} disabled={page <= 1} onClick={() => go(page - 1)}>
        {t('listings.pagination.previous')}
      </button>
      <span className="text-sm text-gray-800">{t('listings.pagination.page', { page, pages })}</span>
      <button type="button" className={LINK} disabled={page >= pages} onClick={() => go(page + 1)}>
        {t('listings.pagination.next')}
      </button>
    </nav>
  );
}

import { useT } from '../../../i18n/locale-provider';

const buttonClass =
  'flex min-h-11 min-w-11 items-center justify-center rounded-md border border-gray-300 px-3 font-medium text-gray-900 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-500 disabled:hover:bg-transparent';

/** Previous, one button per page of the real count, Next. */
export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (pageCount < 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav aria-label={t('blog.pagination.label')} className="mt-10 flex flex-wrap justify-center gap-2">
      <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('blog.pagination.previous')}
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          aria-label={t('blog.pagination.page', { n })}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
          className={`${buttonClass} ${n === page ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800' : ''}`}
        >
          {n}
        </button>
      ))}
      <button type="button" className={buttonClass} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('blog.pagination.next')}
      </button>
    </nav>
  );
}

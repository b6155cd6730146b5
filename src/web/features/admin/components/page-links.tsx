import { Link } from 'react-router';
import { useT } from '../../../i18n/locale-provider';

/** The page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of numbers) {
    const last = out.at(-1);
    if (typeof last === 'number' && n > last + 1) out.push('gap');
    out.push(n);
  }
  return out;
}

const LINK =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 px-3 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-600 dark:hover:bg-slate-700';

/** Page numbers as links (`?page=n`), so a page can be reloaded, shared and reached with Back. */
export function PageLinks({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('admin.listings.pagination.label')} className="mt-4">
      <p className="sr-only">{t('admin.listings.pagination.status', { page, pages })}</p>
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} className={LINK}>
              {t('admin.listings.pagination.previous')}
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('admin.listings.pagination.page', { n })}
                className={`${LINK} ${n === page ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800' : ''}`}
              >
                {n.toLocaleString('en-KE')}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={hrefFor(page + 1)} className={LINK}>
              {t('admin.listings.pagination.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

import { Link } from 'react-router';
import { formatWhole } from '#shared/number-format';

/**
 * The page numbers to show: the first, the last, and two either side of the current one; a
 * gap (…) stands for two pages or more, never for one (that page is shown instead).
 */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of numbers) {
    const last = out.at(-1);
    if (typeof last === 'number' && n === last + 2) out.push(last + 1);
    else if (typeof last === 'number' && n > last + 2) out.push('gap');
    out.push(n);
  }
  return out;
}

/** The address of page `page` of the list at `location`: its other parameters kept, page 1 without `?page=`. */
export function pageHref({ pathname, search }: { pathname: string; search: string }, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const SHAPE = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 font-medium';
/**
 * A link's colours, or the current page's: never both on one element, since which of two
 * Tailwind colours wins follows the stylesheet's order, not the class list's.
 */
const LINK = `${SHAPE} border-gray-300 bg-white text-gray-900 hover:bg-gray-100 dark:border-slate-600 dark:bg-transparent dark:text-inherit dark:hover:bg-slate-700`;
const CURRENT = `${SHAPE} border-brand-700 bg-brand-700 text-white hover:bg-brand-800 dark:border-brand-700 dark:bg-brand-700`;
const UNAVAILABLE = 'cursor-not-allowed opacity-50 hover:bg-white dark:hover:bg-transparent';

/**
 * Previous, the page numbers or a status line, and Next, as links (`?page=n`): a page can be
 * reloaded, shared, reached with Back, and followed before the page's code has loaded.
 * Previous on the first page and Next on the last are shown but lead nowhere.
 */
export function Pagination({
  page,
  pages,
  hrefFor,
  label,
  previous,
  next,
  pageName,
  status,
  scrollToTop = false,
  className = '',
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** The navigation's name ("Blog pages"). */
  label: string;
  previous: string;
  next: string;
  /** With it, the page numbers are shown (the first, the last, two either side), each named by it ("Page 3"). */
  pageName?: (n: number) => string;
  /** "Page 2 of 9": shown between Previous and Next, or for screen readers only beside page numbers. */
  status?: string;
  /** Following a link scrolls to the top, where the new page's list starts. */
  scrollToTop?: boolean;
  className?: string;
}) {
  const onClick = scrollToTop ? () => window.scrollTo({ top: 0 }) : undefined;
  const step = (target: number, text: string, available: boolean) =>
    available ? (
      <Link to={hrefFor(target)} onClick={onClick} className={LINK}>
        {text}
      </Link>
    ) : (
      // A link without an address, announced as unavailable (aria-disabled), as the first page's Previous.
      // biome-ignore lint/a11y/useValidAnchor: a disabled link has no href by design
      <a role="link" aria-disabled="true" className={`${LINK} ${UNAVAILABLE}`}>
        {text}
      </a>
    );
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>{step(page - 1, previous, page > 1)}</li>
        {pageName ? (
          <>
            {status && <li className="sr-only">{status}</li>}
            {pageWindow(page, pages).map((n, i) =>
              n === 'gap' ? (
                <li key={`gap-${i}`} aria-hidden="true" className="px-1">
                  …
                </li>
              ) : (
                <li key={n}>
                  <Link
                    to={hrefFor(n)}
                    onClick={onClick}
                    aria-current={n === page ? 'page' : undefined}
                    aria-label={pageName(n)}
                    className={n === page ? CURRENT : LINK}
                  >
                    {formatWhole(n)}
                  </Link>
                </li>
              ),
            )}
          </>
        ) : (
          status && <li className="px-1 text-sm text-gray-800">{status}</li>
        )}
        <li>{step(page + 1, next, page < pages)}</li>
      </ul>
    </nav>
  );
}

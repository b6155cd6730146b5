import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MAX_SEARCH_LENGTH } from '#shared/listing-filters';
import { pageHref } from '#web/components/ui/pagination';

/** Deep enough for 1,000,000 rows at 20 a page; a made-up ?page= beyond it reads as the last one allowed. */
const MAX_PAGE = 50_000;

/**
 * A staff list's search, filters and page in the address (?q=&status=&page=...), so reload, Back and
 * a shared link restore them. Changing a filter starts again at page 1.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();

  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      // The address as it is now: the page may not have re-rendered since the last change
      // (navigations render as transitions), and a filter must not drop the search before it.
      const next = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, value);
      }
      next.delete('page');
      setParams(next);
    },
    [setParams],
  );

  const hrefFor = useCallback(
    (page: number) => pageHref({ pathname, search: params.toString() }, page),
    [params, pathname],
  );

  const raw = Number(params.get('page') ?? 1);
  const page = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, MAX_PAGE) : 1;
  /** One of `values`, or the fallback when the address holds anything else. */
  const oneOf = <T extends string>(name: string, values: readonly T[], fallback: T): T => {
    const value = params.get(name);
    return values.includes(value as T) ? (value as T) : fallback;
  };
  /** The searched text (?q=). */
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  return { update, hrefFor, page, oneOf, q };
}

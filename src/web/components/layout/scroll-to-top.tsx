import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * docs/product.md#global-behaviour: the page scrolls to top on every route change. Not on the first page: the
 * browser placed it, and a visitor may have scrolled the server-rendered page before its
 * code ran.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

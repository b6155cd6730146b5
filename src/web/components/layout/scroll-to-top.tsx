import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: the page scrolls to top on every route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

import { useEffect, useRef, useState } from 'react';

/**
 * True once the element behind `ref` has come within `rootMargin` of the viewport, and from
 * then on (the observer stops). Without IntersectionObserver, or without an element to
 * watch, it is true at once. `initially` true skips the watching (an above-the-fold image).
 */
export function useInViewOnce<T extends Element>(rootMargin: string, { initially = false } = {}) {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(initially);
  useEffect(() => {
    if (inView) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin]);
  return { ref, inView };
}

import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Renders its children only once the spot is near the viewport, so below-the-fold widgets
 * (and the code they lazy-load) cost nothing on first paint on slow mobile data.
 */
export function RenderWhenVisible({
  children,
  placeholderClassName,
  rootMargin = '200px',
}: {
  children: ReactNode;
  placeholderClassName?: string;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  const placeholder = <div ref={ref} className={placeholderClassName} />;
  if (!visible) return placeholder;
  return <Suspense fallback={<div className={placeholderClassName} />}>{children}</Suspense>;
}

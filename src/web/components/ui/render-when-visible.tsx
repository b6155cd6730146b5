import { type ReactNode, Suspense } from 'react';
import { useInViewOnce } from './use-in-view-once';

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
  const { ref, inView: visible } = useInViewOnce<HTMLDivElement>(rootMargin);

  const placeholder = <div ref={ref} className={placeholderClassName} />;
  if (!visible) return placeholder;
  return <Suspense fallback={<div className={placeholderClassName} />}>{children}</Suspense>;
}

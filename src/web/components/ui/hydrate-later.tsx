import { type ReactNode, Suspense, use } from 'react';
import type { Category } from '#shared/categories';

/**
 * Hydration in parts. While the browser adopts the server's page, a part wrapped in
 * HydrateLater keeps the server's HTML as it is (visible, its links working as plain links)
 * and is hydrated on its own, in its own short task, once it comes within 200 px of the
 * screen or is focused, or at the visitor's first tap, key press or input anywhere, or the
 * first navigation (so an update never waits on a part that is still the server's HTML). The first hydration is smaller and no
 * single task blocks the page for long: React's selective hydration of Suspense boundaries.
 * Parts the browser renders itself (after a navigation, a new search) render at once.
 */
export function HydrateLater({
  name,
  className,
  size,
  children,
}: {
  name: string;
  className?: string;
  /** Its usual height's kind (styles/index.css), held for it while the browser skips it. */
  size?: `${Category}-card` | 'footer';
  children: ReactNode;
}) {
  return (
    <Suspense fallback={null}>
      <div data-hydrate-later={name} data-size={size} className={className}>
        <WaitWhileServerHtml name={name}>{children}</WaitWhileServerHtml>
      </div>
    </Suspense>
  );
}

const ATTRIBUTE = 'data-hydrate-later';
/**
 * The server-rendered parts, by name, each with what releases it. A released part stays
 * here with its promise fulfilled: a part must call use() on every render once it has, or
 * React reports a conditional use() when something re-renders it while it waits.
 */
const pending = new Map<string, { promise: Promise<void>; release: () => void }>();

/** app/start.tsx, before hydrating: every part the server rendered waits from now on. */
export function startHydration(): void {
  for (const element of document.querySelectorAll(`[${ATTRIBUTE}]`)) {
    const name = element.getAttribute(ATTRIBUTE) ?? '';
    if (!pending.has(name)) pending.set(name, waitFor(element));
  }
  for (const type of ['pointerdown', 'keydown', 'input']) {
    document.addEventListener(type, releaseWaitingParts, { capture: true, once: true });
  }
}

/**
 * Lets every waiting part hydrate now: before the app changes what they show (a navigation,
 * new results), since an update cannot wait on a part that is still the server's HTML.
 */
export function releaseWaitingParts(): void {
  for (const part of pending.values()) part.release();
}

function WaitWhileServerHtml({ name, children }: { name: string; children: ReactNode }) {
  const part = pending.get(name);
  if (part) use(part.promise);
  return children;
}

function waitFor(element: Element) {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  let observer: IntersectionObserver | undefined;
  const release = () => {
    observer?.disconnect();
    element.removeEventListener('focusin', release, true);
    // Marked as React marks a settled promise, so use() returns at once instead of suspending.
    Object.assign(promise, { status: 'fulfilled', value: undefined });
    resolve();
  };
  if (typeof IntersectionObserver === 'undefined') release();
  else {
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && release(), {
      rootMargin: '200px',
    });
    observer.observe(element);
    element.addEventListener('focusin', release, true);
  }
  return { promise, release };
}

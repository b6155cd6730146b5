import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md#hidden-admin-entrance: 5 clicks, at most 3 s apart, then 0.5 s before opening /admin. */
export const ADMIN_TRIGGER = { clicks: 5, resetAfterMs: 3000, redirectDelayMs: 500 } as const;

/** Counts clicks on the footer logo; calls onTrigger 0.5 s after the fifth. */
export function useAdminTrigger(onTrigger: () => void) {
  const [count, setCount] = useState(0);
  const countRef = useRef(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(resetTimer.current);
      clearTimeout(redirectTimer.current);
    },
    [],
  );

  const click = useCallback(() => {
    if (countRef.current >= ADMIN_TRIGGER.clicks) return;
    clearTimeout(resetTimer.current);
    countRef.current += 1;
    setCount(countRef.current);
    if (countRef.current >= ADMIN_TRIGGER.clicks) {
      redirectTimer.current = setTimeout(() => {
        countRef.current = 0;
        setCount(0);
        onTrigger();
      }, ADMIN_TRIGGER.redirectDelayMs);
      return;
    }
    resetTimer.current = setTimeout(() => {
      countRef.current = 0;
      setCount(0);
    }, ADMIN_TRIGGER.resetAfterMs);
  }, [onTrigger]);

  return { count, click };
}

import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product.md#session-warning: the warning appears 25 minutes after the session starts, then counts down 300 s. */
export const WARNING_AFTER_MS = 1_500_000;
export const COUNTDOWN_SECONDS = 300;

/** mm:ss, e.g. 300 → "05:00". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Runs the warning clock from `startedAt` (a change restarts it). When the countdown
 * reaches zero, onExpire runs once.
 */
export function useSessionWarning(startedAt: number, onExpire: () => void) {
  const [warning, setWarning] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(COUNTDOWN_SECONDS);
  // Read when the countdown ends; a new callback must not restart the clock.
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    setWarning(false);
    setSecondsLeft(COUNTDOWN_SECONDS);
    const warnIn = Math.max(0, startedAt + WARNING_AFTER_MS - Date.now());
    let interval: ReturnType<typeof setInterval> | undefined;
    const timeout = setTimeout(() => {
      setWarning(true);
      const warnedAt = Date.now();
      interval = setInterval(() => {
        const left = COUNTDOWN_SECONDS - Math.floor((Date.now() - warnedAt) / 1000);
        setSecondsLeft(Math.max(0, left));
        if (left <= 0) {
          clearInterval(interval);
          expire.current();
        }
      }, 1000);
    }, warnIn);
    return () => {
      clearTimeout(timeout);
      if (interval) clearInterval(interval);
    };
  }, [startedAt]);

  const dismiss = useCallback(() => setWarning(false), []);
  return { warning, secondsLeft, countdown: formatCountdown(secondsLeft), dismiss };
}

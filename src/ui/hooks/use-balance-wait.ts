import { useEffect, useRef } from 'react';

/**
 * Spec part 2 §8 "waited too long": a confirm whose account balance cannot be read polls about
 * ten times at 500 ms, then is denied and 'Unable to fetch balance within 5 secs' is logged.
 */
export const BALANCE_WAIT_MS = 5_000;
export const BALANCE_WAIT_LOG = 'Unable to fetch balance within 5 secs';

/**
 * Calls `onTimeout` once `BALANCE_WAIT_MS` have passed with `waiting` true throughout; a balance
 * that arrives in time (waiting turns false) or a screen that goes away cancels it.
 */
export function useBalanceWait(waiting: boolean, onTimeout: () => void): void {
  const latest = useRef(onTimeout);
  latest.current = onTimeout;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => latest.current(), BALANCE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
}

import { useEffect } from 'react';

import { useActions } from '../app-context';

/** Renewed well inside the engine's 45 s lease, so estimates stay polled while the screen shows. */
export const GAS_FEES_RENEW_MS = 20_000;

/**
 * Tells the engine this screen shows fee estimates: it polls them only while one does (or a
 * transaction awaits approval). The lease lapses by itself when the page goes away.
 */
export function useGasFeesShown(): void {
  const actions = useActions();
  useEffect(() => {
    const renew = () => {
      actions.showGasFees().catch(() => undefined); // best effort: a lost renewal only delays fees
    };
    renew();
    const timer = setInterval(renew, GAS_FEES_RENEW_MS);
    return () => clearInterval(timer);
  }, [actions]);
}

import { useEffect } from 'react';

import { useActions } from '../app-context';

/** At most one report per this many ms: the background's idle timeout is 600 s. */
export const ACTIVITY_REPORT_INTERVAL_MS = 30_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Tells the background the user is active, so polling that pauses for idle users resumes. */
export function useActivityReporter(): void {
  const actions = useActions();
  useEffect(() => {
    let lastReport = Number.NEGATIVE_INFINITY;
    const report = () => {
      const now = Date.now();
      if (now - lastReport < ACTIVITY_REPORT_INTERVAL_MS) return;
      lastReport = now;
      actions.reportUserActivity().catch(() => undefined); // best effort: a lost report only delays polling
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, report, { passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, report);
    };
  }, [actions]);
}

/**
 * The timer functions pollers and debounces schedule with. Production uses the global ones;
 * tests inject a manual clock so that "nothing happens" is proven by nothing being scheduled,
 * not by sleeping a fixed window.
 */
export interface Timers {
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
}

/** Whatever `setTimeout` returned; only ever handed back to `clearTimeout`. */
export type TimerHandle = unknown;

export const realTimers: Timers = {
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined),
};

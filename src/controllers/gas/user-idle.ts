/** Whether the user is idle (spec part 2 §9: idle timer 600 s); pollers skip work while idle. */
export const USER_IDLE_TIMEOUT_MS = 600_000;

export interface UserIdleTracker {
  /** Call on any user activity. */
  markActive(): void;
  isIdle(): boolean;
}

export function createUserIdleTracker({
  timeoutMs = USER_IDLE_TIMEOUT_MS,
  now = Date.now,
}: { timeoutMs?: number; now?: () => number } = {}): UserIdleTracker {
  let lastActive = now();
  return {
    markActive() {
      lastActive = now();
    },
    isIdle() {
      return now() - lastActive >= timeoutMs;
    },
  };
}

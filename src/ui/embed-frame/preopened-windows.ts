/**
 * The iframe's side of pre-opened windows (../approvals/preopen-protocol.ts): the host opened
 * `/redirect?preopenInstanceId=…` inside the user's click; if that window shares this frame's
 * storage partition (a same-site host; a cross-site frame is partitioned and cannot reach it) it
 * shows the request instead of the in-page modal. The window settles the request in the engine
 * itself, so the answer reaches the host through the frame's own connection. A window the user
 * closes unanswered releases its Web Lock at once, and its request is rejected (4001) then.
 */
import {
  PREOPEN_CHANNEL,
  isPreopenMessage,
  preopenLockName,
  type PreopenMessage,
} from '../approvals/preopen-protocol';

/** How long a pre-opened window may take to load before the in-page modal is used instead. */
export const PREOPEN_READY_MS = 8_000;

export interface PreopenedWindowsOptions {
  /** Rejects an approval (the host hears 4001); one already settled is fine. */
  reject(id: string): Promise<void>;
  readyTimeoutMs?: number;
}

export interface PreopenedWindows {
  /** Whether the window `preopenInstanceId` is there and reachable (waits for it to load). */
  reachable(preopenInstanceId: string): Promise<boolean>;
  /**
   * Points the window at `origin`'s next request and watches it until `settled`: if the window
   * goes first, the request it shows is rejected. `onUnshown`: it went before showing any
   * request (the request then needs another way to ask).
   */
  show(
    preopenInstanceId: string,
    origin: string,
    settled: Promise<unknown>,
    onUnshown: () => void,
  ): void;
  close(): void;
}

export function createPreopenedWindows(options: PreopenedWindowsOptions): PreopenedWindows {
  const timeoutMs = options.readyTimeoutMs ?? PREOPEN_READY_MS;
  const channel = new BroadcastChannel(PREOPEN_CHANNEL);
  const post = (message: PreopenMessage) => channel.postMessage(message);
  const ready = new Set<string>();
  const readyWaiters = new Map<string, Array<() => void>>();
  const showing = new Map<string, string>();
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data;
    if (!isPreopenMessage(message)) return;
    const id = message.preopenInstanceId;
    if (message.type === 'ready') {
      ready.add(id);
      for (const wake of readyWaiters.get(id) ?? []) wake();
      readyWaiters.delete(id);
    }
    if (message.type === 'showing') showing.set(id, message.id);
  };

  const storageShared = async (): Promise<boolean> => {
    // A partitioned (cross-site) frame shares no channel or lock with a first-party window.
    try {
      return typeof document.hasStorageAccess !== 'function' || (await document.hasStorageAccess());
    } catch {
      return false;
    }
  };

  return {
    async reachable(preopenInstanceId) {
      if (ready.has(preopenInstanceId)) return true;
      if (!(await storageShared())) return false;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        const waiters = readyWaiters.get(preopenInstanceId) ?? [];
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
        readyWaiters.set(preopenInstanceId, waiters);
        post({ type: 'ping', preopenInstanceId });
      });
    },
    show(preopenInstanceId, origin, settled, onUnshown) {
      let done = false;
      const abort = new AbortController();
      const finish = () => {
        done = true;
        abort.abort();
        showing.delete(preopenInstanceId);
      };
      settled.then(finish, finish);
      // Granted the moment the window's document ends (the user closed it, or it closed itself
      // after the answer): only an unanswered request is rejected.
      navigator.locks
        .request(preopenLockName(preopenInstanceId), { signal: abort.signal }, () => {
          const id = showing.get(preopenInstanceId);
          if (done) return;
          if (id) void options.reject(id).catch(() => undefined);
          else onUnshown();
        })
        .catch(() => undefined);
      post({ type: 'show', preopenInstanceId, origin, since: Date.now() });
    },
    close() {
      channel.close();
    },
  };
}

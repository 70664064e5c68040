/**
 * The pre-opened window's side (/redirect?preopenInstanceId=…), kept outside React so the lock
 * and the channel live as long as the document, not as long as one route: the window moves to
 * its request's /confirm screen by client-side routing and stays the same document.
 */
import {
  PREOPEN_CHANNEL,
  isPreopenMessage,
  preopenLockName,
  type PreopenMessage,
} from '../../approvals/preopen-protocol';

export interface PreopenShowRequest {
  origin: string;
  since: number;
}

let started: string | null = null;
let onShow: ((request: PreopenShowRequest) => void) | null = null;
let pendingShow: PreopenShowRequest | null = null;
let channel: BroadcastChannel | null = null;

/**
 * Takes the window's lock (held until the document ends), then says `ready` and answers pings.
 * Idempotent: one start per document.
 */
export function startPreopenWindow(preopenInstanceId: string): void {
  if (started !== null || typeof BroadcastChannel !== 'function' || !navigator.locks) return;
  started = preopenInstanceId;
  const post = (message: PreopenMessage) => channel?.postMessage(message);
  void navigator.locks.request(
    preopenLockName(preopenInstanceId),
    () =>
      new Promise<never>(() => {
        channel = new BroadcastChannel(PREOPEN_CHANNEL);
        channel.onmessage = (event: MessageEvent<unknown>) => {
          const message = event.data;
          if (!isPreopenMessage(message) || message.preopenInstanceId !== preopenInstanceId) return;
          if (message.type === 'ping') post({ type: 'ready', preopenInstanceId });
          if (message.type === 'show') {
            const request = { origin: message.origin, since: message.since };
            if (onShow) onShow(request);
            else pendingShow = request;
          }
        };
        post({ type: 'ready', preopenInstanceId });
      }),
  );
}

/** The page hears which request to show (at once if the iframe already said). */
export function listenForShow(listener: (request: PreopenShowRequest) => void): () => void {
  onShow = listener;
  if (pendingShow) {
    const request = pendingShow;
    pendingShow = null;
    listener(request);
  }
  return () => {
    if (onShow === listener) onShow = null;
  };
}

/** Tells the iframe which approval the window shows (it rejects it if the window closes). */
export function reportShowing(id: string): void {
  if (started) channel?.postMessage({ type: 'showing', preopenInstanceId: started, id });
}

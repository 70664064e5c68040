/**
 * What a pre-opened window and the embed iframe agree on. A host page (torus-embed 5.0.2 or our
 * SDK) opens `/redirect?preopenInstanceId=<id>` inside the user's click, so popup blockers let
 * it through, and then sends its request; the iframe points that window at the request's screen.
 * Both are pages of the wallet origin: they talk on a broadcast channel and one Web Lock, with
 * no relay server, and the window's screen settles the request in the engine directly.
 */

/** Broadcast channel (wallet origin, same storage partition only) of pre-opened windows. */
export const PREOPEN_CHANNEL = 'orrery-preopened-windows';

/**
 * Held by the pre-opened window's document from its first render to its end (closed by the user
 * or by script): whoever asks for it after `ready` is granted it exactly when the window is gone.
 */
export const preopenLockName = (preopenInstanceId: string): string =>
  `orrery-preopen:${preopenInstanceId}`;

export type PreopenMessage =
  /** iframe → window: answer with `ready` if you are there. */
  | { type: 'ping'; preopenInstanceId: string }
  /** window → iframe: loaded, holding its lock. */
  | { type: 'ready'; preopenInstanceId: string }
  /** iframe → window: show the first request of `origin` queued from `since` (ms) on. */
  | { type: 'show'; preopenInstanceId: string; origin: string; since: number }
  /** window → iframe: it now shows approval `id` (rejected if the window closes unanswered). */
  | { type: 'showing'; preopenInstanceId: string; id: string };

const TYPES = new Set(['ping', 'ready', 'show', 'showing']);

export function isPreopenMessage(value: unknown): value is PreopenMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (typeof message.type !== 'string' || !TYPES.has(message.type)) return false;
  if (typeof message.preopenInstanceId !== 'string' || message.preopenInstanceId === '') {
    return false;
  }
  if (message.type === 'show') {
    return typeof message.origin === 'string' && typeof message.since === 'number';
  }
  if (message.type === 'showing') return typeof message.id === 'string';
  return true;
}

/** The id a window was opened with (`/redirect?preopenInstanceId=…`), or null. */
export function readPreopenId(search: string): string | null {
  const id = new URLSearchParams(search).get('preopenInstanceId');
  return id && /^[\w-]{1,128}$/.test(id) ? id : null;
}

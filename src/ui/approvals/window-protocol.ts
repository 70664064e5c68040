/**
 * What the approval window and its opener agree on: the window's URL (`/confirm?id=…&origin=…`)
 * and the one message the window sends back on the wallet origin's broadcast channel, "I show
 * request `id`", by which the opener knows the window loaded.
 */

/** Broadcast channel (wallet origin only) on which a confirm window says it has loaded. */
export const APPROVAL_WINDOW_CHANNEL = 'orrery-approval-windows';

/** Spec part 1 §2: approval popups are 375×660. */
export const APPROVAL_WINDOW_FEATURES = 'popup,width=375,height=660';

/** "I show request `id`", or "I failed to load" (its opener then rejects at once). */
export type ApprovalWindowMessage = { type: 'shown' | 'failed'; id: string };

export function isApprovalWindowMessage(value: unknown): value is ApprovalWindowMessage {
  const message = value as Partial<ApprovalWindowMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    (message.type === 'shown' || message.type === 'failed') &&
    typeof message.id === 'string'
  );
}

/** Posts one message to the opener (any wallet page on the broadcast channel). */
export function postApprovalWindowMessage(message: ApprovalWindowMessage): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(APPROVAL_WINDOW_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** A window of the wallet failed to load part of itself: if it is a confirm window, say so. */
export function reportWindowLoadFailed(): void {
  const { id } = readConfirmQuery(location.search);
  if (id && /\/(confirm|providerchange)\/?$/.test(location.pathname))
    postApprovalWindowMessage({ type: 'failed', id });
}

/** The confirm window's path for one request, relative to the wallet's base (no leading slash). */
export function confirmWindowPath(id: string, origin: string): string {
  return `confirm?${new URLSearchParams({ id, origin }).toString()}`;
}

/** The window that asks to unlock first, when a dapp waits on a locked wallet ("unlock account"). */
export function unlockWindowPath(origin: string): string {
  return `confirm?${new URLSearchParams({ unlock: '1', origin }).toString()}`;
}

export interface ConfirmQuery {
  /** The request the window shows; null for an unlock window or a bare /confirm. */
  id: string | null;
  origin: string | null;
  /** Opened to unlock for a waiting dapp: it closes once the wallet is unlocked. */
  unlock: boolean;
}

export function readConfirmQuery(search: string): ConfirmQuery {
  const query = new URLSearchParams(search);
  return { id: query.get('id'), origin: query.get('origin'), unlock: query.get('unlock') === '1' };
}

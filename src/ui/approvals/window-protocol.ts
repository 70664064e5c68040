/**
 * What the approval window and its opener agree on: the window's URL (`/confirm?id=…&origin=…`)
 * and the one message the window sends back on the wallet origin's broadcast channel, "I show
 * request `id`", by which the opener knows the window loaded.
 */

/** Broadcast channel (wallet origin only) on which a confirm window says it has loaded. */
export const APPROVAL_WINDOW_CHANNEL = 'orrery-approval-windows';

/** Spec part 1 §2: approval popups are 375×660. */
export const APPROVAL_WINDOW_FEATURES = 'popup,width=375,height=660';

export type ApprovalWindowMessage = { type: 'shown'; id: string };

export function isApprovalWindowMessage(value: unknown): value is ApprovalWindowMessage {
  const message = value as Partial<ApprovalWindowMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.type === 'shown' &&
    typeof message.id === 'string'
  );
}

/** The confirm window's path for one request, relative to the wallet's base (no leading slash). */
export function confirmWindowPath(id: string, origin: string): string {
  return `confirm?${new URLSearchParams({ id, origin }).toString()}`;
}

/** The request a confirm window was opened for, or null when its URL names none. */
export function readConfirmQuery(search: string): { id: string; origin: string | null } | null {
  const query = new URLSearchParams(search);
  const id = query.get('id');
  return id ? { id, origin: query.get('origin') } : null;
}

/**
 * The wire protocol between the background engine (worker or in-process) and a view.
 *
 * One ordered stream per view: a snapshot with a sequence number, then patch batches with
 * consecutive sequence numbers. A view that sees a gap, or reconnects, sends `subscribe` again
 * and gets a fresh snapshot. Action calls are request/response pairs matched by id.
 */
import type { ActionName } from '../actions/action-api';
import type { UiState } from '../ui-state';

/** An immer patch whose path starts with the controller name, e.g. ['NetworkController', 'latestBlockNumber']. */
export interface StatePatch {
  op: 'replace' | 'add' | 'remove';
  path: (string | number)[];
  value?: unknown;
}

export interface ActionError {
  code: number;
  message: string;
  data?: unknown;
}

export type BackgroundMessage =
  | { type: 'snapshot'; seq: number; state: UiState }
  | { type: 'patches'; seq: number; patches: StatePatch[] }
  | { type: 'response'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ActionError };

export type ViewMessage =
  | { type: 'subscribe' }
  | { type: 'unsubscribe' }
  | { type: 'request'; id: number; action: ActionName; params: unknown[] };

/** The minimal duplex channel both ends speak over: a Worker, a MessagePort, or an in-memory pair. */
export interface MessageChannelPort<Incoming, Outgoing> {
  postMessage(message: Outgoing): void;
  /** Returns a function that stops listening. */
  onMessage(listener: (message: Incoming) => void): () => void;
}

/** Error codes of the action API (JSON-RPC style, so they read the same as dapp-facing errors). */
export const ActionErrorCode = {
  unknownAction: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** A controller refused the request (wrong password, bad input...). */
  rejected: -32000,
} as const;

/**
 * The wire protocol between the one background engine of the wallet origin and its pages.
 *
 * A page reaches the engine over one link (a SharedWorker's port, or a BroadcastChannel shared
 * by every page of the origin, with messages addressed by client id). Over that link travel
 * frames of three channels:
 * - `view`: one ordered stream per page, a snapshot with a sequence number, then patch batches
 *   with consecutive sequence numbers. A page that sees a gap, or reconnects, sends `subscribe`
 *   again and gets a fresh snapshot.
 * - `action`: the typed action API, request/response pairs matched by id.
 * - `provider`: any number of JSON-RPC provider streams, each opened for one origin that the
 *   opening page's code fixed (never a dapp's message), with requests, responses and
 *   notifications, and closed by either side.
 *
 * This file holds types and constants only (no runtime imports), so pages, workers and the
 * embed can all share it.
 */
import type { ActionName } from './action-api';
import type { UiState } from './ui-state';

/** An immer patch whose path starts with the controller name, e.g. ['NetworkController', 'latestBlockNumber']. */
export interface StatePatch {
  op: 'replace' | 'add' | 'remove';
  path: (string | number)[];
  value?: unknown;
}

export interface ActionError {
  code: number;
  message: string;
  /** For a refusal with a reason: `{ code: FailureCode, … }` (errors.ts). */
  data?: unknown;
}

// ------------------------------------------------------------------ view and action channels

/** The engine's side of the view channel. */
export type StateMessage =
  | { type: 'snapshot'; seq: number; state: UiState }
  | { type: 'patches'; seq: number; patches: StatePatch[] };

/** The engine's side of the action channel. */
export type ActionResultMessage =
  | { type: 'response'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ActionError };

export type ViewSubscriptionMessage = { type: 'subscribe' } | { type: 'unsubscribe' };

export interface ActionRequestMessage {
  type: 'request';
  id: number;
  action: ActionName;
  params: unknown[];
}

/** What the engine sends one view (serveView / BackgroundClient speak view and action together). */
export type BackgroundMessage = StateMessage | ActionResultMessage;

/** What one view sends the engine. */
export type ViewMessage = ViewSubscriptionMessage | ActionRequestMessage;

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

// ------------------------------------------------------------------ provider channel

/** JSON-RPC params as EIP-1193 allows them. */
export type ProviderParams = readonly unknown[] | Record<string, unknown>;

/** A dapp's JSON-RPC request on a provider stream; `id` is the page's own, unique per stream. */
export interface ProviderRequest {
  id: number;
  method: string;
  params?: ProviderParams;
}

export interface ProviderError {
  code: number;
  message: string;
  data?: unknown;
}

export type ProviderResponse =
  { id: number; result: unknown } | { id: number; error: ProviderError };

/** A JSON-RPC notification from the engine: wallet_accountsChanged, wallet_chainChanged, eth_subscription... */
export interface ProviderNotification {
  method: string;
  params?: unknown;
}

/**
 * Whose provider a stream is. The opening page's code decides: the wallet's own pages ask for
 * the wallet, the provider frame for the origin it pinned from its parent's first message.
 */
export type ProviderOrigin = { kind: 'wallet' } | { kind: 'dapp'; origin: string };

/** Page → engine, on one provider stream. */
export type ProviderStreamMessage =
  | { type: 'open'; origin: ProviderOrigin }
  | { type: 'request'; request: ProviderRequest }
  | { type: 'close' };

/** Engine → page, on one provider stream. */
export type ProviderStreamEvent =
  | { type: 'opened'; origin: string }
  | { type: 'response'; response: ProviderResponse }
  | { type: 'notification'; notification: ProviderNotification }
  /** The engine ended the stream (or refused to open it); pending requests are void. */
  | { type: 'closed'; error?: ProviderError };

// ------------------------------------------------------------------ frames

/** Everything a page sends its engine, by channel. */
export type PageFrame =
  | { channel: 'view'; message: ViewSubscriptionMessage }
  | { channel: 'action'; message: ActionRequestMessage }
  | { channel: 'provider'; stream: number; message: ProviderStreamMessage };

/** Everything the engine sends one page, by channel. */
export type EngineFrame =
  | { channel: 'view'; message: StateMessage }
  | { channel: 'action'; message: ActionResultMessage }
  | { channel: 'provider'; stream: number; message: ProviderStreamEvent };

// ------------------------------------------------------------------ links

/** Bumped when frames change incompatibly: a page and an engine of other versions do not talk. */
export const WIRE_VERSION = 2;

/**
 * On a SharedWorker's port: the page says hello first; the worker answers `welcome` when it
 * runs the engine, or `elsewhere` when another realm does (the page then uses the broadcast
 * channel); then frames flow both ways.
 */
export type PortMessageToEngine =
  { kind: 'hello'; clientId: string; version: number } | { kind: 'frame'; frame: PageFrame };

export type PortMessageToPage =
  | { kind: 'welcome'; engineId: string }
  | { kind: 'elsewhere' }
  | { kind: 'frame'; frame: EngineFrame };

/**
 * On the broadcast channel every page and the engine hear everything; messages name their
 * sender and receiver. The running engine announces itself (`engine-up`); a page says hello
 * (again after every engine-up, and until it is welcomed) and is welcomed; frames are addressed
 * by engine and client id. The channel loses messages (ordered-delivery.ts), so each direction
 * of a page's session numbers its frames (`seq`, from 1 per engine) and the other side
 * acknowledges the last one it delivered (`page-ack` for frames to the page, `engine-ack` for
 * frames to the engine).
 */
export type BroadcastMessage =
  | { kind: 'engine-up'; engineId: string; version: number }
  | { kind: 'hello'; clientId: string; version: number }
  | { kind: 'welcome'; engineId: string; clientId: string }
  | { kind: 'to-engine'; engineId: string; clientId: string; seq: number; frame: PageFrame }
  | { kind: 'to-page'; engineId: string; clientId: string; seq: number; frame: EngineFrame }
  | { kind: 'page-ack'; engineId: string; clientId: string; upTo: number }
  | { kind: 'engine-ack'; engineId: string; clientId: string; upTo: number };

/** The broadcast channel's name. */
export const ENGINE_CHANNEL = 'orrery-engine';

/**
 * Web Lock held by the realm that runs the engine, for the engine's whole life, taken before
 * it opens IndexedDB: no second engine ever opens the database.
 */
export const ENGINE_LOCK = 'orrery-engine';

/** Web Lock the pages queue for when there is no SharedWorker: its holder hosts the engine. */
export const LEADER_LOCK = 'orrery-engine-leader';

/** Web Lock each page holds for its life; the engine asks for it to learn that the page is gone. */
export function pageLockName(clientId: string): string {
  return `orrery-page:${clientId}`;
}

// ------------------------------------------------------------------ platform parts

/** The part of the Web Locks API (`navigator.locks`) the link uses; tests pass a fake. */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: { name: string } | null) => T,
  ): Promise<T>;
}

/** The part of BroadcastChannel the link uses. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/**
 * The view's end of the background protocol: mirrors the UI state with the snapshot + patches
 * handshake and turns action calls into request/response pairs.
 *
 * Sequencing: a snapshot replaces everything and sets the sequence number; a patch batch applies
 * only if it is exactly the next one. Duplicates (seq <= last) are ignored. A gap means a batch
 * was lost, so the client drops it, subscribes again and applies nothing until the fresh
 * snapshot arrives.
 */
import {
  ACTION_NAMES,
  type ActionName,
  type RemoteActionApi,
} from '../../background/contract/action-api';
import type {
  ActionError,
  BackgroundMessage,
  MessageChannelPort,
  StatePatch,
  ViewMessage,
} from '../../background/contract/protocol';
import type { UiState } from '../../background/contract/ui-state';

export type BackgroundPort = MessageChannelPort<BackgroundMessage, ViewMessage>;

/** Receives the mirrored state. Called only with state that is consistent with the background. */
export interface StateSink {
  applySnapshot(state: UiState): void;
  applyPatches(patches: StatePatch[]): void;
}

/** An action failed in the background, or the connection closed before it answered. */
export class BackgroundActionError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor({ code, message, data }: ActionError) {
    super(message);
    this.name = 'BackgroundActionError';
    this.code = code;
    this.data = data;
  }
}

/** Code of the error pending requests reject with when their connection closes (not a JSON-RPC code). */
export const CONNECTION_CLOSED_CODE = 4900;

interface PendingRequest {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export class BackgroundClient {
  readonly actions: RemoteActionApi;

  #sink: StateSink;
  #port: BackgroundPort | null = null;
  #stopListening: (() => void) | null = null;
  /** Sequence number of the last applied snapshot or batch; null while waiting for a snapshot. */
  #seq: number | null = null;
  #nextRequestId = 1;
  #pending = new Map<number, PendingRequest>();

  constructor(sink: StateSink) {
    this.#sink = sink;
    this.actions = this.#createActions();
  }

  /** True once a snapshot has been applied on the current connection and no gap is outstanding. */
  get isSynced(): boolean {
    return this.#seq !== null;
  }

  /**
   * Connects (or reconnects) over a port: closes any previous connection, then subscribes and
   * waits for a fresh snapshot.
   */
  connect(port: BackgroundPort): void {
    this.close();
    this.#port = port;
    this.#stopListening = port.onMessage((message) => this.#onMessage(message));
    this.#subscribe();
  }

  /** Unsubscribes and rejects every request still waiting for an answer. */
  close(): void {
    const port = this.#port;
    if (!port) return;
    this.#stopListening?.();
    this.#stopListening = null;
    this.#port = null;
    this.#seq = null;
    port.postMessage({ type: 'unsubscribe' });
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const request of pending) {
      request.reject(
        new BackgroundActionError({
          code: CONNECTION_CLOSED_CODE,
          message: 'Connection to the background closed',
        }),
      );
    }
  }

  #subscribe(): void {
    this.#seq = null;
    this.#port?.postMessage({ type: 'subscribe' });
  }

  #onMessage(message: BackgroundMessage): void {
    switch (message.type) {
      case 'snapshot':
        this.#seq = message.seq;
        this.#sink.applySnapshot(message.state);
        return;
      case 'patches':
        this.#onPatches(message.seq, message.patches);
        return;
      case 'response':
        this.#settle(message.id, (request) => request.resolve(message.result));
        return;
      case 'error':
        this.#settle(message.id, (request) =>
          request.reject(new BackgroundActionError(message.error)),
        );
        return;
    }
  }

  #onPatches(seq: number, patches: StatePatch[]): void {
    if (this.#seq === null) return; // waiting for a snapshot; it will include these changes
    if (seq <= this.#seq) return; // a duplicate
    if (seq > this.#seq + 1) {
      this.#subscribe(); // a batch went missing: resync from a fresh snapshot
      return;
    }
    this.#seq = seq;
    try {
      this.#sink.applyPatches(patches);
    } catch (error) {
      // The mirror no longer matches the background: start over from a snapshot.
      console.warn('Resyncing after a patch failed to apply', error);
      this.#subscribe();
    }
  }

  #settle(id: number, settle: (request: PendingRequest) => void): void {
    const request = this.#pending.get(id);
    if (!request) return; // not ours, or already settled
    this.#pending.delete(id);
    settle(request);
  }

  #request(action: ActionName, params: unknown[]): Promise<unknown> {
    const port = this.#port;
    if (!port) {
      return Promise.reject(
        new BackgroundActionError({
          code: CONNECTION_CLOSED_CODE,
          message: 'Not connected to the background',
        }),
      );
    }
    const id = this.#nextRequestId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      port.postMessage({ type: 'request', id, action, params });
    });
  }

  #createActions(): RemoteActionApi {
    const call =
      <Name extends ActionName>(action: Name) =>
      (...params: Parameters<RemoteActionApi[Name]>) =>
        this.#request(action, params) as ReturnType<RemoteActionApi[Name]>;
    return Object.fromEntries(ACTION_NAMES.map((name) => [name, call(name)])) as RemoteActionApi;
  }
}

import {
  ActionErrorCode,
  type BackgroundMessage,
  type MessageChannelPort,
  type ViewMessage,
} from '../contract/protocol';
import type { ActionError } from '../contract/protocol';
import type { PatchBatch } from './ui-state-source';
import type { UiState } from '../contract/ui-state';

/** What a view connection needs from the engine. */
export interface ViewHost {
  getSnapshot(): { seq: number; state: UiState };
  subscribe(listener: (batch: PatchBatch) => void): () => void;
  call(action: string, params: unknown[]): Promise<unknown>;
}

export function toActionError(error: unknown): ActionError {
  if (error && typeof error === 'object') {
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown };
    return {
      code: typeof code === 'number' ? code : ActionErrorCode.rejected,
      message: typeof message === 'string' ? message : String(error),
      ...(data === undefined ? {} : { data: JSON.parse(JSON.stringify(data)) as unknown }),
    };
  }
  return { code: ActionErrorCode.internal, message: String(error) };
}

/**
 * Serves one view over a port: a snapshot then patches on `subscribe` (again on every resync),
 * and a response or an error for every request. Returns a function that stops serving.
 */
export function serveView(
  host: ViewHost,
  port: MessageChannelPort<ViewMessage, BackgroundMessage>,
): () => void {
  let stopPatches: (() => void) | null = null;

  const subscribe = () => {
    stopPatches?.();
    // Snapshot and subscription happen in one synchronous step, so no batch can fall between them.
    const { seq, state } = host.getSnapshot();
    port.postMessage({ type: 'snapshot', seq, state });
    stopPatches = host.subscribe((batch) =>
      port.postMessage({ type: 'patches', seq: batch.seq, patches: batch.patches }),
    );
  };

  const stopMessages = port.onMessage((message) => {
    switch (message?.type) {
      case 'subscribe':
        subscribe();
        break;
      case 'unsubscribe':
        stopPatches?.();
        stopPatches = null;
        break;
      case 'request': {
        const { id } = message;
        host.call(message.action, Array.isArray(message.params) ? message.params : []).then(
          (result) => port.postMessage({ type: 'response', id, result: result ?? null }),
          (error: unknown) => port.postMessage({ type: 'error', id, error: toActionError(error) }),
        );
        break;
      }
      default:
        console.warn('Orrery: ignoring an unknown view message', message);
    }
  });

  return () => {
    stopMessages();
    stopPatches?.();
  };
}

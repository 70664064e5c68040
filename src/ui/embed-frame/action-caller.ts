/**
 * Calls engine actions over a page's action channel without subscribing to the view: the embed
 * iframe acts (logout, key import) but mirrors no state, so its presence on a dapp page starts
 * none of the polling a subscribed view keeps alive.
 */
import type {
  BackgroundMessage,
  MessageChannelPort,
  ViewMessage,
} from '../../background/contract/protocol';
import type { ActionName, RemoteActionApi } from '../../background/contract/action-api';

export class ActionCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ActionCallError';
  }
}

export type ActionCaller = <Name extends ActionName>(
  action: Name,
  ...params: Parameters<RemoteActionApi[Name]>
) => ReturnType<RemoteActionApi[Name]>;

export function createActionCaller(
  port: MessageChannelPort<BackgroundMessage, ViewMessage>,
): ActionCaller {
  // The approval modal's BackgroundClient numbers its requests on the same port from 1, and
  // every response reaches both: ours start far above, so the ids never meet.
  let nextId = 2 ** 40;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  port.onMessage((message) => {
    if (message.type !== 'response' && message.type !== 'error') return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.type === 'response') waiting.resolve(message.result);
    else
      waiting.reject(
        new ActionCallError(message.error.code, message.error.message, message.error.data),
      );
  });
  return ((action: ActionName, ...params: unknown[]) => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      port.postMessage({ type: 'request', id, action, params });
    });
  }) as ActionCaller;
}

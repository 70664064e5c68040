import { isClientId, type PageSessions } from './page-sessions';
import {
  WIRE_VERSION,
  type BroadcastChannelLike,
  type BroadcastMessage,
  type EngineFrame,
  type PageFrame,
} from '../contract/protocol';

/**
 * The engine's end of the broadcast link. Pages without a port to the engine (no SharedWorker,
 * or one whose realm does not run the engine) share one BroadcastChannel with it; every message
 * names its engine and client. BroadcastChannel cannot transfer MessagePorts, so addressing by
 * client id is what gives each page its own duplex channel; and since the channel outlives any
 * engine, a page keeps it across a handover and only says hello to the next engine.
 *
 * Announces the engine once (`engine-up`), welcomes every page that says hello with this wire
 * version, and routes that page's frames to its session. Returns a function that stops.
 */
export function serveBroadcastPages(options: {
  channel: BroadcastChannelLike;
  engineId: string;
  sessions: PageSessions;
}): () => void {
  const { channel, engineId, sessions } = options;
  const inboxes = new Map<string, Set<(frame: PageFrame) => void>>();
  const post = (message: BroadcastMessage) => channel.postMessage(message);

  const portFor = (clientId: string) => {
    const listeners = new Set<(frame: PageFrame) => void>();
    inboxes.set(clientId, listeners);
    return {
      postMessage: (frame: EngineFrame) => post({ kind: 'to-page', engineId, clientId, frame }),
      onMessage(listener: (frame: PageFrame) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  };

  const onMessage = (event: MessageEvent) => {
    const message = event.data as Partial<BroadcastMessage> | null;
    if (!message || typeof message !== 'object') return;
    if (message.kind === 'hello') {
      if (message.version !== WIRE_VERSION || !isClientId(message.clientId)) return;
      const { clientId } = message;
      if (!sessions.has(clientId)) {
        sessions.open(clientId, portFor(clientId), () => inboxes.delete(clientId));
      }
      post({ kind: 'welcome', engineId, clientId });
    } else if (message.kind === 'to-engine' && message.engineId === engineId) {
      // No inbox: the page never said hello, or its session ended.
      const inbox =
        typeof message.clientId === 'string' ? inboxes.get(message.clientId) : undefined;
      for (const listener of inbox ?? []) listener(message.frame as PageFrame);
    }
  };

  channel.addEventListener('message', onMessage);
  post({ kind: 'engine-up', engineId, version: WIRE_VERSION });
  return () => {
    channel.removeEventListener('message', onMessage);
    inboxes.clear();
  };
}

import { InboundFrames, OutboundFrames } from '../contract/ordered-delivery';
import { isClientId, type PageSessions } from './page-sessions';
import {
  WIRE_VERSION,
  type BroadcastChannelLike,
  type BroadcastMessage,
  type EngineFrame,
  type PageFrame,
} from '../contract/protocol';

/** One page's session on the broadcast channel: its numbered frames both ways. */
interface BroadcastSession {
  listeners: Set<(frame: PageFrame) => void>;
  toPage: OutboundFrames<EngineFrame>;
  fromPage: InboundFrames<PageFrame>;
}

/**
 * The engine's end of the broadcast link. Pages without a port to the engine (no SharedWorker,
 * or one whose realm does not run the engine) share one BroadcastChannel with it; every message
 * names its engine and client. BroadcastChannel cannot transfer MessagePorts, so addressing by
 * client id is what gives each page its own duplex channel; and since the channel outlives any
 * engine, a page keeps it across a handover and only says hello to the next engine. Frames are
 * numbered and acknowledged both ways (ordered-delivery.ts): the channel loses messages.
 *
 * Announces the engine once (`engine-up`), welcomes every page that says hello with this wire
 * version (again for a repeated hello: the first welcome may have been lost), and routes that
 * page's frames to its session. Returns a function that stops.
 */
export function serveBroadcastPages(options: {
  channel: BroadcastChannelLike;
  engineId: string;
  sessions: PageSessions;
}): () => void {
  const { channel, engineId, sessions } = options;
  const pages = new Map<string, BroadcastSession>();
  const post = (message: BroadcastMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // The channel closed (its realm is going away): a resend or acknowledgement has no one to reach.
    }
  };

  const portFor = (clientId: string) => {
    const session: BroadcastSession = {
      listeners: new Set(),
      toPage: new OutboundFrames((seq, frame) =>
        post({ kind: 'to-page', engineId, clientId, seq, frame }),
      ),
      fromPage: new InboundFrames(
        (frame) => {
          for (const listener of [...session.listeners]) listener(frame);
        },
        (upTo) => post({ kind: 'engine-ack', engineId, clientId, upTo }),
      ),
    };
    pages.set(clientId, session);
    return {
      postMessage: (frame: EngineFrame) => session.toPage.send(frame),
      onMessage(listener: (frame: PageFrame) => void) {
        session.listeners.add(listener);
        return () => session.listeners.delete(listener);
      },
    };
  };
  const end = (clientId: string) => {
    const session = pages.get(clientId);
    if (!session) return;
    pages.delete(clientId);
    session.toPage.close();
    session.fromPage.close();
  };

  const onMessage = (event: MessageEvent) => {
    const message = event.data as Partial<BroadcastMessage> | null;
    if (!message || typeof message !== 'object') return;
    if (message.kind === 'hello') {
      if (message.version !== WIRE_VERSION || !isClientId(message.clientId)) return;
      const { clientId } = message;
      if (!sessions.has(clientId)) {
        sessions.open(clientId, portFor(clientId), () => end(clientId));
      }
      post({ kind: 'welcome', engineId, clientId });
      return;
    }
    if (message.kind !== 'to-engine' && message.kind !== 'page-ack') return;
    if (message.engineId !== engineId || typeof message.clientId !== 'string') return;
    // No session: the page never said hello, or its session ended.
    const session = pages.get(message.clientId);
    if (!session) return;
    if (message.kind === 'to-engine' && typeof message.seq === 'number') {
      session.fromPage.receive(message.seq, message.frame as PageFrame);
    } else if (message.kind === 'page-ack' && typeof message.upTo === 'number') {
      session.toPage.acknowledge(message.upTo);
    }
  };

  channel.addEventListener('message', onMessage);
  post({ kind: 'engine-up', engineId, version: WIRE_VERSION });
  return () => {
    channel.removeEventListener('message', onMessage);
    for (const clientId of [...pages.keys()]) end(clientId);
  };
}

/**
 * A page's link to the one engine of the wallet origin: frames out, frames in, and a signal for
 * every engine the page gets connected to (the first, and each one after a handover). Frames
 * sent before the first engine answers wait in order; after that they go to the current engine
 * at once, and whatever a departed engine never answered is re-established by the channels
 * themselves when the next engine connects (see PageWire).
 */
import { InboundFrames, OutboundFrames } from '../../background/contract/ordered-delivery';
import {
  WIRE_VERSION,
  type BroadcastChannelLike,
  type BroadcastMessage,
  type EngineFrame,
  type MessageChannelPort,
  type PageFrame,
  type PortMessageToEngine,
  type PortMessageToPage,
} from '../../background/contract/protocol';

export interface EngineLink {
  /** The engine this page talks to now; null until the first one answers. */
  readonly engineId: string | null;
  send(frame: PageFrame): void;
  onFrame(listener: (frame: EngineFrame) => void): () => void;
  onConnect(listener: (engineId: string) => void): () => void;
  close(): void;
}

/** Frames held before the first engine answers; a page that sends more has a bug. */
const MAX_QUEUED = 1000;

/** The transport-independent part: queueing until the first engine, listeners. */
class LinkCore implements EngineLink {
  engineId: string | null = null;
  #post: (frame: PageFrame, engineId: string) => void;
  readonly #onClose: () => void;
  readonly #frameListeners = new Set<(frame: EngineFrame) => void>();
  readonly #connectListeners = new Set<(engineId: string) => void>();
  #queue: PageFrame[] = [];
  #closed = false;

  constructor(post: (frame: PageFrame, engineId: string) => void, onClose: () => void) {
    this.#post = post;
    this.#onClose = onClose;
  }

  /** Sends through another transport from now on. */
  redirect(post: (frame: PageFrame, engineId: string) => void): void {
    this.#post = post;
  }

  send(frame: PageFrame): void {
    if (this.#closed) return;
    if (this.engineId !== null) {
      this.#post(frame, this.engineId);
      return;
    }
    if (this.#queue.length >= MAX_QUEUED) {
      throw new Error(`Orrery: ${MAX_QUEUED} messages already wait for the engine`);
    }
    this.#queue.push(frame);
  }

  onFrame(listener: (frame: EngineFrame) => void): () => void {
    this.#frameListeners.add(listener);
    return () => this.#frameListeners.delete(listener);
  }

  onConnect(listener: (engineId: string) => void): () => void {
    this.#connectListeners.add(listener);
    return () => this.#connectListeners.delete(listener);
  }

  connected(engineId: string): void {
    if (this.#closed || engineId === this.engineId) return;
    this.engineId = engineId;
    for (const frame of this.#queue.splice(0)) this.#post(frame, engineId);
    for (const listener of [...this.#connectListeners]) listener(engineId);
  }

  receive(frame: EngineFrame): void {
    if (this.#closed) return;
    for (const listener of [...this.#frameListeners]) listener(frame);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#queue = [];
    this.#frameListeners.clear();
    this.#connectListeners.clear();
    this.#onClose();
  }
}

/** How often a page that waits for a welcome says hello again (a hello or welcome may be lost). */
export const HELLO_AGAIN_MS = 500;

/**
 * The link over the broadcast channel shared by every page of the origin and the engine. Says
 * hello now, again whenever an engine announces itself, and again every HELLO_AGAIN_MS until
 * that engine welcomes it; takes a welcome only from the latest engine announced (a late welcome
 * from a departed one is ignored). Frames are numbered and acknowledged both ways, per engine
 * (ordered-delivery.ts): the channel loses messages.
 */
export function createBroadcastLink(channel: BroadcastChannelLike, clientId: string): EngineLink {
  let latestAnnounced: string | null = null;
  const post = (message: BroadcastMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // The channel closed (its realm is going away): a resend or acknowledgement has no one to reach.
    }
  };
  const hello = () => post({ kind: 'hello', clientId, version: WIRE_VERSION });

  /** The numbered frames of this page's session with the engine it talks to now. */
  let session: {
    engineId: string;
    toEngine: OutboundFrames<PageFrame>;
    fromEngine: InboundFrames<EngineFrame>;
  } | null = null;
  const sessionWith = (engineId: string) => {
    if (session?.engineId === engineId) return session;
    endSession();
    session = {
      engineId,
      toEngine: new OutboundFrames((seq, frame) =>
        post({ kind: 'to-engine', engineId, clientId, seq, frame }),
      ),
      fromEngine: new InboundFrames(
        (frame) => core.receive(frame),
        (upTo) => post({ kind: 'page-ack', engineId, clientId, upTo }),
      ),
    };
    return session;
  };
  const endSession = () => {
    session?.toEngine.close();
    session?.fromEngine.close();
    session = null;
  };

  let helloTimer: ReturnType<typeof setInterval> | null = null;
  const waitingForWelcome = () =>
    core.engineId === null || (latestAnnounced !== null && core.engineId !== latestAnnounced);
  const greet = () => {
    hello();
    helloTimer ??= setInterval(() => {
      if (waitingForWelcome()) hello();
      else stopGreeting();
    }, HELLO_AGAIN_MS);
  };
  const stopGreeting = () => {
    if (helloTimer !== null) clearInterval(helloTimer);
    helloTimer = null;
  };

  const onMessage = (event: MessageEvent) => {
    const message = event.data as Partial<BroadcastMessage> | null;
    if (!message || typeof message !== 'object') return;
    switch (message.kind) {
      case 'engine-up':
        if (message.version !== WIRE_VERSION || typeof message.engineId !== 'string') return;
        latestAnnounced = message.engineId;
        if (message.engineId !== core.engineId) greet();
        return;
      case 'welcome':
        if (message.clientId !== clientId || typeof message.engineId !== 'string') return;
        if (latestAnnounced !== null && message.engineId !== latestAnnounced) return;
        sessionWith(message.engineId);
        core.connected(message.engineId);
        if (!waitingForWelcome()) stopGreeting();
        return;
      case 'to-page':
      case 'engine-ack': {
        // Only its own, from the engine it talks to now.
        const current = session;
        if (message.clientId !== clientId || message.engineId !== core.engineId) return;
        if (!current || current.engineId !== message.engineId) return;
        if (message.kind === 'to-page' && typeof message.seq === 'number') {
          current.fromEngine.receive(message.seq, message.frame as EngineFrame);
        } else if (message.kind === 'engine-ack' && typeof message.upTo === 'number') {
          current.toEngine.acknowledge(message.upTo);
        }
        return;
      }
    }
  };

  const core = new LinkCore(
    (frame, engineId) => sessionWith(engineId).toEngine.send(frame),
    () => {
      stopGreeting();
      endSession();
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  );
  channel.addEventListener('message', onMessage);
  greet();
  return core;
}

/**
 * The link over a SharedWorker's port. The worker welcomes the page when it runs the engine;
 * when another realm runs it (a SharedWorker of another script URL, or a leader's Worker), it
 * says `elsewhere` and the page goes over the broadcast link instead.
 */
export function createSharedWorkerLink(
  port: MessageChannelPort<PortMessageToPage, PortMessageToEngine>,
  clientId: string,
  broadcastLink: () => EngineLink,
): EngineLink {
  let inner: EngineLink | null = null;
  const core = new LinkCore(
    (frame) => port.postMessage({ kind: 'frame', frame }),
    () => {
      stopListening();
      inner?.close();
    },
  );
  const stopListening = port.onMessage((message) => {
    if (message?.kind === 'frame') {
      if (inner === null) core.receive(message.frame);
    } else if (message?.kind === 'welcome' && inner === null) {
      core.connected(message.engineId);
    } else if (message?.kind === 'elsewhere' && inner === null) {
      const link = broadcastLink();
      inner = link;
      core.redirect((frame) => link.send(frame));
      link.onFrame((frame) => core.receive(frame));
      link.onConnect((engineId) => core.connected(engineId));
    }
  });
  port.postMessage({ kind: 'hello', clientId, version: WIRE_VERSION });
  return core;
}

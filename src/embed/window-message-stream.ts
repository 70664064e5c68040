// A duplex message channel between two windows (host page <-> wallet iframe), wire-compatible
// with @metamask/post-message-stream's WindowPostMessageStream and openlogin-jrpc's
// BasePostMessageStream, without Node streams. See ./wire.ts for the format.
import { createListenerSet } from './listeners';
import {
  ACK,
  BRK,
  SYN,
  isControlWord,
  isEnvelopeFor,
  isExactOrigin,
  isStreamPayload,
  type StreamPayload,
} from './wire';

/** The window we post to (a real Window satisfies this). */
export interface MessageTargetWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The fields of a `message` event that the stream reads. */
export interface IncomingMessageEvent {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** The window whose `message` events we receive (a real Window satisfies this). */
export interface MessageListenWindow {
  addEventListener(type: 'message', listener: (event: IncomingMessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: IncomingMessageEvent) => void): void;
}

export interface WindowMessageStreamOptions {
  /** Our stream's name: we accept only envelopes whose `target` is this. */
  name: string;
  /** The other side's stream name: our envelopes carry it as `target`. */
  target: string;
  /** The other side's window; messages from any other window are ignored. */
  targetWindow: MessageTargetWindow;
  /**
   * The other side's exact origin. Omit it only on the iframe side: the origin of the first
   * handshake message from `targetWindow` is then pinned, and other origins are ignored after.
   */
  targetOrigin?: string;
  /**
   * An origin pin shared with other streams to the same window (the embed iframe's two
   * streams): whichever hears the host first pins the origin for all of them.
   */
  originPin?: OriginPin;
  /** Where `message` events arrive; defaults to the global `window`, read when called. */
  selfWindow?: MessageListenWindow;
  /** Most sends held while the handshake is pending; more throw. */
  maxBuffered?: number;
}

/** The other side's origin, learned once; shared by streams that must answer the same origin. */
export interface OriginPin {
  origin: string | undefined;
}

export function createOriginPin(origin?: string): OriginPin {
  return { origin };
}

export interface WindowMessageStream {
  readonly name: string;
  readonly target: string;
  /** True between a completed handshake and close() (or the peer restarting). */
  readonly connected: boolean;
  /** The pinned origin of the other side, once known. */
  readonly targetOrigin: string | undefined;
  /** Posts now if connected, else holds the message until the handshake completes. */
  send(data: StreamPayload): void;
  onData(listener: (data: StreamPayload) => void): () => void;
  /** Called after every completed handshake: the first one and any after the peer restarted. */
  onConnect(listener: () => void): () => void;
  /** Stops listening and drops held messages; later sends throw. */
  close(): void;
}

const DEFAULT_MAX_BUFFERED = 1000;

export function createWindowMessageStream(
  options: WindowMessageStreamOptions,
): WindowMessageStream {
  const { name, target, targetWindow } = options;
  const label = `window message stream "${name}"`;
  if (typeof name !== 'string' || name === '' || typeof target !== 'string' || target === '') {
    throw new TypeError(`${label}: name and target must be non-empty strings`);
  }
  if (typeof targetWindow?.postMessage !== 'function') {
    throw new TypeError(`${label}: targetWindow must be a window`);
  }
  if (options.targetOrigin !== undefined && !isExactOrigin(options.targetOrigin)) {
    throw new TypeError(
      `${label}: targetOrigin must be an exact origin, got "${options.targetOrigin}"`,
    );
  }
  const selfWindow = options.selfWindow ?? globalWindow(label);
  const maxBuffered = options.maxBuffered ?? DEFAULT_MAX_BUFFERED;

  const pin = options.originPin ?? createOriginPin(options.targetOrigin);
  if (options.targetOrigin !== undefined) {
    if (pin.origin !== undefined && pin.origin !== options.targetOrigin) {
      throw new TypeError(`${label}: targetOrigin differs from the shared pin`);
    }
    pin.origin = options.targetOrigin;
  }
  let connected = false;
  let haveSyn = false;
  let closed = false;
  let held: StreamPayload[] = [];
  const dataListeners = createListenerSet<StreamPayload>();
  const connectListeners = createListenerSet<void>();

  // Only handshake words can leave before the origin is pinned, so '*' never carries data.
  const post = (data: StreamPayload) =>
    targetWindow.postMessage({ target, data }, pin.origin ?? '*');

  const onHandshake = (word: StreamPayload) => {
    if (word === SYN) {
      // A SYN while connected means the peer restarted (its window reloaded): handshake again.
      connected = false;
      haveSyn = true;
      post(ACK);
    } else if (word === ACK && !connected) {
      connected = true;
      if (!haveSyn) post(ACK);
      const pending = held;
      held = [];
      for (const data of pending) post(data);
      connectListeners.emit();
    }
    // BRK needs nothing here: a restarting peer follows it with SYN.
  };

  const onMessage = (event: IncomingMessageEvent) => {
    if (closed || event.source !== targetWindow || !isEnvelopeFor(event.data, name)) return;
    const data = event.data.data;
    if (pin.origin === undefined) {
      // Learn the origin only from a handshake, and never an opaque one we could not answer.
      if ((data !== SYN && data !== ACK) || !isExactOrigin(event.origin)) return;
      pin.origin = event.origin;
    } else if (event.origin !== pin.origin) {
      return;
    }
    if (isControlWord(data)) onHandshake(data);
    else if (connected) dataListeners.emit(data);
    // Data before the handshake is dropped, as the reference streams do.
  };

  selfWindow.addEventListener('message', onMessage);
  // BRK first: a connected openlogin-jrpc peer (the published SDK) resets on it, so a reloaded
  // iframe can reconnect; a peer that is not connected ignores it.
  post(BRK);
  post(SYN);

  return {
    name,
    target,
    get connected() {
      return connected;
    },
    get targetOrigin() {
      return pin.origin;
    },
    send(data) {
      if (closed) throw new Error(`${label}: closed`);
      if (!isStreamPayload(data)) {
        throw new TypeError(
          `${label}: data must be a non-empty string, a non-zero number or an object`,
        );
      }
      if (isControlWord(data)) throw new TypeError(`${label}: "${data}" is a handshake word`);
      if (connected) return post(data);
      if (held.length >= maxBuffered) {
        throw new Error(`${label}: ${maxBuffered} messages already wait for the handshake`);
      }
      // Clone now, as postMessage would: later changes by the caller must not leak in.
      held.push(typeof structuredClone === 'function' ? structuredClone(data) : data);
    },
    onData: (listener) => dataListeners.add(listener),
    onConnect: (listener) => connectListeners.add(listener),
    close() {
      if (closed) return;
      closed = true;
      connected = false;
      held = [];
      selfWindow.removeEventListener('message', onMessage);
      dataListeners.clear();
      connectListeners.clear();
    },
  };
}

function globalWindow(label: string): MessageListenWindow {
  if (typeof window === 'undefined') {
    throw new Error(`${label}: no global window here (server-side?); pass selfWindow`);
  }
  return window;
}

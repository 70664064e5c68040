// Named substreams over one message stream, framed `{ name, data }` as object-multiplex
// (@metamask/object-multiplex, openlogin-jrpc's ObjectMultiplex) puts them on the wire.
import { createListenerSet, type ListenerSet } from './listeners';
import type { StreamPayload } from './wire';

/** What the multiplex needs from a stream; a WindowMessageStream is one. */
export interface FrameChannel {
  send(data: StreamPayload): void;
  onData(listener: (data: StreamPayload) => void): () => void;
}

export interface MultiplexFrame {
  name: string;
  data: unknown;
}

export interface Substream {
  readonly name: string;
  send(data: unknown): void;
  onData(listener: (data: unknown) => void): () => void;
}

export interface Multiplex {
  /** The substream called `name`; the same object on every call. */
  substream(name: string): Substream;
  /** Stops reading the stream and drops all listeners. */
  close(): void;
}

export interface MultiplexOptions {
  /** Receives one warning per unknown substream name or malformed frame kind. */
  warn?: (message: string) => void;
}

// Names come from the other side: stop remembering (and warning) after this many.
const MAX_WARNED = 100;

export function createMultiplex(stream: FrameChannel, options: MultiplexOptions = {}): Multiplex {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const substreams = new Map<string, { substream: Substream; listeners: ListenerSet<unknown> }>();
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key) || warned.size >= MAX_WARNED) return;
    warned.add(key);
    warn(message);
  };

  const unsubscribe = stream.onData((frame) => {
    if (!isFrame(frame)) {
      warnOnce('', 'multiplex: ignored a frame without a substream name');
      return;
    }
    const entry = substreams.get(frame.name);
    if (entry) entry.listeners.emit(frame.data);
    else warnOnce(frame.name, `multiplex: ignored data for unknown substream "${frame.name}"`);
  });

  return {
    substream(name) {
      if (typeof name !== 'string' || name === '') {
        throw new TypeError('multiplex: substream name must be a non-empty string');
      }
      const existing = substreams.get(name);
      if (existing) return existing.substream;
      const listeners = createListenerSet<unknown>();
      const substream: Substream = {
        name,
        send(data) {
          // A null chunk ends the receiving substream in stream-based multiplexers.
          if (data === null || data === undefined) {
            throw new TypeError(`multiplex: substream "${name}" cannot send ${String(data)}`);
          }
          stream.send({ name, data } satisfies MultiplexFrame);
        },
        onData: (listener) => listeners.add(listener),
      };
      substreams.set(name, { substream, listeners });
      return substream;
    },
    close() {
      unsubscribe();
      for (const { listeners } of substreams.values()) listeners.clear();
    },
  };
}

function isFrame(frame: unknown): frame is MultiplexFrame {
  if (typeof frame !== 'object' || frame === null) return false;
  const { name } = frame as { name?: unknown };
  return typeof name === 'string' && name !== '';
}

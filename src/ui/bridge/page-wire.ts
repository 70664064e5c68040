/**
 * The page's end of the multi-channel wire: one link to the engine carrying the view channel,
 * the action channel (together, as BackgroundClient speaks them) and any number of provider
 * streams. When the engine changes (a handover), the view must subscribe again
 * (`onEngineChange`) and every open provider stream opens again and re-sends what is pending.
 */
import type {
  BackgroundMessage,
  MessageChannelPort,
  ProviderOrigin,
  ViewMessage,
} from '../../background/contract/protocol';
import type { EngineLink } from './engine-link';
import { ProviderStream } from './provider-stream';

export class PageWire {
  /** The view and action channels as one port, for BackgroundClient. */
  readonly viewPort: MessageChannelPort<BackgroundMessage, ViewMessage>;
  readonly #link: EngineLink;
  readonly #viewListeners = new Set<(message: BackgroundMessage) => void>();
  readonly #engineChangeListeners = new Set<() => void>();
  readonly #streams = new Map<number, ProviderStream>();
  readonly #stop: Array<() => void> = [];
  #nextStreamId = 1;
  #engines = 0;

  constructor(link: EngineLink) {
    this.#link = link;
    this.viewPort = {
      postMessage: (message) =>
        link.send(
          message.type === 'request'
            ? { channel: 'action', message }
            : { channel: 'view', message },
        ),
      onMessage: (listener) => {
        this.#viewListeners.add(listener);
        return () => this.#viewListeners.delete(listener);
      },
    };
    this.#stop.push(
      link.onFrame((frame) => {
        if (frame.channel === 'provider') this.#streams.get(frame.stream)?.handle(frame.message);
        else for (const listener of [...this.#viewListeners]) listener(frame.message);
      }),
      link.onConnect(() => {
        // The first engine receives what waited for it; a later one starts from nothing.
        if (++this.#engines === 1) return;
        for (const stream of this.#streams.values()) stream.open();
        for (const listener of [...this.#engineChangeListeners]) listener();
      }),
    );
  }

  /** The engine this page talks to, once connected. */
  get engineId(): string | null {
    return this.#link.engineId;
  }

  /** Runs after every handover to a new engine: reconnect the view (BackgroundClient.connect). */
  onEngineChange(listener: () => void): () => void {
    this.#engineChangeListeners.add(listener);
    return () => this.#engineChangeListeners.delete(listener);
  }

  /**
   * Opens a provider stream for `origin`, which the calling page's code decides: the wallet's
   * own pages pass `{kind: 'wallet'}`, the provider frame the origin it pinned from its parent.
   */
  openProvider(origin: ProviderOrigin): ProviderStream {
    const id = this.#nextStreamId++;
    const stream = new ProviderStream({
      id,
      origin,
      send: (frame) => this.#link.send(frame),
      onEnd: () => this.#streams.delete(id),
    });
    this.#streams.set(id, stream);
    stream.open();
    return stream;
  }

  close(): void {
    for (const stream of [...this.#streams.values()]) stream.close();
    for (const stop of this.#stop.splice(0)) stop();
    this.#viewListeners.clear();
    this.#engineChangeListeners.clear();
    this.#link.close();
  }
}

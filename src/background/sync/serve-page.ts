import type {
  BackgroundMessage,
  EngineFrame,
  MessageChannelPort,
  PageFrame,
  ViewMessage,
} from '../contract/protocol';
import { ProviderStreams, type ProviderStreamHost } from './provider-streams';
import { serveView, type ViewHost } from './serve-view';

/** What serving a page needs from the engine: its view stream, its actions, `connect(origin)`. */
export type PageHost = ViewHost & ProviderStreamHost;

export interface ServePageOptions {
  /** The engine's name for the wallet's own origin (see ProviderStreams). */
  walletOrigin: string;
  maxProviderStreams?: number;
}

/**
 * Serves one page over its link: the view and action channels through serveView (as one view),
 * and the page's provider streams. Returns a function that stops serving and closes every
 * provider connection the page opened; call it when the page is gone.
 */
export function servePage(
  host: PageHost,
  port: MessageChannelPort<PageFrame, EngineFrame>,
  options: ServePageOptions,
): () => void {
  const viewListeners = new Set<(message: ViewMessage) => void>();
  const viewPort: MessageChannelPort<ViewMessage, BackgroundMessage> = {
    postMessage(message) {
      if (message.type === 'response' || message.type === 'error') {
        port.postMessage({ channel: 'action', message });
      } else {
        port.postMessage({ channel: 'view', message });
      }
    },
    onMessage(listener) {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
  };
  const stopView = serveView(host, viewPort);
  const providers = new ProviderStreams(
    host,
    (stream, message) => port.postMessage({ channel: 'provider', stream, message }),
    { walletOrigin: options.walletOrigin, maxStreams: options.maxProviderStreams },
  );

  const stopListening = port.onMessage((frame: unknown) => {
    const { channel, message, stream } = (frame ?? {}) as Partial<Record<string, unknown>>;
    if (typeof message !== 'object' || message === null) {
      console.warn('Orrery: ignoring a frame without a message');
      return;
    }
    const type = (message as { type?: unknown }).type;
    if (
      (channel === 'view' && (type === 'subscribe' || type === 'unsubscribe')) ||
      (channel === 'action' && type === 'request')
    ) {
      for (const listener of viewListeners) listener(message as ViewMessage);
    } else if (channel === 'provider') {
      providers.handle(stream, message);
    } else {
      console.warn('Orrery: ignoring a frame on an unknown channel', channel, type);
    }
  });

  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    stopListening();
    stopView();
    providers.closeAll();
  };
}

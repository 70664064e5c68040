/**
 * A scripted background for view tests: speaks the real protocol over an in-memory port pair,
 * records what the view sent, and lets the test push any message (including out-of-order ones).
 */
import type {
  BackgroundMessage,
  StatePatch,
  ViewMessage,
} from '../../src/background/sync/protocol';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import type { UiState } from '../../src/background/ui-state';
import type { BackgroundPort } from '../../src/ui/bridge/background-client';

export function sampleUiState(overrides: Partial<UiState> = {}): UiState {
  return {
    NetworkController: {
      providerConfig: {
        type: 'localhost',
        chainId: '0x1691',
        rpcUrl: 'http://127.0.0.1:8545',
        ticker: 'ETH',
        tickerName: 'Ethereum',
        networkName: 'Localhost 8545',
        blockExplorer: '',
      },
      networkStatus: 'loading',
      networkId: null,
      latestBlockNumber: null,
    },
    PreferencesController: { theme: 'light', locale: 'en' },
    KeyringController: { isUnlocked: false },
    ...overrides,
  };
}

export class FakeBackground {
  readonly viewPort: BackgroundPort;
  readonly received: ViewMessage[] = [];
  #port;

  constructor() {
    const [viewPort, backgroundPort] = createMemoryPortPair<BackgroundMessage, ViewMessage>();
    this.viewPort = viewPort;
    this.#port = backgroundPort;
    backgroundPort.onMessage((message) => this.received.push(message));
  }

  send(message: BackgroundMessage): void {
    this.#port.postMessage(message);
  }

  snapshot(seq: number, state: UiState = sampleUiState()): void {
    this.send({ type: 'snapshot', seq, state });
  }

  patches(seq: number, patches: StatePatch[]): void {
    this.send({ type: 'patches', seq, patches });
  }

  typesReceived(): string[] {
    return this.received.map((message) => message.type);
  }

  requests() {
    return this.received.filter((message) => message.type === 'request');
  }
}

/** Lets queued microtask deliveries of the memory ports run. */
export async function flushMessages(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

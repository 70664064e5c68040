/**
 * What `npm start` runs, assembled: a local chain (anvil), the backend API and the static
 * server for the built wallet, whose GET /health reports each part. `scripts/start.ts` starts
 * it on the fixed ports; tests start it on free ones.
 */
import type { ServerConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/main';
import { startAnvil, type AnvilInstance } from './anvil';
import { callJsonRpc } from './json-rpc';
import { startStaticServer, type StaticServer } from './static-server';

/** How long /health waits for the chain and the API before reporting a part as down. */
const PART_TIMEOUT_MS = 2_000;

export interface LocalStackOptions {
  /** The built wallet (webpack's output). */
  distDir: string;
  /** 0 picks a free port. */
  walletPort: number;
  /** 0 picks a free port. */
  chainPort: number;
  chainId: number;
  /** The API's configuration (its `port` 0 picks a free one). */
  api: ServerConfig;
  /** The wallet's white-label configuration (config.json's `whiteLabel`), as given. */
  whiteLabel?: unknown;
}

export interface LocalStack {
  wallet: StaticServer;
  api: RunningServer;
  chain: AnvilInstance;
  /** Stops the wallet server, then the API, then the chain. */
  stop(): Promise<void>;
}

async function chainHealth(chain: Pick<AnvilInstance, 'rpcUrl' | 'chainId'>) {
  try {
    const blockNumber = await callJsonRpc<string>(chain.rpcUrl, 'eth_blockNumber', [], {
      timeoutMs: PART_TIMEOUT_MS,
    });
    return {
      status: 'ok',
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      blockNumber: Number.parseInt(blockNumber, 16),
    };
  } catch (error) {
    return { status: 'error', rpcUrl: chain.rpcUrl, error: (error as Error).message };
  }
}

/** The API's own /health answer, with `status` 'ok' only when it answered 200. */
async function apiHealth(apiUrl: string) {
  try {
    const response = await fetch(`${apiUrl}/health`, {
      signal: AbortSignal.timeout(PART_TIMEOUT_MS),
    });
    return {
      ...((await response.json()) as object),
      status: response.ok ? 'ok' : 'error',
      url: apiUrl,
    };
  } catch (error) {
    return { status: 'error', url: apiUrl, error: (error as Error).message };
  }
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const part of stops.splice(0).reverse())
      await part().catch((error: unknown) => console.error(error));
  };
  try {
    const chain = await startAnvil({ chainId: options.chainId, port: options.chainPort });
    stops.push(() => chain.stop());
    const api = await startServer(options.api);
    stops.push(() => api.close());
    const wallet = await startStaticServer({
      distDir: options.distDir,
      port: options.walletPort,
      config: {
        network: {
          rpcUrl: chain.rpcUrl,
          chainId: `0x${options.chainId.toString(16)}`,
          type: 'localhost',
          networkName: `Localhost ${chain.port}`,
          ticker: 'ETH',
          tickerName: 'Ethereum',
        },
        apiUrl: api.url,
        whiteLabel: options.whiteLabel,
      },
      health: async () => {
        const [chainStatus, apiStatus] = await Promise.all([
          chainHealth(chain),
          apiHealth(api.url),
        ]);
        const ok = chainStatus.status === 'ok' && apiStatus.status === 'ok';
        return {
          status: ok ? 'ok' : 'degraded',
          // It answers this request, so the wallet's server is up.
          wallet: { status: 'ok' },
          api: apiStatus,
          chain: chainStatus,
        };
      },
    });
    stops.push(() => wallet.close());
    return { wallet, api, chain, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `npm start`: the whole wallet on embedded defaults, from a fresh clone.
 * Builds the app, starts a local chain (anvil, chain id 5777, funded dev accounts), the backend
 * API on embedded PGlite, and serves the wallet at http://localhost:4050/ (also under /v5.0.2/).
 * GET /health reports each part. Ctrl-C stops everything.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { startServer } from '../src/server/main';
import { loadConfig } from '../src/server/config';
import { startAnvil, type AnvilInstance } from './lib/anvil';
import { callJsonRpc } from './lib/json-rpc';
import { startStaticServer } from './lib/static-server';

const WALLET_PORT = Number(process.env.ORRERY_WALLET_PORT ?? 4050);
const CHAIN_PORT = Number(process.env.ORRERY_CHAIN_PORT ?? 8545);
const CHAIN_ID = 5777;
const repoRoot = resolve(__dirname, '..');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function chainHealth(chain: AnvilInstance) {
  try {
    const blockNumber = await callJsonRpc<string>(chain.rpcUrl, 'eth_blockNumber', [], {
      timeoutMs: 2_000,
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

async function apiHealth(apiUrl: string) {
  try {
    const response = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2_000) });
    return {
      ...((await response.json()) as object),
      status: response.ok ? 'ok' : 'error',
      url: apiUrl,
    };
  } catch (error) {
    return { status: 'error', url: apiUrl, error: (error as Error).message };
  }
}

async function main(): Promise<void> {
  console.log('Building the wallet (webpack, production)...');
  await run('npx', ['webpack', '--mode', 'production']);

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse())
      await stop().catch((error: unknown) => console.error(error));
  };
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the wallet, the API and the chain...`);
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    const chain = await startAnvil({ chainId: CHAIN_ID, port: CHAIN_PORT });
    stops.push(() => chain.stop());
    const api = await startServer(
      loadConfig(process.env, { dataDir: resolve(repoRoot, '.data/pglite') }),
    );
    stops.push(() => api.close());
    const wallet = await startStaticServer({
      distDir: resolve(repoRoot, 'dist'),
      port: WALLET_PORT,
      config: {
        network: {
          rpcUrl: chain.rpcUrl,
          chainId: `0x${CHAIN_ID.toString(16)}`,
          type: 'localhost',
          networkName: 'Localhost 8545',
          ticker: 'ETH',
          tickerName: 'Ethereum',
        },
        apiUrl: api.url,
        whiteLabel: whiteLabelFromEnv(),
      },
      health: async () => {
        const [chainStatus, apiStatus] = await Promise.all([
          chainHealth(chain),
          apiHealth(api.url),
        ]);
        const ok = chainStatus.status === 'ok' && apiStatus.status === 'ok';
        return {
          status: ok ? 'ok' : 'degraded',
          wallet: { status: 'ok' },
          api: apiStatus,
          chain: chainStatus,
        };
      },
    });
    stops.push(() => wallet.close());

    console.log(`
Orrery is running.
  Wallet   http://localhost:${WALLET_PORT}/   (also ${wallet.url}/v5.0.2/)
  Health   http://localhost:${WALLET_PORT}/health
  API      ${api.url}   (PGlite in .data/pglite)
  Chain    ${chain.rpcUrl}   (anvil, chain id ${CHAIN_ID})
  Funded dev accounts (10,000 ETH each; anvil's public test mnemonic, never use it for real funds):
${chain.accounts
  .slice(0, 3)
  .map((address, i) => `    ${address}  key ${chain.privateKeys[i]}`)
  .join('\n')}
Press Ctrl-C to stop.`);
  } catch (error) {
    console.error('Orrery failed to start:', error);
    await stopAll();
    process.exit(1);
  }
}

void main();

/**
 * White-label settings for a local try-out: ORRERY_WHITE_LABEL holds the JSON of config.json's
 * `whiteLabel` (e.g. '{"name":"Acme","topupHide":true}'); the engine checks each field.
 */
function whiteLabelFromEnv(): unknown {
  const raw = process.env.ORRERY_WHITE_LABEL;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new Error(`ORRERY_WHITE_LABEL is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

// The assembly `npm start` runs (scripts/start.ts → startLocalStack): a real anvil, the real API
// on a PGlite copy and the wallet's static server, on free ports (never 4050, 4051 or 8545).
// Its /health composes the three parts' own answers; a part going down turns it 503.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { startLocalStack, type LocalStack } from '../../scripts/lib/local-stack';
import { loadConfig } from '../../src/server/config';
import { pgliteTemplate, TEST_JWT_SECRET } from '../server/helpers';

const CHAIN_ID = 5777;

async function getJson(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the local stack npm start runs', () => {
  const root = mkdtempSync(join(tmpdir(), 'orrery-stack-'));
  let stack: LocalStack;

  beforeAll(async () => {
    const dist = join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head></html>');
    const dataDir = join(root, 'pglite');
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    stack = await startLocalStack({
      distDir: dist,
      walletPort: 0,
      chainPort: 0,
      chainId: CHAIN_ID,
      api: loadConfig(
        {},
        { port: 0, dataDir, jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', shutdownDelayMs: 0 },
      ),
    });
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the wallet with a config.json naming its own chain and API', async () => {
    const { wallet, api, chain } = stack;
    for (const url of [wallet.url, api.url, chain.rpcUrl])
      expect(['4050', '4051', '8545']).not.toContain(new URL(url).port);
    expect(await getJson(`${wallet.url}/config.json`)).toEqual({
      status: 200,
      body: {
        network: {
          rpcUrl: chain.rpcUrl,
          chainId: '0x1691',
          type: 'localhost',
          networkName: `Localhost ${chain.port}`,
          ticker: 'ETH',
          tickerName: 'Ethereum',
        },
        apiUrl: api.url,
      },
    });
    expect(await callJsonRpc<string>(chain.rpcUrl, 'eth_chainId')).toBe('0x1691');
    expect((await getJson(`${api.url}/health`)).status).toBe(200);
  });

  it.each(['/health', '/v5.0.2/health'])(
    '%s reports the wallet, the API and the chain, each by its own answer',
    async (route) => {
      const { wallet, api, chain } = stack;
      const blockNumber = Number.parseInt(
        await callJsonRpc<string>(chain.rpcUrl, 'eth_blockNumber'),
        16,
      );
      expect(await getJson(`${wallet.url}${route}`)).toEqual({
        status: 200,
        body: {
          status: 'ok',
          wallet: { status: 'ok' },
          api: {
            status: 'ok',
            database: 'ok',
            backend: 'pglite',
            uptimeSeconds: expect.any(Number),
            url: api.url,
          },
          chain: { status: 'ok', rpcUrl: chain.rpcUrl, chainId: CHAIN_ID, blockNumber },
        },
      });
    },
  );

  it('answers 503 naming the part that is down, and stops every part', async () => {
    const { wallet, api, chain } = stack;
    // The API drains (as on SIGTERM): its own /health turns not-ready.
    api.lifecycle.startDraining();
    const draining = await getJson(`${wallet.url}/health`);
    expect(draining).toEqual({
      status: 503,
      body: {
        status: 'degraded',
        wallet: { status: 'ok' },
        api: { status: 'error', backend: 'pglite', error: 'Shutting down', url: api.url },
        chain: expect.objectContaining({ status: 'ok' }),
      },
    });

    await chain.stop();
    const chainDown = await getJson(`${wallet.url}/health`);
    expect(chainDown.status).toBe(503);
    expect(chainDown.body).toMatchObject({
      status: 'degraded',
      chain: { status: 'error', rpcUrl: chain.rpcUrl, error: expect.any(String) },
    });

    await stack.stop();
    for (const url of [`${wallet.url}/health`, `${api.url}/health`])
      await expect(fetch(url)).rejects.toThrow('fetch failed');
  });
});

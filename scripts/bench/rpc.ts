/**
 * `npm run bench:rpc`: a dapp connection's cost. Requests per second and median latency of
 * eth_chainId, eth_accounts and a cached eth_getBalance through `engine.connect(origin)`, and
 * how many upstream calls 100 identical reads within one block cause, counted at a local
 * JSON-RPC proxy in front of anvil (so every HTTP request the engine makes is seen).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createEngine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import type { OriginProvider } from '../../src/background/rpc/origin-provider';
import { startAnvil } from '../lib/anvil';
import { median } from '../lib/median';

const WARMUP = 300;
const RUNS = 5_000;
const IDENTICAL_READS = 100;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Forwards JSON-RPC to the node and counts calls by method (a batch counts each entry). */
async function startCountingProxy(target: string) {
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = JSON.parse(body) as { method?: string } | { method?: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const method = call.method ?? '?';
          counts.set(method, (counts.get(method) ?? 0) + 1);
        }
      } catch {
        counts.set('(unparsable)', (counts.get('(unparsable)') ?? 0) + 1);
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { 'content-type': 'application/json' });
          res.end(await upstream.text());
        })
        .catch((error: Error) => {
          res.writeHead(502);
          res.end(error.message);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    counts,
    total: (exclude: string[] = []) =>
      [...counts].filter(([m]) => !exclude.includes(m)).reduce((sum, [, n]) => sum + n, 0),
    reset: () => counts.clear(),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function measure(provider: OriginProvider, method: string, params?: unknown[]) {
  for (let i = 0; i < WARMUP; i++) await provider.request({ method, params });
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await provider.request({ method, params });
    latencies.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  return {
    method,
    requestsPerSecond: Math.round((RUNS / elapsed) * 1000),
    medianMs: round(median(latencies), 4),
    p95Ms: round(latencies.sort((a, b) => a - b)[Math.floor(RUNS * 0.95)]!, 4),
  };
}

async function main(): Promise<void> {
  const node = await startAnvil({ chainId: 5777, accounts: 2 });
  const proxy = await startCountingProxy(node.rpcUrl);
  const engine = await createEngine({
    storage: new MemoryStorage(),
    network: { rpcUrl: proxy.url, chainId: '0x1691' },
  });
  try {
    await engine.actions.createNewVault('bench password 1234');
    const account = (
      await engine.actions.importAccountWithPrivateKey(node.privateKeys[0]!)
    ).toLowerCase();
    const provider = engine.connect('https://bench.example');
    engine.messenger.subscribe('ApprovalController:requestAdded', (request) => {
      if (request.type === 'connect')
        engine.actions.approveRequest(request.id, { accounts: [account], period: 'hour' });
    });
    await provider.request({ method: 'eth_requestAccounts' });

    const results = [
      await measure(provider, 'eth_chainId'),
      await measure(provider, 'eth_accounts'),
      await measure(provider, 'eth_getBalance', [account, 'latest']),
    ];
    for (const r of results) {
      console.log(
        `${r.method.padEnd(16)} ${String(r.requestsPerSecond).padStart(7)} req/s  median ${r.medianMs} ms  p95 ${r.p95Ms} ms`,
      );
    }

    // 100 identical reads within one block (nothing is mined meanwhile): how many reach the node?
    const other = node.accounts[1]!;
    const tracking = ['eth_blockNumber', 'eth_getBlockByNumber', 'net_version'];
    proxy.reset();
    for (let i = 0; i < IDENTICAL_READS; i++) {
      await provider.request({ method: 'eth_getBalance', params: [other, 'latest'] });
    }
    const sequentialUpstream = proxy.total(tracking);
    proxy.reset();
    await Promise.all(
      Array.from({ length: IDENTICAL_READS }, () =>
        provider.request({ method: 'eth_getCode', params: [other, 'latest'] }),
      ),
    );
    const concurrentUpstream = proxy.total(tracking);
    console.log(
      `${IDENTICAL_READS} identical eth_getBalance reads in one block (sequential): ${sequentialUpstream} upstream call(s)`,
    );
    console.log(
      `${IDENTICAL_READS} identical eth_getCode reads in one block (concurrent): ${concurrentUpstream} upstream call(s)`,
    );
    const by = (method: string) => results.find((r) => r.method === method)!;
    console.log(
      JSON.stringify({
        bench: 'rpc',
        runs: RUNS,
        eth_chainId_rps: by('eth_chainId').requestsPerSecond,
        eth_chainId_median_ms: by('eth_chainId').medianMs,
        eth_accounts_rps: by('eth_accounts').requestsPerSecond,
        eth_accounts_median_ms: by('eth_accounts').medianMs,
        eth_getBalance_cached_rps: by('eth_getBalance').requestsPerSecond,
        eth_getBalance_cached_median_ms: by('eth_getBalance').medianMs,
        upstream_calls_for_100_identical_reads_sequential: sequentialUpstream,
        upstream_calls_for_100_identical_reads_concurrent: concurrentUpstream,
      }),
    );
  } finally {
    await engine.destroy();
    await proxy.stop();
    await node.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

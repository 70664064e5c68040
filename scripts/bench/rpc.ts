/**
 * `npm run bench:rpc`: a dapp connection's cost. Requests per second and median latency of
 * eth_chainId, eth_accounts and a cached eth_getBalance through `engine.connect(origin)`, and
 * how many upstream calls 100 identical reads within one block cause, counted at a local
 * JSON-RPC proxy in front of anvil (so every HTTP request the engine makes is seen).
 */
import { createEngine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import type { OriginProvider } from '../../src/background/rpc/origin-provider';
import { startAnvil } from '../lib/anvil';
import { median } from '../lib/median';
import { startRecordingProxy } from '../lib/recording-proxy';

const WARMUP = 300;
const RUNS = 5_000;
const IDENTICAL_READS = 100;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

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
  const proxy = await startRecordingProxy(node.rpcUrl);
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
    await proxy.close();
    await node.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

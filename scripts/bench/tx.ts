/**
 * `npm run bench:tx`: 500 transfers through the wallet's transaction path (the engine's
 * controllers, built by its own `buildControllers` on one root messenger; the UI stream and
 * persistence are left out) to anvil with automine. For each transfer: add → approve → sign →
 * publish → one pending-tracker pass that confirms it. Prints, as medians per transaction:
 * - the process's own CPU time (anvil runs in another process, so the node is excluded);
 * - the wall time minus the time spent waiting on JSON-RPC responses;
 * - the JSON-RPC calls that reached the node.
 */
import type { Hex } from '../../src/shared/primitives';
import { performance } from 'node:perf_hooks';

import { buildControllers } from '../../src/background/engine/build-controllers';
import { createRootMessenger } from '../../src/background/engine/root-messenger';
import { LOCALHOST_NETWORK } from '../../src/shared/networks';
import { startAnvil } from '../lib/anvil';
import { median } from '../lib/median';

const TRANSFERS = 500;
const WARM_UP = 10;

/** Counts and times every JSON-RPC request to the node made through global fetch. */
function instrumentFetch(rpcUrl: string) {
  const stats = { calls: 0, waitMs: 0, measuring: false, byMethod: new Map<string, number>() };
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(rpcUrl)) return original(input, init);
    const method = (JSON.parse(String(init?.body ?? '{}')) as { method?: string }).method ?? '?';
    stats.calls += 1;
    if (stats.measuring) stats.byMethod.set(method, (stats.byMethod.get(method) ?? 0) + 1);
    const started = performance.now();
    try {
      const response = await original(input, init);
      // Read the body inside the timed span: the caller's .json() would otherwise wait on the node.
      const body = await response.text();
      return new Response(body, { status: response.status, headers: response.headers });
    } finally {
      stats.waitMs += performance.now() - started;
    }
  };
  return { stats, restore: () => (globalThis.fetch = original) };
}

async function main(): Promise<void> {
  const node = await startAnvil({ accounts: 2 });
  const { stats, restore } = instrumentFetch(node.rpcUrl);
  // The engine's own wiring: every controller on one root messenger, as createEngine builds them.
  const {
    NetworkController: network,
    KeyringController: keyring,
    GasFeeController: gasFee,
    TransactionController: transactions,
    PreferencesController: preferences,
  } = buildControllers(
    createRootMessenger(),
    {},
    {
      providerConfig: {
        ...LOCALHOST_NETWORK,
        rpcUrl: node.rpcUrl,
        chainId: `0x${node.chainId.toString(16)}` as Hex,
      },
      isUserIdle: () => false,
    },
  ).controllers;
  const from = node.accounts[0]!.toLowerCase();
  const to = node.accounts[1]!.toLowerCase();

  try {
    // Reachability without the block tracker: each transfer runs exactly one tracker pass below,
    // as one new block would trigger.
    await network.lookupNetwork();
    gasFee.init();
    await transactions.init();
    await keyring.createNewVault('bench password');
    await keyring.importAccountWithPrivateKey(node.privateKeys[0]!);
    preferences.setSelectedAddress(from);
    const provider = network.getProvider();

    const cpuMs: number[] = [];
    const engineWallMs: number[] = [];
    const rpcCalls: number[] = [];
    for (let i = 0; i < WARM_UP + TRANSFERS; i++) {
      const headBefore = Number(await provider.request<string>({ method: 'eth_blockNumber' }));
      stats.measuring = i >= WARM_UP;
      const calls0 = stats.calls;
      const wait0 = stats.waitMs;
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      const { transactionMeta, result } = await transactions.addUnapprovedTransaction(
        { from, to, value: '0x1' },
        { origin: 'https://bench.example' },
      );
      await transactions.approveTransaction(transactionMeta.id);
      await result;
      // What the block tracker does: read the head until the automined block is visible (anvil
      // can answer the send a moment before its block is), then one tracker pass for it.
      let head = headBefore;
      while (head <= headBefore)
        head = Number(await provider.request<string>({ method: 'eth_blockNumber' }));
      await transactions.checkPendingTransactions(head);
      const wall = performance.now() - wall0;
      const cpu = process.cpuUsage(cpu0);
      stats.measuring = false;
      const status = transactions.getTransaction(transactionMeta.id)?.status;
      if (status !== 'confirmed') throw new Error(`transfer ${i} ended ${status}, not confirmed`);
      if (i < WARM_UP) continue;
      cpuMs.push((cpu.user + cpu.system) / 1000);
      engineWallMs.push(wall - (stats.waitMs - wait0));
      rpcCalls.push(stats.calls - calls0);
    }
    const perMethod = [...stats.byMethod.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([method, count]) => `${method} ${(count / TRANSFERS).toFixed(2)}`)
      .join(', ');
    const result = {
      transfers: TRANSFERS,
      engineCpuMsMedian: Number(median(cpuMs).toFixed(3)),
      engineWallMsExcludingRpcMedian: Number(median(engineWallMs).toFixed(3)),
      rpcCallsPerTxMedian: median(rpcCalls),
    };
    console.log(
      `${TRANSFERS} transfers to anvil (automine), each added, approved, signed, published and confirmed:`,
    );
    console.log(
      `  engine CPU time per transaction (median):          ${result.engineCpuMsMedian} ms`,
    );
    console.log(
      `  engine wall time minus RPC waits (median):          ${result.engineWallMsExcludingRpcMedian} ms`,
    );
    console.log(
      `  JSON-RPC calls per transaction (median):            ${result.rpcCallsPerTxMedian}`,
    );
    console.log(`  calls per transaction by method (mean): ${perMethod}`);
    console.log(JSON.stringify({ bench: 'tx', ...result }));
  } finally {
    transactions.destroy();
    gasFee.destroy();
    await network.destroy();
    restore();
    await node.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

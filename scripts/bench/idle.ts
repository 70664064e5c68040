/**
 * `npm run bench:idle`: how often the engine asks the node when nobody needs it. A recording
 * proxy in front of anvil mining a block every 12 s (with Multicall3 at its canonical address,
 * as on most public chains) counts every JSON-RPC call, batched or not, in two windows of
 * 120 s each: no view and nothing pending, then one view open. The engine holds an unlocked
 * account, so a view shows a balance. BENCH_IDLE_SECONDS shortens the windows for a trial.
 * Prints the calls by method and ends with one JSON line of the calls a minute.
 */
import { startAnvil } from '../lib/anvil';
import { placeMulticall3 } from '../lib/multicall3';
import { performance } from 'node:perf_hooks';

import { startRecordingProxy, type RecordingProxy } from '../lib/recording-proxy';
import { createEngine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';

const BLOCK_TIME_S = 12;
const WINDOW_S = Number(process.env.BENCH_IDLE_SECONDS ?? 120);
const DETECTION_METHODS = ['eth_getLogs', 'eth_getCode', 'eth_blockNumber'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The calls that arrived within exactly WINDOW_S seconds from `begin` (by arrival time: a
 * late timer on a busy machine must not stretch the window).
 */
async function callsDuring(proxy: RecordingProxy, begin: () => void): Promise<string[]> {
  proxy.reset();
  const start = performance.now();
  begin();
  await sleep(WINDOW_S * 1000 + 500);
  const end = start + WINDOW_S * 1000;
  return proxy.methods.filter((_, index) => (proxy.arrivals[index] ?? Infinity) < end);
}

function byMethod(methods: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const method of methods) counts.set(method, (counts.get(method) ?? 0) + 1);
  return [...counts].map(([method, count]) => `${method} ${count}`).join(', ') || 'none';
}

async function main(): Promise<void> {
  if (!Number.isFinite(WINDOW_S) || WINDOW_S <= 0)
    throw new Error('BENCH_IDLE_SECONDS must be > 0');
  const node = await startAnvil({ chainId: 5777, blockTime: BLOCK_TIME_S });
  const proxy = await startRecordingProxy(node.rpcUrl);
  try {
    await placeMulticall3(node.rpcUrl);
    const engine = await createEngine({
      storage: new MemoryStorage(),
      network: { rpcUrl: proxy.url, chainId: '0x1691' },
    });
    try {
      await engine.actions.createNewVault('bench password');
      await engine.actions.importAccountWithPrivateKey(node.privateKeys[0]!);
      // The start's reads (reachability, EIP-1559) end before the windows begin.
      const deadline = Date.now() + 10_000;
      while (engine.getState().NetworkController.networkDetails.EIPS[1559] === undefined) {
        if (Date.now() > deadline) throw new Error('the engine did not finish starting');
        await sleep(20);
      }
      const startup = [...proxy.methods];

      const idle = await callsDuring(proxy, () => undefined);
      let closeView: (() => void) | undefined;
      const visible = await callsDuring(proxy, () => {
        closeView = engine.subscribe(() => undefined);
      });
      closeView?.();
      const address = engine.getState().PreferencesController.selectedAddress ?? '';
      const balance = engine.getState().AccountTrackerController.accounts[address]?.balance;

      const perMinute = (calls: readonly string[]) =>
        Number(((calls.length * 60) / WINDOW_S).toFixed(2));
      const result = {
        idle_calls_per_min: perMinute(idle),
        visible_calls_per_min: perMinute(visible),
      };
      console.log(
        `anvil mining every ${BLOCK_TIME_S} s; windows of ${WINDOW_S} s; every call counted`,
      );
      console.log(`  start (before the windows):  ${startup.length} calls: ${byMethod(startup)}`);
      console.log(
        `  no view, nothing pending:    ${idle.length} calls, ${result.idle_calls_per_min}/min: ${byMethod(idle)}`,
      );
      console.log(
        `  one view open:               ${visible.length} calls, ${result.visible_calls_per_min}/min: ${byMethod(visible)}`,
      );
      // The block tracker and gas polling never call these; asset detection does (spec: NFTs
      // every 60 s, tokens every 180 s, from the account's logs).
      const detection = visible.filter((method) => DETECTION_METHODS.includes(method));
      const following = visible.filter((method) => !DETECTION_METHODS.includes(method));
      console.log(
        `    of which asset detection:  ${detection.length} calls, ${perMinute(detection)}/min; ` +
          `blocks with balances and gas fees: ${following.length} calls, ${perMinute(following)}/min`,
      );
      console.log(`  balance shown at the end:    ${balance ?? 'none'}`);
      console.log(JSON.stringify(result));
    } finally {
      await engine.destroy();
    }
  } finally {
    await proxy.close();
    await node.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

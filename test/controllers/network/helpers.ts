/** Shared pieces for the network and gas tests: messengers, counting transports, waiting. */
import { Messenger } from '@metamask/messenger';
import { spawn } from 'node:child_process';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import { findFreePort, resolveAnvilBinary } from '../../../scripts/lib/anvil';
import {
  NetworkController,
  networkControllerName,
  type NetworkControllerActions,
  type NetworkControllerEvents,
  type NetworkControllerOptions,
} from '../../../src/controllers/network/NetworkController';

export type TestRootMessenger = Messenger<
  'Root',
  NetworkControllerActions,
  NetworkControllerEvents
>;

export function createTestRoot(): TestRootMessenger {
  return new Messenger<'Root', NetworkControllerActions, NetworkControllerEvents>({
    namespace: 'Root',
  });
}

export function createNetworkController(
  root: TestRootMessenger,
  options: Omit<NetworkControllerOptions, 'messenger'>,
): NetworkController {
  const messenger = new Messenger<
    typeof networkControllerName,
    NetworkControllerActions,
    NetworkControllerEvents,
    TestRootMessenger
  >({ namespace: networkControllerName, parent: root });
  return new NetworkController({ messenger, ...options });
}

/** A fetch that counts JSON-RPC methods sent upstream. */
export function countingFetch(): {
  fetchFn: typeof fetch;
  counts: Map<string, number>;
  count(method: string): number;
} {
  const counts = new Map<string, number>();
  const fetchFn: typeof fetch = async (input, init) => {
    const method = (JSON.parse(String(init?.body)) as { method: string }).method;
    counts.set(method, (counts.get(method) ?? 0) + 1);
    return fetch(input, init);
  };
  return { fetchFn, counts, count: (method) => counts.get(method) ?? 0 };
}

/** Polls a condition every 20 ms; fails with `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * An anvil with extra command-line flags (the shared startAnvil has no hardfork option), e.g.
 * `--hardfork berlin` for a chain without EIP-1559.
 */
export async function startAnvilWithArgs(
  extraArgs: string[],
  chainId = 31337,
): Promise<{ rpcUrl: string; stop(): Promise<void> }> {
  const port = await findFreePort();
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--silent',
    ...extraArgs,
  ];
  const child = spawn(resolveAnvilBinary(), args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await callJsonRpc<string>(rpcUrl, 'eth_chainId', [], { timeoutMs: 1_000 }).catch(
      () => undefined,
    );
    if (answer !== undefined) return { rpcUrl, stop };
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`anvil ${args.join(' ')} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Chain-state helpers for tests: snapshots and mining control on an anvil node.
import { callJsonRpc } from '../../scripts/lib/json-rpc';

/** Takes an EVM snapshot; returns its id for revert(). */
export function snapshot(rpcUrl: string): Promise<string> {
  return callJsonRpc<string>(rpcUrl, 'evm_snapshot');
}

/** Restores a snapshot (which consumes it). Throws if the node does not know the id. */
export async function revert(rpcUrl: string, id: string): Promise<void> {
  const reverted = await callJsonRpc<boolean>(rpcUrl, 'evm_revert', [id]);
  if (reverted !== true) throw new Error(`evm_revert(${id}) returned ${String(reverted)}`);
}

/** Mines `blocks` blocks at once (including any pending transactions). */
export async function mine(rpcUrl: string, blocks = 1): Promise<void> {
  if (!Number.isInteger(blocks) || blocks < 1) throw new Error(`mine: bad block count ${blocks}`);
  await callJsonRpc(rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`]);
}

/** Automine on: a block per transaction. Off: transactions wait in the pool until mined. */
export async function setAutomine(rpcUrl: string, on: boolean): Promise<void> {
  await callJsonRpc(rpcUrl, 'evm_setAutomine', [on]);
}

/** Mines a block every `seconds` seconds; 0 turns interval mining off. */
export async function setIntervalMining(rpcUrl: string, seconds: number): Promise<void> {
  await callJsonRpc(rpcUrl, 'evm_setIntervalMining', [seconds]);
}

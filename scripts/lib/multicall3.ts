// Multicall3 on anvil: its creation bytecode ships inside viem (an internal module, read by path
// because viem's exports map hides it). Deployed once, its runtime code is copied to the
// canonical address every chain uses, as a real node would have it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hex } from 'viem';

import { callJsonRpc } from './json-rpc';
import { MULTICALL3_ADDRESS } from '../../src/controllers/assets/batch-reads';

function multicall3CreationCode(): Hex {
  const require = createRequire(__filename);
  const viemRoot = dirname(require.resolve('viem'));
  const contracts = require(join(viemRoot, 'constants', 'contracts.js')) as {
    multicall3Bytecode: Hex;
  };
  return contracts.multicall3Bytecode;
}

/** Places Multicall3 at 0xcA11…CA11 on the node; resolves with that address. */
export async function placeMulticall3(rpcUrl: string): Promise<Hex> {
  const [from] = await callJsonRpc<Hex[]>(rpcUrl, 'eth_accounts');
  const hash = await callJsonRpc<Hex>(rpcUrl, 'eth_sendTransaction', [
    { from, data: multicall3CreationCode(), gas: '0x1000000' },
  ]);
  let receipt: { contractAddress: Hex } | null = null;
  for (let tries = 0; !receipt && tries < 200; tries += 1) {
    receipt = await callJsonRpc(rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (!receipt) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!receipt) throw new Error('Multicall3 deployment was not mined');
  const code = await callJsonRpc<Hex>(rpcUrl, 'eth_getCode', [receipt.contractAddress, 'latest']);
  await callJsonRpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, code]);
  return MULTICALL3_ADDRESS;
}

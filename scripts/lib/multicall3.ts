// Puts Multicall3 on a dev chain at its canonical address, as most public chains have it, so
// that tests and benchmarks read through it as the wallet does on those chains. Its creation
// code ships inside viem (an internal module, read by path because viem's exports map hides it).
import { createRequire } from 'node:module';
import path from 'node:path';

import { MULTICALL3_ADDRESS } from '../../src/controllers/network/multicall3';
import type { Hex } from '../../src/shared/primitives';
import { callJsonRpc } from './json-rpc';

function multicall3CreationCode(): Hex {
  const requireHere = createRequire(__filename);
  const viemDir = path.dirname(requireHere.resolve('viem/package.json'));
  const { multicall3Bytecode } = requireHere(path.join(viemDir, '_cjs/constants/contracts.js')) as {
    multicall3Bytecode?: Hex;
  };
  if (!multicall3Bytecode) throw new Error('viem no longer ships multicall3Bytecode');
  return multicall3Bytecode;
}

/**
 * Places Multicall3 at 0xcA11…CA11 on an anvil node (anvil_setCode): no transaction, so any
 * mining mode and every account's nonce stay as they were. Resolves with that address.
 */
export async function placeMulticall3(rpcUrl: string): Promise<Hex> {
  // Calling creation code returns the code it would deploy.
  const runtime = await callJsonRpc<Hex>(rpcUrl, 'eth_call', [
    { data: multicall3CreationCode() },
    'latest',
  ]);
  await callJsonRpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, runtime]);
  return MULTICALL3_ADDRESS;
}

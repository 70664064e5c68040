// Puts Multicall3 on a dev chain at its canonical address, as most public chains have it, so
// that tests and benchmarks read through it as the wallet does on those chains.
import { createRequire } from 'node:module';
import path from 'node:path';

import { MULTICALL3_ADDRESS } from '../../src/controllers/network/multicall3';
import { callJsonRpc } from './json-rpc';

/** Multicall3's creation code as viem ships it (an internal file of the pinned viem). */
function multicall3CreationCode(): string {
  const requireHere = createRequire(__filename);
  const viemDir = path.dirname(requireHere.resolve('viem/package.json'));
  const { multicall3Bytecode } = requireHere(path.join(viemDir, '_cjs/constants/contracts.js')) as {
    multicall3Bytecode?: string;
  };
  if (!multicall3Bytecode) throw new Error('viem no longer ships multicall3Bytecode');
  return multicall3Bytecode;
}

/** Installs Multicall3 on an anvil node (anvil_setCode): no transaction, any mining mode. */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  // Calling creation code returns the code it would deploy.
  const runtime = await callJsonRpc<string>(rpcUrl, 'eth_call', [
    { data: multicall3CreationCode() },
    'latest',
  ]);
  await callJsonRpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, runtime]);
}

/**
 * `npm run bench:sign`: typed-data v4 signing through the whole wallet path (a dapp's request,
 * the approval queue, the user's approval, the message manager, the keyring) beside calling
 * eth-sig-util directly with the same key and data, alternating in one run. The headline is the
 * throughput ratio wallet / direct (1.0 would mean the wallet adds nothing).
 */
import { SignTypedDataVersion, signTypedData } from '@metamask/eth-sig-util';

import { createEngine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { startAnvil } from '../lib/anvil';
import { median } from '../lib/median';

const ROUNDS = 7;
const PER_ROUND = 150;

// The EIP-712 specification's example.
const mail = (from: string) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail' as const,
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 5777,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: from },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
});

async function main(): Promise<void> {
  const node = await startAnvil({ chainId: 5777, accounts: 2 });
  const engine = await createEngine({
    storage: new MemoryStorage(),
    network: { rpcUrl: node.rpcUrl, chainId: '0x1691' },
  });
  try {
    await engine.actions.createNewVault('bench password 1234');
    const privateKey = node.privateKeys[0]!;
    const account = (await engine.actions.importAccountWithPrivateKey(privateKey)).toLowerCase();
    const provider = engine.connect('https://bench.example');
    // The user approves at once: the figure is the wallet's own work, not a person's reaction.
    engine.messenger.subscribe('ApprovalController:requestAdded', (request) => {
      if (request.type === 'connect')
        engine.actions.approveRequest(request.id, { accounts: [account], period: 'hour' });
      else engine.actions.approveRequest(request.id, undefined);
    });
    await provider.request({ method: 'eth_requestAccounts' });

    const data = mail(account);
    const json = JSON.stringify(data);
    const keyBytes = Buffer.from(privateKey.slice(2), 'hex');
    const direct = async () => {
      for (let i = 0; i < PER_ROUND; i++) {
        signTypedData({ privateKey: keyBytes, data, version: SignTypedDataVersion.V4 });
      }
    };
    const wallet = async () => {
      for (let i = 0; i < PER_ROUND; i++) {
        await provider.request({ method: 'eth_signTypedData_v4', params: [account, json] });
      }
    };
    const timeOf = async (task: () => Promise<void>) => {
      const start = performance.now();
      await task();
      return (performance.now() - start) / PER_ROUND;
    };
    await direct();
    await wallet();
    const directMs: number[] = [];
    const walletMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      directMs.push(await timeOf(direct));
      walletMs.push(await timeOf(wallet));
    }
    const d = median(directMs);
    const w = median(walletMs);
    console.log(`eth-sig-util directly:      median ${d.toFixed(3)} ms per signature`);
    console.log(`through the wallet's path:  median ${w.toFixed(3)} ms per signature`);
    console.log(`the wallet's own share:     ${(w - d).toFixed(3)} ms`);
    console.log(
      JSON.stringify({
        direct_ms: Number(d.toFixed(3)),
        wallet_ms: Number(w.toFixed(3)),
        overhead_ms: Number((w - d).toFixed(3)),
        throughput_ratio: Number((d / w).toFixed(3)),
      }),
    );
  } finally {
    await engine.destroy();
    await node.stop();
  }
}

void main();

/**
 * `npm run bench:sign`: typed-data v4 signing through the whole wallet path (a dapp's request,
 * the approval queue, the user's approval, the message manager, the keyring) beside calling
 * eth-sig-util directly with the same key and the same data, in one process. The headline is the
 * throughput ratio direct / wallet (1.0 would mean the wallet adds nothing; the target is 0.9).
 *
 * Fair on a shared machine: both sides are warmed up first, then measured in many short rounds
 * that alternate A B B A (a load spike hits both sides alike), each round's wall time and this
 * process's CPU time taken; the figures are the medians. The paired ratio is the median of each
 * round's own direct / wallet ratio (the two halves of a round run back to back, under the same
 * load), steadier than the ratio of the two medians when other work on the machine comes and
 * goes. The wallet's signature is checked to be
 * the direct one, so both sides do the same work.
 */
import { SignTypedDataVersion, signTypedData } from '@metamask/eth-sig-util';

import { createEngine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { startAnvil } from '../lib/anvil';
import { median } from '../lib/median';

/** Rounds per side; each round is PER_ROUND signatures. */
const ROUNDS = 40;
const PER_ROUND = 25;
const WARM_UP = 300;

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

    const json = JSON.stringify(mail(account));
    // The direct side signs the very data the dapp sends, as one parse of it gives it.
    const data = JSON.parse(json) as ReturnType<typeof mail>;
    const keyBytes = Buffer.from(privateKey.slice(2), 'hex');
    const signDirect = () =>
      signTypedData({ privateKey: keyBytes, data, version: SignTypedDataVersion.V4 });
    const signWallet = () =>
      provider.request({ method: 'eth_signTypedData_v4', params: [account, json] });
    if ((await signWallet()) !== signDirect()) throw new Error('The two sides sign differently.');

    type Sample = { wallMs: number; cpuMs: number };
    const direct = async (count: number): Promise<Sample> => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      for (let i = 0; i < count; i++) signDirect();
      return sampleOf(start, cpu, count);
    };
    const wallet = async (count: number): Promise<Sample> => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      for (let i = 0; i < count; i++) await signWallet();
      return sampleOf(start, cpu, count);
    };
    const sampleOf = (start: number, cpu: NodeJS.CpuUsage, count: number): Sample => {
      const wallMs = (performance.now() - start) / count;
      const used = process.cpuUsage(cpu);
      return { wallMs, cpuMs: (used.user + used.system) / 1000 / count };
    };

    await direct(WARM_UP);
    await wallet(WARM_UP);
    const directSamples: Sample[] = [];
    const walletSamples: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A B B A: neither side always runs first, or always right after the other.
      if (round % 2 === 0) {
        directSamples.push(await direct(PER_ROUND));
        walletSamples.push(await wallet(PER_ROUND));
      } else {
        walletSamples.push(await wallet(PER_ROUND));
        directSamples.push(await direct(PER_ROUND));
      }
    }
    const d = median(directSamples.map((sample) => sample.wallMs));
    const w = median(walletSamples.map((sample) => sample.wallMs));
    const dCpu = median(directSamples.map((sample) => sample.cpuMs));
    const wCpu = median(walletSamples.map((sample) => sample.cpuMs));
    const paired = median(
      directSamples.map((sample, i) => sample.wallMs / walletSamples[i]!.wallMs),
    );
    const pairedCpu = median(
      directSamples.map((sample, i) => sample.cpuMs / walletSamples[i]!.cpuMs),
    );
    const signatures = ROUNDS * PER_ROUND;
    console.log(
      `${signatures} signatures per side after ${WARM_UP} each to warm up, medians of ${ROUNDS} rounds:`,
    );
    console.log(
      `eth-sig-util directly:      ${d.toFixed(3)} ms per signature (CPU ${dCpu.toFixed(3)} ms)`,
    );
    console.log(
      `through the wallet's path:  ${w.toFixed(3)} ms per signature (CPU ${wCpu.toFixed(3)} ms)`,
    );
    console.log(
      `the wallet's own share:     ${(w - d).toFixed(3)} ms (CPU ${(wCpu - dCpu).toFixed(3)} ms)`,
    );
    console.log(
      `throughput ratio:           ${(d / w).toFixed(3)} (CPU ${(dCpu / wCpu).toFixed(3)}; target 0.9)`,
    );
    console.log(`paired ratio (per round):   ${paired.toFixed(3)} (CPU ${pairedCpu.toFixed(3)})`);
    console.log(
      JSON.stringify({
        bench: 'sign',
        signatures_per_side: signatures,
        direct_ms: Number(d.toFixed(3)),
        wallet_ms: Number(w.toFixed(3)),
        overhead_ms: Number((w - d).toFixed(3)),
        throughput_ratio: Number((d / w).toFixed(3)),
        direct_cpu_ms: Number(dCpu.toFixed(3)),
        wallet_cpu_ms: Number(wCpu.toFixed(3)),
        cpu_ratio: Number((dCpu / wCpu).toFixed(3)),
        paired_ratio: Number(paired.toFixed(3)),
        paired_cpu_ratio: Number(pairedCpu.toFixed(3)),
      }),
    );
  } finally {
    await engine.destroy();
    await node.stop();
  }
}

void main();

// The proof of restart consistency (issue 8, point 2): the engine runs in a child process on
// FileStorage, behind a recording proxy in front of anvil, and is killed with SIGKILL at ten
// points from the user's approval to confirmation. The kill comes from outside: at a write its
// storage was told to stop at (crash-storage.ts), or while the proxy holds one of its calls.
// After each restart every transaction must reach a final or actionable state that agrees with
// the chain, no intent may go out as two different transactions, and nothing else may be lost.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { callJsonRpc } from '../../scripts/lib/json-rpc';
import {
  startRecordingProxy,
  type Held,
  type RecordingProxy,
} from '../../scripts/lib/recording-proxy';
import { STUCK_AT_BOOT_MESSAGE } from '../../src/controllers/transactions/constants';
import type { TransactionMeta, TransactionStatus } from '../../src/controllers/transactions/types';
import { setAutomine } from '../chain/snapshot';
import { useAnvil } from '../chain/use-anvil';
import { storedTransactions, type CrashPhase } from './crash-storage';
import { EngineProcess } from './engine-process-client';

const anvil = useAnvil({ chainId: 5777 });
const CHAIN_ID = '0x1691';
const PASSWORD = 'a kill-test password';
const DEADLINE_MS = 45_000;

type Context = {
  engine: EngineProcess;
  proxy: RecordingProxy;
  txId: string;
  /** The transaction's status in the state file now. */
  storedStatus: () => Promise<TransactionStatus | undefined>;
};
type KillPoint = {
  name: string;
  /** Automine off keeps the sent transaction in the node's pool. */
  automine: boolean;
  /** Arms the point before the approval; `reached` resolves once the engine is there. */
  arm: (context: Context) => Promise<{ reached: Promise<Held | void> }>;
  /** The status storage holds for the transaction when the process dies. */
  storedAtKill: TransactionStatus;
  /** Where the transaction ends after the restart (the test approves and mines as a user would). */
  outcome: 'confirmed' | 'stuck';
};

const atWrite =
  (status: TransactionStatus, phase: CrashPhase) =>
  async ({ engine, txId }: Context) => {
    const { crashed } = await engine.crashAt(txId, status, phase);
    return { reached: crashed };
  };
/** While the proxy holds a call; with `stored`, once that status also landed in storage. */
const atCall =
  (method: string, point: 'request' | 'response', stored?: TransactionStatus) =>
  async ({ proxy, storedStatus }: Context) => ({
    reached: proxy.hold(method, point).then(async (held) => {
      // A write-ahead goes on while the call is held: the point is after it landed.
      if (stored) await until(async () => (await storedStatus()) === stored, `"${stored}" stored`);
      return held;
    }),
  });

const KILL_POINTS: KillPoint[] = [
  {
    name: 'after the approval, before "approved" is stored',
    automine: true,
    arm: atWrite('approved', 'before'),
    storedAtKill: 'unapproved',
    outcome: 'confirmed', // asked again, and approved again
  },
  {
    name: 'after "approved" is stored, before signing',
    automine: true,
    arm: atWrite('approved', 'after'),
    storedAtKill: 'approved',
    outcome: 'stuck',
  },
  {
    name: 'after signing, before "signed" is stored',
    automine: true,
    arm: atWrite('signed', 'before'),
    storedAtKill: 'approved',
    outcome: 'stuck',
  },
  {
    name: 'after "signed" is stored, before sending',
    automine: true,
    arm: atWrite('signed', 'after'),
    storedAtKill: 'signed',
    outcome: 'confirmed',
  },
  {
    name: 'while eth_sendRawTransaction is on its way to the node',
    automine: true,
    arm: atCall('eth_sendRawTransaction', 'request'),
    storedAtKill: 'signed',
    outcome: 'confirmed',
  },
  {
    name: "after the node mined it, before the engine got the node's answer",
    automine: true,
    arm: atCall('eth_sendRawTransaction', 'response'),
    storedAtKill: 'signed',
    outcome: 'confirmed',
  },
  {
    name: 'after sending (in the pool), before "submitted" is stored',
    automine: false,
    arm: atWrite('submitted', 'before'),
    storedAtKill: 'signed',
    outcome: 'confirmed',
  },
  {
    name: 'after "submitted" is stored, still in the pool',
    automine: false,
    arm: atWrite('submitted', 'after'),
    storedAtKill: 'submitted',
    outcome: 'confirmed',
  },
  {
    name: 'after it was mined, while its receipt is being read',
    automine: true,
    arm: atCall('eth_getTransactionReceipt', 'request', 'submitted'),
    storedAtKill: 'submitted',
    outcome: 'confirmed',
  },
  {
    name: 'after the receipt was read, before "confirmed" is stored',
    automine: true,
    arm: atWrite('confirmed', 'before'),
    storedAtKill: 'submitted',
    outcome: 'confirmed',
  },
];

/** Polls `read` until it gives a value (not undefined or false); fails naming `what` at the deadline. */
async function until<T>(read: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type ChainTx = { hash: string; from: string; value: string; nonce: string };

describe('killing the engine process between approval and confirmation', () => {
  let dir: string;
  let stateFile: string;
  let proxy: RecordingProxy;
  let engine: EngineProcess;
  let from: string;
  let to: string;
  /** Every transaction the user asked for, by id, with its value (unique per intent). */
  const intents: { txId: string; value: string; outcome: KillPoint['outcome'] }[] = [];

  const rpc = <T>(method: string, params: unknown[] = []) =>
    callJsonRpc<T>(anvil().rpcUrl, method, params);
  const startEngine = () => EngineProcess.start(stateFile, proxy.url, CHAIN_ID);
  const stored = async (): Promise<TransactionMeta[]> =>
    storedTransactions(JSON.parse(await readFile(stateFile, 'utf8')));
  const walletTransactions = async () =>
    (await engine.state()).TransactionController.uiTransactions;
  /** The wallet's transactions on chain: every mined transaction from its account. */
  const minedFromWallet = async (): Promise<ChainTx[]> => {
    const head = Number(await rpc<string>('eth_blockNumber'));
    const blocks = await Promise.all(
      Array.from({ length: head + 1 }, (_, n) =>
        rpc<{ transactions: ChainTx[] }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]),
      ),
    );
    return blocks.flatMap((block) => block.transactions).filter((tx) => tx.from === from);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'orrery-kill-'));
    stateFile = path.join(dir, 'state.json');
    proxy = await startRecordingProxy(anvil().rpcUrl);
    engine = await startEngine();
    await engine.call('createNewVault', [PASSWORD]);
    from = (
      await engine.call<string>('importAccountWithPrivateKey', [anvil().privateKeys[0]])
    ).toLowerCase();
    to = anvil().accounts[1]!.toLowerCase();
    await engine.call('setTheme', ['dark']);
  }, 120_000);

  afterAll(async () => {
    await engine?.kill();
    await proxy?.close();
    await setAutomine(anvil().rpcUrl, true);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each(KILL_POINTS.map((point, index) => [point.name, point, index] as const))(
    'killed %s: recovers to a state the chain agrees with',
    async (_name, point, index) => {
      await setAutomine(anvil().rpcUrl, point.automine);
      const sentBefore = proxy.calls.length;
      const value = `0x${(1000 + index).toString(16)}`;
      await engine.send({ from, to, value });
      const approval = await until(async () => {
        const { pendingApprovals } = (await engine.state()).ApprovalController;
        return Object.values(pendingApprovals).find(
          (request) => (request.requestData.txParams as { value?: string }).value === value,
        );
      }, 'the approval');
      const txId = String(approval.requestData.txId);
      intents.push({ txId, value, outcome: point.outcome });
      // A user takes longer to answer than the debounced write of the new transaction.
      await until(async () => (await stored()).some((tx) => tx.id === txId), 'the stored request');

      const storedStatus = async () => (await stored()).find((tx) => tx.id === txId)?.status;
      const { reached } = await point.arm({ engine, proxy, txId, storedStatus });
      // Its answer may never come: the process dies on the way.
      engine.call('approveRequest', [approval.id]).catch(() => undefined);
      const held = await reached;
      await engine.kill();
      held?.drop();
      expect(await storedStatus()).toBe(point.storedAtKill);

      engine = await startEngine();
      await engine.call('submitPassword', [PASSWORD]);
      // Final or actionable: an unapproved transaction is back in the approval queue; a sent one
      // is submitted (only while the node has it) or settled. Nothing stays approved or signed.
      const recovered = await until(async () => {
        const state = await engine.state();
        const tx = state.TransactionController.uiTransactions.find((t) => t.id === txId);
        if (tx?.status === 'unapproved') {
          return (
            Object.values(state.ApprovalController.pendingApprovals).find(
              (request) => request.requestData.txId === txId,
            ) && tx
          );
        }
        return tx && tx.status !== 'approved' && tx.status !== 'signed' && tx;
      }, 'the transaction to be recovered');
      if (recovered.status === 'submitted') {
        expect(await rpc('eth_getTransactionByHash', [recovered.hash])).toMatchObject({
          hash: recovered.hash,
        });
      }

      // Then as a user and a chain would: approve what is asked, mine what waits.
      if (recovered.status === 'unapproved') {
        const asked = Object.values(
          (await engine.state()).ApprovalController.pendingApprovals,
        ).find((request) => request.requestData.txId === txId)!;
        await engine.call('approveRequest', [asked.id]);
      }
      await setAutomine(anvil().rpcUrl, true);
      await rpc('evm_mine');
      const final = await until(async () => {
        const tx = (await walletTransactions()).find((t) => t.id === txId);
        return tx && ['confirmed', 'failed', 'dropped'].includes(tx.status) && tx;
      }, 'a final status');

      const onChain = (await minedFromWallet()).filter((tx) => tx.value === value);
      if (point.outcome === 'stuck') {
        expect(final).toMatchObject({ status: 'failed', err: { message: STUCK_AT_BOOT_MESSAGE } });
        expect(onChain).toEqual([]);
      } else {
        expect(final.status).toBe('confirmed');
        expect(onChain.map((tx) => tx.hash)).toEqual([final.hash]);
        expect(await rpc('eth_getTransactionReceipt', [final.hash])).toMatchObject({
          status: '0x1',
        });
      }
      // One intent, at most one signed transaction: every send carried the same bytes.
      const sent = proxy.calls
        .slice(sentBefore)
        .filter((call) => call.method === 'eth_sendRawTransaction')
        .map((call) => (call.params as string[])[0]);
      expect(new Set(sent).size).toBeLessThanOrEqual(1);
    },
    120_000,
  );

  it('lost nothing else: settings, keys, and every transaction asked for, each once', async () => {
    const state = await engine.state();
    expect(state.PreferencesController).toMatchObject({ theme: 'dark', selectedAddress: from });
    const wallet = await walletTransactions();
    expect(wallet.map((tx) => tx.id).sort()).toEqual(intents.map((intent) => intent.txId).sort());
    const mined = await minedFromWallet();
    for (const intent of intents) {
      const tx = wallet.find((t) => t.id === intent.txId)!;
      const onChain = mined.filter((m) => m.value === intent.value);
      expect({ value: intent.value, status: tx.status, onChain: onChain.length }).toEqual({
        value: intent.value,
        status: intent.outcome === 'stuck' ? 'failed' : 'confirmed',
        onChain: intent.outcome === 'stuck' ? 0 : 1,
      });
    }
    // Every nonce the wallet used went to exactly one mined transaction.
    const nonces = mined.map((tx) => Number(tx.nonce)).sort((a, b) => a - b);
    expect(nonces).toEqual(nonces.map((_, i) => i));
    // The keys survived every kill: a restart unlocks with the same password and account.
    await engine.kill();
    engine = await startEngine();
    await engine.call('submitPassword', [PASSWORD]);
    expect((await engine.state()).KeyringController).toMatchObject({ isUnlocked: true });
  });
});

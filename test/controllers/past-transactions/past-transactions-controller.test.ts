// Past-transaction sync with the real TransactionController on anvil (automine off, so the test
// decides when blocks come) and the real API server on PGlite.
import { Messenger } from '@metamask/messenger';

import {
  createBackendClient,
  type BackendClient,
} from '../../../src/controllers/backend/api-client';
import { withCancelFlags } from '../../../src/controllers/past-transactions/cancel-statuses';
import {
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
  PastTransactionsController,
  pastTransactionsControllerName,
  type DesktopNotification,
  type PastTransactionsControllerActions,
  type PastTransactionsControllerAllowedActions,
  type PastTransactionsControllerAllowedEvents,
  type PastTransactionsControllerEvents,
  type PastTransactionsState,
} from '../../../src/controllers/past-transactions/PastTransactionsController';
import type { TransactionMeta } from '../../../src/controllers/transactions/types';
import type { RunningServer } from '../../../src/server/main';
import { setAutomine } from '../../chain/snapshot';
import { useAnvil } from '../../chain/use-anvil';
import { createTestDatabase, startServer, type TestDatabase } from '../../server/helpers';
import { createHarness, type Harness } from '../transactions/harness';

const anvil = useAnvil({ accounts: 10 });
// Each test unlocks a vault (600,000 PBKDF2 rounds), signs in on PGlite and waits for the chain:
// under load (two CPU-bound processes on 2 cores, load 15) the first took over 30 s. Every wait
// below is for a condition, so a longer limit only gives a slow machine room.
jest.setTimeout(120_000);
const ORIGIN = 'https://dapp.example';
const EXPLORER = 'https://explorer.example';

let database: TestDatabase;
let server: RunningServer;
let backend: BackendClient;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  server = await startServer(database.config());
  backend = createBackendClient({ baseUrl: server.url, timeoutMs: 5_000 });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

type Setup = {
  h: Harness;
  past: PastTransactionsController;
  notifications: DesktopNotification[];
  unauthorized: string[];
  from: string;
};

let account = 0;
const running: Setup[] = [];

/** Signs the sender in with the keyring's signature and creates its user record. */
async function signUp(h: Harness, address: string): Promise<string> {
  const { message } = await backend.getAuthMessage(address);
  const signature = await h.keyring.signPersonalMessage(address, message);
  const { token } = await backend.verifyAuth(address, signature);
  await backend.createUser(token, {});
  return token;
}

async function setup(
  options: {
    from?: string;
    state?: Partial<PastTransactionsState>;
    token?: string | null;
    blockPollingMs?: number;
  } = {},
): Promise<Setup> {
  const from = options.from ?? anvil().accounts[account++]!.toLowerCase();
  const h = await createHarness(anvil(), {
    selectedAddress: from,
    ...(options.blockPollingMs ? { blockPollingMs: options.blockPollingMs } : {}),
  });
  // The same node as a network with an explorer, as built-in networks have.
  await h.network.setRpcTarget({
    rpcUrl: anvil().rpcUrl,
    chainId: anvil().chainId,
    blockExplorer: EXPLORER,
  });
  await h.network.lookupNetwork();
  if (options.token !== null && !tokens[from]) tokens[from] = await signUp(h, from);
  // The harness root knows only network and transaction types; this controller's namespace is
  // added under it (the engine's root messenger carries all of them).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const root = h.root as unknown as Messenger<'Root', any, any>;
  const messenger = new Messenger<
    typeof pastTransactionsControllerName,
    PastTransactionsControllerActions | PastTransactionsControllerAllowedActions,
    PastTransactionsControllerEvents | PastTransactionsControllerAllowedEvents,
    typeof root
  >({ namespace: pastTransactionsControllerName, parent: root });
  root.delegate({
    messenger,
    actions: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
    events: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
  });
  const notifications: DesktopNotification[] = [];
  const unauthorized: string[] = [];
  const past = new PastTransactionsController({
    messenger,
    state: options.state,
    backend,
    getToken: (address) => (options.token === null ? undefined : tokens[address]),
    onUnauthorized: (address) => unauthorized.push(address),
    notify: (n) => notifications.push(n),
  });
  past.init();
  const created = { h, past, notifications, unauthorized, from };
  running.push(created);
  return created;
}

beforeEach(async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await setAutomine(anvil().rpcUrl, false);
});
afterEach(async () => {
  jest.restoreAllMocks();
  for (const s of running.splice(0)) {
    s.past.destroy();
    await s.h.destroy();
  }
  await setAutomine(anvil().rpcUrl, true);
});

async function send(s: Setup, value = '0xde0b6b3a7640000'): Promise<TransactionMeta> {
  const { transactionMeta, result } = await s.h.controller.addUnapprovedTransaction(
    { from: s.from, to: anvil().accounts[9], value },
    { origin: ORIGIN },
  );
  await s.h.controller.approveTransaction(transactionMeta.id);
  await result;
  return s.h.controller.getTransaction(transactionMeta.id)!;
}

async function serverRows(address: string) {
  return (await backend.getTransactions(tokens[address]!)).transactions;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > 60_000) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('PastTransactionsController on anvil', () => {
  it('posts a new submitted transaction, notifies, and patches it confirmed', async () => {
    const s = await setup();
    const tx = await send(s);
    await waitFor(async () => (await serverRows(s.from)).length === 1, 'the POST');
    const [row] = await serverRows(s.from);
    expect(row).toMatchObject({
      transaction_hash: tx.hash,
      network: tx.chainId,
      from: s.from,
      to: anvil().accounts[9]!.toLowerCase(),
      total_amount: '1',
      status: 'submitted',
      nonce: '0',
      gas: '21000',
      symbol: 'ETH',
      transaction_category: 'sentEther',
      is_cancel: false,
    });
    expect(s.notifications).toEqual([
      { title: 'Sent Transaction', body: 'Check Tx Status', url: `${EXPLORER}/tx/${tx.hash}` },
    ]);
    const [local] = s.past.state.pastTransactions[s.from]!;
    expect(local).toMatchObject({
      id: row!.id,
      status: 'submitted',
      etherscanLink: `${EXPLORER}/tx/${tx.hash}`,
    });

    await s.h.tick(); // mined; the TransactionController confirms it
    await waitFor(async () => (await serverRows(s.from))[0]?.status === 'confirmed', 'the PATCH');
    expect(s.past.state.pastTransactions[s.from]![0]!.status).toBe('confirmed');
    expect(s.notifications).toHaveLength(1);
  });

  it('a cancel: the latest of the nonce is the cancel; the original is cancelling, then cancelled', async () => {
    const s = await setup();
    const original = await send(s);
    const cancel = await s.h.controller.cancelTransaction(original.id);
    await waitFor(() => s.past.state.pastTransactions[s.from]?.length === 2, 'both entries');
    await waitFor(async () => (await serverRows(s.from)).length === 2, 'both POSTs');
    const byHash = (hash: string) =>
      s.past.state.pastTransactions[s.from]!.find((tx) => tx.transaction_hash === hash)!;
    expect(byHash(cancel.hash!)).toMatchObject({ is_cancel: true, hasCancel: false });
    expect(byHash(original.hash!)).toMatchObject({
      is_cancel: false,
      hasCancel: true,
      cancelStatus: 'cancelling',
      cancelGas: '21000',
    });
    expect(
      (await serverRows(s.from)).find((r) => r.transaction_hash === cancel.hash),
    ).toMatchObject({ is_cancel: true, transaction_category: 'cancel' });

    await s.h.tick();
    await waitFor(() => byHash(cancel.hash!).status === 'confirmed', 'the cancel confirmed');
    expect(byHash(original.hash!)).toMatchObject({
      cancelStatus: 'cancelled',
      status: 'submitted',
    });
    expect(s.notifications.map((n) => n.url)).toEqual([
      `${EXPLORER}/tx/${original.hash}`,
      `${EXPLORER}/tx/${cancel.hash}`,
    ]);
  });

  it('re-checks unconfirmed history on chain and patches a changed status', async () => {
    const first = await setup();
    const tx = await send(first);
    await waitFor(async () => (await serverRows(first.from)).length === 1, 'the POST');
    // The wallet closes before the transaction is mined.
    first.past.destroy();
    await first.h.destroy();
    running.splice(running.indexOf(first), 1);
    await setAutomine(anvil().rpcUrl, true);
    const { callJsonRpc } = await import('../../../scripts/lib/json-rpc');
    await callJsonRpc(anvil().rpcUrl, 'anvil_mine', ['0x1']);
    // Mined now (anvil_mine answers after the block): no wait, the chain says so.
    expect(
      await callJsonRpc<{ status: string } | null>(anvil().rpcUrl, 'eth_getTransactionReceipt', [
        tx.hash,
      ]),
    ).toMatchObject({ status: '0x1' });

    // A new session reads the history from the server and asks the node.
    const second = await setup({ from: first.from });
    expect(second.past.state.pastTransactions[first.from]).toBeUndefined();
    await second.past.fetchPastTransactions(first.from);
    expect(second.past.state.fetchedPastTx[first.from]).toBe(true);
    expect(second.past.state.pastTransactions[first.from]![0]).toMatchObject({
      transaction_hash: tx.hash,
      status: 'confirmed',
    });
    expect((await serverRows(first.from))[0]?.status).toBe('confirmed');
  });

  it('a restarted wallet re-checks its persisted unconfirmed entries on new blocks', async () => {
    const first = await setup();
    const tx = await send(first);
    await waitFor(async () => (await serverRows(first.from)).length === 1, 'the POST');
    await waitFor(() => first.past.state.pastTransactions[first.from]?.[0]?.id != null, 'the id');
    const persisted = { pastTransactions: first.past.state.pastTransactions };
    first.past.destroy();
    await first.h.destroy();
    running.splice(running.indexOf(first), 1);

    // The block tracker runs in this session; the persisted entry is still 'submitted'.
    const second = await setup({ from: first.from, state: persisted, blockPollingMs: 50 });
    expect(second.past.state.pastTransactions[first.from]![0]!.status).toBe('submitted');
    const { callJsonRpc } = await import('../../../scripts/lib/json-rpc');
    await callJsonRpc(anvil().rpcUrl, 'anvil_mine', ['0x1']);
    await waitFor(
      async () => (await serverRows(first.from))[0]?.status === 'confirmed',
      'the PATCH',
    );
    expect(second.past.state.pastTransactions[first.from]![0]).toMatchObject({
      transaction_hash: tx.hash,
      status: 'confirmed',
    });
  });

  it('without a backend token it keeps the history locally; a 401 is reported', async () => {
    const s = await setup({ token: null });
    const tx = await send(s);
    await waitFor(() => s.past.state.pastTransactions[s.from]?.length === 1, 'the local entry');
    expect(s.past.state.pastTransactions[s.from]![0]).toMatchObject({
      id: null,
      transaction_hash: tx.hash,
    });
    expect(s.notifications).toHaveLength(1);

    tokens[s.from] = 'not-a-jwt';
    const withBadToken = await setup({ from: s.from });
    await withBadToken.past.fetchPastTransactions(s.from);
    expect(withBadToken.unauthorized).toEqual([s.from]);
    delete tokens[s.from];
  });
});

describe('bounds', () => {
  it('keeps the newest 100 entries per address', async () => {
    const from = anvil().accounts[account++]!.toLowerCase();
    const old = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      transaction_hash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
      network: '0x1',
      from,
      to: from,
      status: 'confirmed',
      nonce: String(i),
      gas: '21000',
      gasPrice: '1',
      date: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
      etherscanLink: '',
      total_amount: '0',
      symbol: 'ETH',
      transaction_category: 'sentEther',
      is_cancel: false,
      hasCancel: false,
    }));
    const s = await setup({ from, token: null, state: { pastTransactions: { [from]: old } } });
    const tx = await send(s);
    await waitFor(
      () => s.past.state.pastTransactions[from]![0]!.transaction_hash === tx.hash,
      'the new entry',
    );
    const list = s.past.state.pastTransactions[from]!;
    expect(list).toHaveLength(100);
    // Given oldest first, kept newest first: the oldest (id 1) went.
    expect(list.map((e) => e.id).slice(0, 3)).toEqual([null, 100, 99]);
    expect(list.map((e) => e.id)).not.toContain(1);
  });
});

describe('payment orders', () => {
  it('are read from the server (GET /transaction) with amounts, rate, direction and link', async () => {
    const s = await setup();
    const other = anvil().accounts[9]!.toLowerCase();
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    const sent = await backend.postTransaction(tokens[s.from]!, {
      transaction_hash: hash(1),
      network: `0x${anvil().chainId.toString(16)}`,
      from: s.from,
      to: other,
      total_amount: '1.5',
      currency_amount: '4500',
      selected_currency: 'usd',
      symbol: 'ETH',
      status: 'confirmed',
    });
    await backend.postTransaction(tokens[s.from]!, {
      transaction_hash: hash(2),
      network: '0x89',
      from: other,
      to: s.from,
      total_amount: '2',
      symbol: 'MATIC',
      status: 'submitted',
    });
    await s.past.fetchPaymentOrders(s.from.toUpperCase().replace('0X', '0x'));
    const orders = s.past.state.paymentTx[s.from]!;
    expect(orders).toHaveLength(2);
    expect(orders.find((o) => o.id === sent.id)).toEqual({
      id: sent.id,
      date: sent.created_at,
      from: s.from,
      to: other,
      slicedFrom: `${s.from.slice(0, 5)}...${s.from.slice(-4)}`,
      slicedTo: `${other.slice(0, 5)}...${other.slice(-4)}`,
      action: 'send',
      totalAmount: '1.5',
      totalAmountString: '1.5 ETH',
      currencyAmount: '4500',
      currencyAmountString: '4500 USD',
      amount: '1.5 ETH / 4500 USD',
      ethRate: '3000',
      status: 'confirmed',
      etherscanLink: `${EXPLORER}/tx/${hash(1)}`,
      currencyUsed: 'USD',
    });
    expect(orders.find((o) => o.id !== sent.id)).toMatchObject({
      action: 'receive',
      totalAmountString: '2 MATIC',
      currencyAmountString: '',
      ethRate: '',
      etherscanLink: '', // another chain than the selected one
    });
  });
});

describe('history and payment orders together', () => {
  it('come from one GET /transaction when the history is fetched', async () => {
    const s = await setup();
    const hash = `0x${'ab'.repeat(32)}`;
    const row = await backend.postTransaction(tokens[s.from]!, {
      transaction_hash: hash,
      network: `0x${anvil().chainId.toString(16)}`,
      from: s.from,
      to: anvil().accounts[9]!.toLowerCase(),
      total_amount: '0.25',
      symbol: 'ETH',
      status: 'confirmed',
    });
    const reads = jest.spyOn(backend, 'getTransactions');
    try {
      await s.past.fetchPastTransactions(s.from);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
    expect(s.past.state.pastTransactions[s.from]!.map((tx) => tx.id)).toEqual([row.id]);
    const withHistory = s.past.state.paymentTx[s.from];
    expect(withHistory).toHaveLength(1);
    expect(withHistory![0]).toMatchObject({ id: row.id, action: 'send', totalAmount: '0.25' });
    // The same orders as reading them alone.
    await s.past.fetchPaymentOrders(s.from);
    expect(s.past.state.paymentTx[s.from]).toEqual(withHistory);
  });
});

describe('withCancelFlags', () => {
  const base = {
    network: '0x1',
    from: '0xabc',
    gas: '21000',
    gasPrice: '10',
  };
  it('groups by network, sender and nonce; orders by date', () => {
    const list = [
      {
        ...base,
        transaction_hash: 'b',
        nonce: '0x1',
        status: 'submitted',
        date: '2024-01-01T00:00:02Z',
      },
      {
        ...base,
        transaction_hash: 'a',
        nonce: '1',
        status: 'submitted',
        date: '2024-01-01T00:00:01Z',
        gas: '50000',
      },
      {
        ...base,
        transaction_hash: 'c',
        nonce: '1',
        status: 'submitted',
        date: '2024-01-01T00:00:03Z',
        network: '0x5',
      },
      {
        ...base,
        transaction_hash: 'd',
        nonce: null,
        status: 'submitted',
        date: '2024-01-01T00:00:04Z',
      },
    ];
    const flagged = withCancelFlags(list);
    expect(
      flagged.map((tx) => [tx.transaction_hash, tx.is_cancel, tx.hasCancel, tx.cancelStatus]),
    ).toEqual([
      ['b', true, false, undefined],
      ['a', false, true, 'cancelling'],
      ['c', false, false, undefined],
      ['d', false, false, undefined],
    ]);
    expect(flagged[1]).toMatchObject({
      cancelDateInitiated: '2024-01-01T00:00:02Z',
      cancelGas: '21000',
    });
    const confirmed = withCancelFlags([{ ...list[0]!, status: 'confirmed' }, list[1]!]);
    expect(confirmed[1]!.cancelStatus).toBe('cancelled');
    // Recomputing drops stale flags.
    expect(withCancelFlags([flagged[1]!])[0]).toEqual({
      ...list[1],
      is_cancel: false,
      hasCancel: false,
    });
  });
});

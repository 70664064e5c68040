import { Messenger } from '@metamask/messenger';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import {
  ACCOUNT_TRACKER_DELEGATED_ACTIONS,
  ACCOUNT_TRACKER_DELEGATED_EVENTS,
  AccountTrackerController,
  accountTrackerControllerName,
  type AccountTrackerAllowedActions,
  type AccountTrackerAllowedEvents,
  type AccountTrackerControllerActions,
  type AccountTrackerControllerEvents,
} from '../../../src/controllers/account-tracker/AccountTrackerController';
import {
  decodeBalancesResult,
  encodeBalancesCall,
} from '../../../src/controllers/account-tracker/balance-checker';
import {
  KeyringController,
  keyringControllerName,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../../src/controllers/keyring/KeyringController';
import {
  NetworkController,
  networkControllerName,
  type NetworkControllerActions,
  type NetworkControllerEvents,
} from '../../../src/controllers/network/NetworkController';
import { LOCALHOST_NETWORK } from '../../../src/shared/networks';
import { deployContract } from '../../chain/deploy';
import { useAnvil } from '../../chain/use-anvil';
import { placeMulticall3 } from '../../../scripts/lib/multicall3';
import type { Timers } from '../../../src/controllers/polling/timers';
import { countingFetch, waitFor } from '../network/helpers';
import { createManualTimers, waitForScheduled } from '../polling/manual-timers';

type RootActions =
  NetworkControllerActions | KeyringControllerActions | AccountTrackerControllerActions;
type RootEvents =
  NetworkControllerEvents | KeyringControllerEvents | AccountTrackerControllerEvents;
type Root = Messenger<'Root', RootActions, RootEvents>;

const password = 'a test password';

describe('balance-checker calldata', () => {
  it('encodes balances(address[],address[]) and decodes uint256[]', () => {
    const data = encodeBalancesCall(
      ['0x00000000000000000000000000000000000000aa'],
      ['0x0000000000000000000000000000000000000000'],
    );
    // selector of balances(address[],address[]), two offsets, then each array.
    expect(data.slice(0, 10)).toBe('0xf0002ea9');
    expect(data.length).toBe(2 + 8 + 64 * 6);
    const result = `0x${(32).toString(16).padStart(64, '0')}${'2'.padStart(64, '0')}${'5'.padStart(64, '0')}${'ff'.padStart(64, '0')}`;
    expect(decodeBalancesResult(result, 2)).toEqual([5n, 255n]);
    expect(() => decodeBalancesResult(result, 3)).toThrow(/returned 2 values, expected 3/);
    expect(() => decodeBalancesResult('0x', 1)).toThrow(/no array/);
  });
});

describe('AccountTrackerController on anvil', () => {
  const anvil = useAnvil();
  const otherChain = useAnvil({ chainId: 5777 });
  const multicallChain = useAnvil({ chainId: 1337 });
  let checker: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    checker = await deployContract(anvil().rpcUrl, 'BalanceChecker');
    await placeMulticall3(multicallChain().rpcUrl);
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** A wired engine slice: network (counting its upstream calls), keyring with accounts, tracker. */
  async function setup(
    balanceCheckerAddresses: Record<string, string>,
    keyIndexes: number[],
    { node = anvil(), timers }: { node?: ReturnType<typeof anvil>; timers?: Timers } = {},
  ) {
    const { rpcUrl, chainId, privateKeys } = node;
    const root: Root = new Messenger<'Root', RootActions, RootEvents>({ namespace: 'Root' });
    const counting = countingFetch();
    const network = new NetworkController({
      messenger: new Messenger<
        typeof networkControllerName,
        NetworkControllerActions,
        NetworkControllerEvents,
        Root
      >({ namespace: networkControllerName, parent: root }),
      providerConfig: { ...LOCALHOST_NETWORK, rpcUrl, chainId: `0x${chainId.toString(16)}` },
      pollingInterval: 100,
      fetchFn: counting.fetchFn,
      timers,
    });
    const keyring = new KeyringController({
      messenger: new Messenger<
        typeof keyringControllerName,
        KeyringControllerActions,
        KeyringControllerEvents,
        Root
      >({ namespace: keyringControllerName, parent: root }),
    });
    await keyring.createNewVault(password);
    await keyring.addAccounts(
      keyIndexes.map((index) => ({ privKey: privateKeys[index] ?? '', accountType: 'normal' })),
    );
    const messenger = new Messenger<
      typeof accountTrackerControllerName,
      AccountTrackerControllerActions | AccountTrackerAllowedActions,
      AccountTrackerControllerEvents | AccountTrackerAllowedEvents,
      Root
    >({ namespace: accountTrackerControllerName, parent: root });
    root.delegate({
      messenger,
      actions: ACCOUNT_TRACKER_DELEGATED_ACTIONS,
      events: ACCOUNT_TRACKER_DELEGATED_EVENTS,
    });
    const tracker = new AccountTrackerController({ messenger, balanceCheckerAddresses });
    cleanups.push(async () => {
      tracker.destroy();
      await network.destroy();
    });
    return { root, network, keyring, tracker, counting };
  }

  const localChecker = () => ({ [`0x${anvil().chainId.toString(16)}`]: checker });
  const address = (index: number) => (anvil().accounts[index] ?? '').toLowerCase();
  const nodeBalance = (account: string, node = anvil()) =>
    callJsonRpc<string>(node.rpcUrl, 'eth_getBalance', [account, 'latest']);

  /** Sends value from a keyring account: signed by our keyring, mined by anvil. */
  async function transfer(
    keyring: KeyringController,
    from: string,
    to: string,
    value: bigint,
    node = anvil(),
  ) {
    const { rpcUrl, chainId } = node;
    const nonce = await callJsonRpc<string>(rpcUrl, 'eth_getTransactionCount', [from, 'pending']);
    const gasPrice = await callJsonRpc<string>(rpcUrl, 'eth_gasPrice');
    const signed = await keyring.signTransaction(
      from,
      { to, value: `0x${value.toString(16)}`, gas: '0x5208', gasPrice, nonce },
      chainId,
    );
    const hash = await callJsonRpc<string>(rpcUrl, 'eth_sendRawTransaction', [signed.rawTx]);
    // Automine mines right after answering; under load the block can lag the hash briefly.
    const deadline = Date.now() + 10_000;
    while (!(await callJsonRpc(rpcUrl, 'eth_getTransactionReceipt', [hash]))) {
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash}`);
    }
  }

  it('reads all balances in one eth_call through the balance checker', async () => {
    const { tracker, counting } = await setup(localChecker(), [1, 2]);
    await tracker.init();
    expect(counting.count('eth_call')).toBe(0); // nothing is read before someone asks
    await tracker.refresh();
    expect(counting.count('eth_call')).toBe(1);
    expect(counting.count('eth_getBalance')).toBe(0);
    expect(tracker.lastBalanceSource).toBe('balance-checker');
    expect(tracker.state.accounts).toEqual({
      [address(1)]: { balance: await nodeBalance(address(1)) },
      [address(2)]: { balance: await nodeBalance(address(2)) },
    });
  });

  it('falls back to eth_getBalance per account without a checker', async () => {
    const { tracker, counting } = await setup({}, [1, 2]);
    await tracker.init();
    await tracker.refresh();
    expect(tracker.lastBalanceSource).toBe('eth_getBalance');
    expect(counting.count('eth_call')).toBe(0);
    expect(counting.count('eth_getBalance')).toBe(2);
    expect(tracker.state.accounts).toEqual({
      [address(1)]: { balance: await nodeBalance(address(1)) },
      [address(2)]: { balance: await nodeBalance(address(2)) },
    });
  });

  it('falls back to eth_getBalance when the configured checker has no code', async () => {
    const chainId = `0x${anvil().chainId.toString(16)}`;
    const { tracker } = await setup(
      { [chainId]: '0x000000000000000000000000000000000000dead' },
      [1],
    );
    await tracker.init();
    await tracker.refresh();
    expect(tracker.lastBalanceSource).toBe('eth_getBalance');
    expect(tracker.state.accounts).toEqual({
      [address(1)]: { balance: await nodeBalance(address(1)) },
    });
  });

  it('reads nothing until a view shows balances, then reads them with each head in one Multicall3 call', async () => {
    const node = multicallChain();
    const timers = createManualTimers();
    const { tracker, network, keyring, counting } = await setup({}, [1, 2], { node, timers });
    await network.init();
    await tracker.init();
    await network.getEIP1559Compatibility(); // the start's last read
    const startup = counting.count('eth_getBlockByNumber');
    expect(tracker.state.accounts).toEqual({});
    expect(counting.count('eth_call') + counting.count('eth_getBalance')).toBe(0);
    expect(timers.pending()).toEqual([]);

    tracker.startPolling();
    expect(network.blockDemand).toEqual({ AccountTrackerController: 'view' });
    await waitForScheduled(timers, 0, 'the first head read');
    const a1 = (node.accounts[1] ?? '').toLowerCase();
    const a2 = (node.accounts[2] ?? '').toLowerCase();
    expect(tracker.lastBalanceSource).toBe('multicall3');
    expect(tracker.state.accounts).toEqual({
      [a1]: { balance: await nodeBalance(a1, node) },
      [a2]: { balance: await nodeBalance(a2, node) },
    });

    await transfer(keyring, a1, a2, 10n ** 18n, node);
    const scheduled = timers.scheduledCount;
    timers.fireNext();
    await waitForScheduled(timers, scheduled, 'the next head read');
    expect(tracker.state.accounts[a2]?.balance).toBe(await nodeBalance(a2, node));
    expect(tracker.state.accounts[a1]?.balance).toBe(await nodeBalance(a1, node));
    // Block and balances came in one request per head read.
    expect(counting.count('eth_call')).toBe(2);
    expect(counting.count('eth_getBalance')).toBe(0);
    expect(counting.count('eth_getBlockByNumber')).toBe(startup);

    tracker.stopPolling();
    expect(network.isTrackingBlocks).toBe(false);
    expect(timers.pending()).toEqual([]);
  });

  it('follows new blocks, new accounts and the lock', async () => {
    const { tracker, network, keyring, counting } = await setup(localChecker(), [1, 2]);
    await tracker.init();
    await network.init();
    tracker.startPolling();
    await waitFor(() => tracker.state.accounts[address(2)] !== undefined, 'the first balances');

    const start = BigInt(tracker.state.accounts[address(2)]?.balance ?? '0x0');
    await transfer(keyring, address(1), address(2), 10n ** 18n);
    await waitFor(
      () => BigInt(tracker.state.accounts[address(2)]?.balance ?? '0x0') === start + 10n ** 18n,
      'the new balance after the next block',
    );
    await waitFor(
      () => tracker.state.accounts[address(1)]?.balance !== undefined,
      'the sender balance',
    );
    expect(tracker.lastBalanceSource).toBe('balance-checker');
    expect(counting.count('eth_getBalance')).toBe(0);

    await keyring.importAccountWithPrivateKey(anvil().privateKeys[3] ?? '');
    await waitFor(() => tracker.state.accounts[address(3)] !== undefined, 'the imported account');
    expect(tracker.state.accounts[address(3)]?.balance).toBe(await nodeBalance(address(3)));

    keyring.setLocked();
    expect(tracker.state.accounts).toEqual({});
    const reads = counting.count('eth_call') + counting.count('eth_getBalance');
    await tracker.refresh();
    expect(counting.count('eth_call') + counting.count('eth_getBalance')).toBe(reads);

    await keyring.submitPassword(password);
    await waitFor(() => Object.keys(tracker.state.accounts).length === 3, 'balances after unlock');
  });

  it("drops the old chain's balances on a network switch and reads the new chain's", async () => {
    const { tracker, network, root } = await setup(localChecker(), [1]);
    await tracker.init();
    await network.init();
    tracker.startPolling();
    await waitFor(() => tracker.lastBalanceSource !== null, 'the first balances');
    expect(tracker.lastBalanceSource).toBe('balance-checker');
    await callJsonRpc(otherChain().rpcUrl, 'anvil_setBalance', [address(1), '0x1234']);

    const seen: string[] = [];
    root.subscribe('AccountTrackerController:stateChange', (state) => {
      seen.push(state.accounts[address(1)]?.balance ?? 'none');
    });
    await network.setRpcTarget({ rpcUrl: otherChain().rpcUrl, chainId: 5777 });
    await waitFor(
      () => tracker.state.accounts[address(1)]?.balance === '0x1234',
      'the balance on chain 5777',
    );
    // No checker is configured for 5777: one eth_getBalance. The old balance was cleared first.
    expect(tracker.lastBalanceSource).toBe('eth_getBalance');
    expect(seen).toEqual(['none', '0x1234']);
  });
});

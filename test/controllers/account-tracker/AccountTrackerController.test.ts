import { Messenger } from '@metamask/messenger';

import { callJsonRpc } from '../../../scripts/lib/json-rpc';
import {
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
import { countingFetch, waitFor } from '../network/helpers';

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
  let checker: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    checker = await deployContract(anvil().rpcUrl, 'BalanceChecker');
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** A wired engine slice: network (counting its upstream calls), keyring with accounts, tracker. */
  async function setup(balanceCheckerAddresses: Record<string, string>, keyIndexes: number[]) {
    const { rpcUrl, chainId, privateKeys } = anvil();
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
      actions: [
        'NetworkController:getState',
        'NetworkController:getProvider',
        'KeyringController:getAccounts',
      ],
      events: [
        'NetworkController:newBlock',
        'NetworkController:networkDidChange',
        'KeyringController:stateChange',
      ],
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
  const nodeBalance = (account: string) =>
    callJsonRpc<string>(anvil().rpcUrl, 'eth_getBalance', [account, 'latest']);

  /** Sends value from a keyring account: signed by our keyring, mined by anvil. */
  async function transfer(keyring: KeyringController, from: string, to: string, value: bigint) {
    const { rpcUrl, chainId } = anvil();
    const nonce = await callJsonRpc<string>(rpcUrl, 'eth_getTransactionCount', [from, 'pending']);
    const gasPrice = await callJsonRpc<string>(rpcUrl, 'eth_gasPrice');
    const signed = await keyring.signTransaction(
      from,
      { to, value: `0x${value.toString(16)}`, gas: '0x5208', gasPrice, nonce },
      chainId,
    );
    await callJsonRpc(rpcUrl, 'eth_sendRawTransaction', [signed.rawTx]);
  }

  it('reads all balances in one eth_call through the balance checker', async () => {
    const { tracker, counting } = await setup(localChecker(), [1, 2]);
    await tracker.init();
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
    expect(tracker.lastBalanceSource).toBe('eth_getBalance');
    expect(tracker.state.accounts).toEqual({
      [address(1)]: { balance: await nodeBalance(address(1)) },
    });
  });

  it('follows new blocks, new accounts and the lock', async () => {
    const { tracker, network, keyring, counting } = await setup(localChecker(), [1, 2]);
    await tracker.init();
    await network.init();

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

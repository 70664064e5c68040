import type { Hex } from '../../shared/primitives';
import EthQuery from '@metamask/eth-query';
import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';
import type {
  KeyringControllerGetAccountsAction,
  KeyringControllerStateChangeEvent,
} from '../keyring/KeyringController';
import { decodeEthBalance, ethBalanceRead } from '../network/multicall3';
import type {
  BlockRead,
  NetworkControllerAddBlockReadAction,
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
  NetworkControllerNetworkDidChangeEvent,
  NetworkControllerRequireBlocksAction,
} from '../network/NetworkController';
import {
  BALANCE_CHECKER_ADDRESSES,
  decodeBalancesResult,
  encodeBalancesCall,
  NATIVE_TOKEN,
} from './balance-checker';

export const accountTrackerControllerName = 'AccountTrackerController';

export type AccountBalance = {
  /** Native balance in wei, 0x hex. */
  balance: Hex;
};

export type AccountTrackerState = {
  /**
   * Native balances of the wallet's accounts on the selected chain, keyed by lowercase address.
   * An account appears once its balance has been read; the map is emptied on a network switch.
   */
  accounts: Record<string, AccountBalance>;
};

// Not persisted: a balance is a fact about the current block of the current chain. A restored
// one could belong to another chain or be days old; the first head read after a view opens
// brings a true value.
/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const accountTrackerControllerMetadata = {
  accounts: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
} satisfies StateMetadata<AccountTrackerState>;

export function getDefaultAccountTrackerState(): AccountTrackerState {
  return { accounts: {} };
}

/** An eth_getBalance through eth-query's callback API, as a promise. */
function getBalance(query: EthQuery, address: string, blockTag: string): Promise<string> {
  return new Promise((resolve, reject) => {
    query.sendAsync<[string, string], string>(
      { method: 'eth_getBalance', params: [address, blockTag] },
      (error, balance) => (error ? reject(error) : resolve(balance as string)),
    );
  });
}

export type AccountTrackerControllerGetStateAction = ControllerGetStateAction<
  typeof accountTrackerControllerName,
  AccountTrackerState
>;
/** The methods others may call as `AccountTrackerController:<method>`. */
const MESSENGER_EXPOSED_METHODS = ['refresh'] as const;

export type AccountTrackerControllerActions =
  | AccountTrackerControllerGetStateAction
  | MethodActions<
      typeof accountTrackerControllerName,
      AccountTrackerController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;
export type AccountTrackerControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof accountTrackerControllerName,
  AccountTrackerState
>;
export type AccountTrackerControllerEvents = AccountTrackerControllerStateChangeEvent;

/** What the tracker calls and hears from other controllers. */
export type AccountTrackerAllowedActions =
  | NetworkControllerGetStateAction
  | NetworkControllerGetProviderAction
  | NetworkControllerRequireBlocksAction
  | NetworkControllerAddBlockReadAction
  | KeyringControllerGetAccountsAction;
export type AccountTrackerAllowedEvents =
  NetworkControllerNetworkDidChangeEvent | KeyringControllerStateChangeEvent;

/** For the engine's createControllerMessenger(root, accountTrackerControllerName, { actions, events }). */
export const ACCOUNT_TRACKER_DELEGATED_ACTIONS: AccountTrackerAllowedActions['type'][] = [
  'NetworkController:getState',
  'NetworkController:getProvider',
  'NetworkController:requireBlocks',
  'NetworkController:addBlockRead',
  'KeyringController:getAccounts',
];
export const ACCOUNT_TRACKER_DELEGATED_EVENTS: AccountTrackerAllowedEvents['type'][] = [
  'NetworkController:networkDidChange',
  'KeyringController:stateChange',
];

export type AccountTrackerControllerMessenger = Messenger<
  typeof accountTrackerControllerName,
  AccountTrackerControllerActions | AccountTrackerAllowedActions,
  AccountTrackerControllerEvents | AccountTrackerAllowedEvents
>;

export interface AccountTrackerControllerOptions {
  messenger: AccountTrackerControllerMessenger;
  state?: Partial<AccountTrackerState>;
  /** Balance-checker contracts by 0x chain id; defaults to BALANCE_CHECKER_ADDRESSES. */
  balanceCheckerAddresses?: Readonly<Record<string, string>>;
}

/** How the last balances were read, for tests and diagnostics. */
export type BalanceSource = 'multicall3' | 'balance-checker' | 'eth_getBalance';

/**
 * Keeps the native balances of the keyring's accounts current while a view shows them
 * (`startPolling`): read with every head read of the block tracker, in the same Multicall3
 * call, where the chain has Multicall3; elsewhere on each new block, in one eth_call through a
 * balance-checker contract where the chain has one, else one eth_getBalance per account.
 * No view, locked wallet or no accounts: no requests.
 */
export class AccountTrackerController extends BaseController<
  typeof accountTrackerControllerName,
  AccountTrackerState,
  AccountTrackerControllerMessenger
> {
  readonly #checkers: Map<string, string>;
  /** Lowercase addresses to track, in keyring order. */
  #addresses: string[] = [];
  #running: Promise<void> | null = null;
  #rerun: { blockNumber?: number } | null = null;
  #lastSource: BalanceSource | null = null;
  /** Bumped on a network switch so answers for the previous chain are dropped. */
  #generation = 0;
  #subscriptions: (() => void)[] = [];
  /** The block whose balances the state shows, if read at a known block. */
  #balancesBlock: number | null = null;
  /** While a view shows balances: releases the block read and the need for blocks. */
  #stopPolling: (() => void) | null = null;
  /** The addresses the head read in flight asked for, in order. */
  #asked: string[] = [];
  readonly #blockRead: BlockRead = {
    reads: () => {
      this.#asked = [...this.#addresses];
      return this.#asked.map(ethBalanceRead);
    },
    onHead: (blockNumber, results) => this.#onHead(blockNumber, results),
  };

  constructor({
    messenger,
    state,
    balanceCheckerAddresses = BALANCE_CHECKER_ADDRESSES,
  }: AccountTrackerControllerOptions) {
    super({
      messenger,
      metadata: accountTrackerControllerMetadata,
      name: accountTrackerControllerName,
      state: { ...getDefaultAccountTrackerState(), ...state },
    });
    this.#checkers = new Map(
      Object.entries(balanceCheckerAddresses).map(([chainId, address]) => [
        normalizeChainId(chainId),
        address.toLowerCase(),
      ]),
    );
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** Follows switches and the keyring's accounts. Reads nothing until a view shows balances. */
  init(): Promise<void> {
    const onSwitch = () => this.#onNetworkSwitch();
    const onKeyring = (accounts: readonly { address: string }[]) =>
      this.syncWithAddresses(accounts.map((account) => account.address));
    this.messenger.subscribe('NetworkController:networkDidChange', onSwitch);
    this.messenger.subscribe('KeyringController:stateChange', onKeyring, (state) => state.accounts);
    this.#subscriptions = [
      () => this.messenger.unsubscribe('NetworkController:networkDidChange', onSwitch),
      () => this.messenger.unsubscribe('KeyringController:stateChange', onKeyring),
    ];
    this.#addresses = normalizeAddresses(this.messenger.call('KeyringController:getAccounts'));
    return Promise.resolve();
  }

  /** A view shows balances: keep them current with the chain's blocks (idempotent). */
  startPolling(): void {
    if (this.#stopPolling) return;
    const name = accountTrackerControllerName;
    const releaseRead = this.messenger.call(
      'NetworkController:addBlockRead',
      name,
      this.#blockRead,
    );
    const releaseBlocks = this.messenger.call('NetworkController:requireBlocks', name, 'view');
    this.#stopPolling = () => {
      releaseRead();
      releaseBlocks();
    };
  }

  stopPolling(): void {
    this.#stopPolling?.();
    this.#stopPolling = null;
  }

  get isPolling(): boolean {
    return this.#stopPolling !== null;
  }

  get lastBalanceSource(): BalanceSource | null {
    return this.#lastSource;
  }

  /** Tracks exactly these addresses; balances of dropped ones leave the state at once. */
  syncWithAddresses(addresses: readonly string[]): void {
    const next = normalizeAddresses(addresses);
    const added = next.some((address) => !this.#addresses.includes(address));
    this.#addresses = next;
    const stale = Object.keys(this.state.accounts).filter((address) => !next.includes(address));
    if (stale.length > 0) {
      this.update((state) => {
        for (const address of stale) delete state.accounts[address];
      });
    }
    // A new account's balance is wanted now, if a view shows balances.
    if (added && this.isPolling) void this.refresh().catch(() => undefined);
  }

  /**
   * Reads every tracked balance at `blockNumber` (default latest). Refreshes never overlap: a
   * request during one runs once more after it, for the newest block asked for.
   */
  refresh(blockNumber?: number): Promise<void> {
    if (this.#running) {
      this.#rerun = { blockNumber };
      return this.#running;
    }
    this.#running = this.#refreshLoop(blockNumber).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  override destroy(): void {
    this.stopPolling();
    for (const unsubscribe of this.#subscriptions) unsubscribe();
    this.#subscriptions = [];
    super.destroy();
    // BaseController leaves its action handlers registered; free the names for a successor.
    for (const method of MESSENGER_EXPOSED_METHODS) {
      this.messenger.unregisterActionHandler(`${accountTrackerControllerName}:${method}`);
    }
    this.messenger.unregisterActionHandler(`${accountTrackerControllerName}:getState`);
  }

  async #refreshLoop(blockNumber?: number): Promise<void> {
    let next: { blockNumber?: number } | null = { blockNumber };
    while (next) {
      this.#rerun = null;
      await this.#readBalances(next.blockNumber);
      next = this.#rerun;
    }
  }

  async #readBalances(blockNumber?: number): Promise<void> {
    const addresses = [...this.#addresses];
    if (addresses.length === 0) return;
    const generation = this.#generation;
    const chainId = normalizeChainId(
      this.messenger.call('NetworkController:getState').providerConfig.chainId,
    );
    // The network controller's provider follows network switches: `request` for the checker
    // call, `sendAsync` for eth-query.
    const provider = this.messenger.call('NetworkController:getProvider');
    const blockTag = blockNumber === undefined ? 'latest' : `0x${blockNumber.toString(16)}`;
    const checker = this.#checkers.get(chainId);
    let balances: bigint[] | null = null;
    let source: BalanceSource = 'eth_getBalance';
    if (checker) {
      try {
        const result = await provider.request<string>({
          method: 'eth_call',
          params: [{ to: checker, data: encodeBalancesCall(addresses, [NATIVE_TOKEN]) }, blockTag],
        });
        balances = decodeBalancesResult(result, addresses.length);
        source = 'balance-checker';
      } catch {
        // A missing or misbehaving checker must not hide balances: read them one by one.
        balances = null;
      }
    }
    if (!balances) {
      // Our provider's sendAsync omits the response only on error, which eth-query's type forbids.
      const query = new EthQuery(provider as unknown as ConstructorParameters<typeof EthQuery>[0]);
      balances = await Promise.all(
        addresses.map(async (address) => BigInt(await getBalance(query, address, blockTag))),
      );
    }
    if (generation !== this.#generation) return; // the network switched meanwhile
    if (blockNumber !== undefined) this.#balancesBlock = blockNumber;
    this.#store(addresses, balances, source);
  }

  /** After each head read: the balances read with it, or (none read) a read of our own if the block is new to us. */
  #onHead(blockNumber: number, results: readonly (Hex | null)[] | null): void {
    const asked = this.#asked;
    if (results === null || results.length !== asked.length) {
      if (blockNumber !== this.#balancesBlock)
        void this.refresh(blockNumber).catch(() => undefined);
      return;
    }
    const read: string[] = [];
    const balances: bigint[] = [];
    results.forEach((data, index) => {
      const address = asked[index];
      if (data === null || address === undefined) return; // this one failed; the next read retries
      try {
        balances.push(decodeEthBalance(data));
        read.push(address);
      } catch {
        // Not a balance: keep the last known one.
      }
    });
    this.#balancesBlock = blockNumber;
    this.#store(read, balances, 'multicall3');
  }

  /** Stores balances of tracked addresses (an address removed meanwhile is skipped). */
  #store(addresses: readonly string[], balances: readonly bigint[], source: BalanceSource): void {
    if (addresses.length === 0) return;
    this.#lastSource = source;
    const tracked = new Set(this.#addresses);
    this.update((state) => {
      addresses.forEach((address, index) => {
        if (!tracked.has(address)) return; // removed while reading
        const balance = `0x${(balances[index] ?? 0n).toString(16)}` as Hex;
        if (state.accounts[address]?.balance !== balance) state.accounts[address] = { balance };
      });
    });
  }

  #onNetworkSwitch(): void {
    this.#generation += 1;
    this.#balancesBlock = null;
    if (Object.keys(this.state.accounts).length > 0) {
      this.update((state) => {
        state.accounts = {};
      });
    }
    // While a view shows balances, the new network's first head read brings them.
  }
}

function normalizeChainId(chainId: string): string {
  return `0x${BigInt(chainId).toString(16)}`;
}

function normalizeAddresses(addresses: readonly string[]): string[] {
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
}

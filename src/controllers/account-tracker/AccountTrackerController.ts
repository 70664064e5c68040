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
import type {
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
  NetworkControllerNetworkDidChangeEvent,
  NetworkControllerNewBlockEvent,
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
// one could belong to another chain or be days old; the first block after start (1 s on
// localhost, at most one polling interval elsewhere) brings a true value.
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
  | KeyringControllerGetAccountsAction;
export type AccountTrackerAllowedEvents =
  | NetworkControllerNewBlockEvent
  | NetworkControllerNetworkDidChangeEvent
  | KeyringControllerStateChangeEvent;

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

/** How the last refresh read balances, for tests and diagnostics. */
export type BalanceSource = 'balance-checker' | 'eth_getBalance';

/**
 * Keeps the native balances of the keyring's accounts current: refreshed on every new block, in
 * one eth_call through a balance-checker contract where the chain has one, else one
 * eth_getBalance per account. Locked wallet, no accounts: no requests.
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

  /** Subscribes to blocks, switches and the keyring's accounts, and reads balances once. */
  init(): Promise<void> {
    const onBlock = (blockNumber: number) => void this.refresh(blockNumber).catch(() => undefined);
    const onSwitch = () => this.#onNetworkSwitch();
    const onKeyring = (accounts: readonly { address: string }[]) =>
      this.syncWithAddresses(accounts.map((account) => account.address));
    this.messenger.subscribe('NetworkController:newBlock', onBlock);
    this.messenger.subscribe('NetworkController:networkDidChange', onSwitch);
    this.messenger.subscribe('KeyringController:stateChange', onKeyring, (state) => state.accounts);
    this.#subscriptions = [
      () => this.messenger.unsubscribe('NetworkController:newBlock', onBlock),
      () => this.messenger.unsubscribe('NetworkController:networkDidChange', onSwitch),
      () => this.messenger.unsubscribe('KeyringController:stateChange', onKeyring),
    ];
    this.#addresses = normalizeAddresses(this.messenger.call('KeyringController:getAccounts'));
    return this.refresh();
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
    if (added) void this.refresh().catch(() => undefined);
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
    if (Object.keys(this.state.accounts).length > 0) {
      this.update((state) => {
        state.accounts = {};
      });
    }
    void this.refresh().catch(() => undefined);
  }
}

function normalizeChainId(chainId: string): string {
  return `0x${BigInt(chainId).toString(16)}`;
}

function normalizeAddresses(addresses: readonly string[]): string[] {
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
}

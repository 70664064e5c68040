import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';
import BigNumber from 'bignumber.js';

import {
  isBackendStatus,
  type BackendClient,
  type ServerTransaction,
  type TransactionInput,
} from '../backend/api-client';
import type {
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
  NetworkControllerNewBlockEvent,
} from '../network/NetworkController';
import type { TransactionControllerTransactionStatusUpdatedEvent } from '../transactions/TransactionController';
import type { TransactionMeta } from '../transactions/types';
import type { ExplorerTransaction } from '../../shared/api';
import { withCancelFlags, type CancelFields } from './cancel-statuses';

export const pastTransactionsControllerName = 'PastTransactionsController';

/** Spec part 2 §4: the desktop notification for a new submitted transaction. */
export const SENT_NOTIFICATION_TITLE = 'Sent Transaction';
export const SENT_NOTIFICATION_BODY = 'Check Tx Status';

/** Entries kept per address, newest first (spec part 2 §9: the list shows 100). */
export const MAX_PAST_TRANSACTIONS = 100;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Spec part 1 §3, past transaction, with the server's id and the cancel flags. */
export type PastTransaction = {
  /** The server's id; null until POST /transaction answered (or when it failed). */
  id: number | null;
  transaction_hash: string;
  /** The chain id (0x hex) the transaction was sent on. */
  network: string;
  from: string;
  to: string;
  /** submitted, confirmed, or others (failed, ...), as on chain. */
  status: string;
  nonce: string | null;
  gas: string | null;
  gasPrice: string | null;
  /** ISO time of submission. */
  date: string;
  etherscanLink: string;
  total_amount: string;
  symbol: string | null;
  transaction_category: string | null;
} & CancelFields;

/**
 * Spec part 1 §3, payment order, built from the server's transaction rows (GET /transaction).
 * The backend keeps no separate top-up order store, so its history items are the orders.
 */
export type PaymentOrder = {
  id: number;
  date: string;
  from: string;
  to: string;
  slicedFrom: string;
  slicedTo: string;
  /** 'send' or 'receive' seen from the address (spec activity types). */
  action: 'send' | 'receive';
  totalAmount: string;
  totalAmountString: string;
  currencyAmount: string;
  currencyAmountString: string;
  amount: string;
  /** Price of one unit in currencyUsed at the time, or '' when the row has no fiat amount. */
  ethRate: string;
  status: string;
  etherscanLink: string;
  currencyUsed: string;
};

export type PastTransactionsState = {
  /** By lowercase sender address, newest first. */
  pastTransactions: Record<string, PastTransaction[]>;
  /** Payment orders by lowercase address, newest first. */
  paymentTx: Record<string, PaymentOrder[]>;
  /** Addresses whose history was read from the server this session. */
  fetchedPastTx: Record<string, boolean>;
  /**
   * Block-explorer history by lowercase address (views.md §5 G14, GET /etherscan), for the
   * chain in each row's `network`; newest first, bounded. Read again on refresh, never stored.
   */
  explorerTransactions: Record<string, ExplorerEntry[]>;
};

/** One explorer row as the views use it (the server's row with its chain). */
export type ExplorerEntry = ExplorerTransaction & { network: string };

/** At most this many explorer rows per address are kept. */
export const MAX_EXPLORER_TRANSACTIONS = 100;

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const pastTransactionsControllerMetadata = {
  pastTransactions: {
    persist: true,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  paymentTx: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
  fetchedPastTx: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  explorerTransactions: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
} satisfies StateMetadata<PastTransactionsState>;

export function getDefaultPastTransactionsState(): PastTransactionsState {
  return { pastTransactions: {}, paymentTx: {}, fetchedPastTx: {}, explorerTransactions: {} };
}

export type PastTransactionsControllerActions = ControllerGetStateAction<
  typeof pastTransactionsControllerName,
  PastTransactionsState
>;
export type PastTransactionsControllerEvents = ControllerStateChangeEvent<
  typeof pastTransactionsControllerName,
  PastTransactionsState
>;
export type PastTransactionsControllerAllowedActions =
  NetworkControllerGetStateAction | NetworkControllerGetProviderAction;
export type PastTransactionsControllerAllowedEvents =
  TransactionControllerTransactionStatusUpdatedEvent | NetworkControllerNewBlockEvent;
export const PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS: PastTransactionsControllerAllowedActions['type'][] =
  ['NetworkController:getState', 'NetworkController:getProvider'];
export const PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS: PastTransactionsControllerAllowedEvents['type'][] =
  ['TransactionController:transactionStatusUpdated', 'NetworkController:newBlock'];
export type PastTransactionsControllerMessenger = Messenger<
  typeof pastTransactionsControllerName,
  PastTransactionsControllerActions | PastTransactionsControllerAllowedActions,
  PastTransactionsControllerEvents | PastTransactionsControllerAllowedEvents
>;

export type DesktopNotification = { title: string; body: string; url: string };

export interface PastTransactionsControllerOptions {
  messenger: PastTransactionsControllerMessenger;
  state?: Partial<PastTransactionsState>;
  backend: BackendClient;
  /** The backend token of an address (BackendSessionController.getToken). */
  getToken: (address: string) => string | undefined;
  /** A backend call answered 401 (BackendSessionController.handleUnauthorized). */
  onUnauthorized?: (address: string) => void;
  /** Shows the desktop notification (with a close action and the explorer link). */
  notify?: (notification: DesktopNotification) => void;
  now?: () => number;
}

/** Explorer page of a transaction, or '' when the network has no explorer. */
export function explorerTxLink(blockExplorer: string, hash: string): string {
  return blockExplorer ? `${blockExplorer.replace(/\/+$/u, '')}/tx/${hash}` : '';
}

/** Sorted newest first, cut to the bound, cancel flags recomputed. */
function newestFirst(list: PastTransaction[]): PastTransaction[] {
  const sorted = [...list].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return withCancelFlags(sorted.slice(0, MAX_PAST_TRANSACTIONS));
}

const slice = (address: string) => `${address.slice(0, 5)}...${address.slice(-4)}`;

function toPaymentOrder(
  row: ServerTransaction,
  address: string,
  network: { chainId: string; blockExplorer: string },
): PaymentOrder {
  const symbol = row.symbol ?? '';
  const currency = (row.selected_currency ?? '').toUpperCase();
  const total = new BigNumber(row.total_amount);
  const fiat = row.currency_amount === null ? null : new BigNumber(row.currency_amount);
  const totalAmountString = symbol ? `${row.total_amount} ${symbol}` : row.total_amount;
  const currencyAmountString =
    row.currency_amount !== null && currency ? `${row.currency_amount} ${currency}` : '';
  const rate =
    fiat && fiat.isFinite() && total.isFinite() && !total.isZero() ? fiat.div(total) : null;
  return {
    id: row.id,
    date: row.created_at,
    from: row.from,
    to: row.to,
    slicedFrom: slice(row.from),
    slicedTo: slice(row.to),
    action: row.from.toLowerCase() === address ? 'send' : 'receive',
    totalAmount: row.total_amount,
    totalAmountString,
    currencyAmount: row.currency_amount ?? '',
    currencyAmountString,
    amount: currencyAmountString
      ? `${totalAmountString} / ${currencyAmountString}`
      : totalAmountString,
    ethRate: rate ? rate.toFixed() : '',
    status: row.status.toLowerCase(),
    etherscanLink:
      row.network === network.chainId
        ? explorerTxLink(network.blockExplorer, row.transaction_hash)
        : '',
    currencyUsed: currency,
  };
}

const hexToDecimal = (hex: string | undefined): string | null =>
  hex === undefined ? null : BigInt(hex).toString();

/**
 * Past-transaction sync (spec part 2 §4): new submitted transactions are posted to the backend
 * and announced; unconfirmed ones are re-checked on chain and a changed status is patched.
 */
export class PastTransactionsController extends BaseController<
  typeof pastTransactionsControllerName,
  PastTransactionsState,
  PastTransactionsControllerMessenger
> {
  readonly #backend: BackendClient;
  readonly #getToken: (address: string) => string | undefined;
  readonly #onUnauthorized: ((address: string) => void) | undefined;
  readonly #notify: ((notification: DesktopNotification) => void) | undefined;
  readonly #now: () => number;
  #initialised = false;
  #refreshing: Promise<void> | undefined;
  /** Server ids being created, so a confirmation racing the POST patches once it exists. */
  readonly #posting = new Map<string, Promise<void>>();

  readonly #onStatus = (meta: TransactionMeta) => {
    void this.handleTransactionUpdate(meta).catch((err: unknown) =>
      console.warn('PastTransactionsController: update failed', err),
    );
  };

  readonly #onNewBlock = () => {
    if (this.#hasUnconfirmedOnChain()) void this.refreshPastTransactions();
  };

  constructor({
    messenger,
    state,
    backend,
    getToken,
    onUnauthorized,
    notify,
    now = Date.now,
  }: PastTransactionsControllerOptions) {
    super({
      messenger,
      metadata: pastTransactionsControllerMetadata,
      name: pastTransactionsControllerName,
      state: {
        ...getDefaultPastTransactionsState(),
        ...state,
        paymentTx: {},
        fetchedPastTx: {},
        explorerTransactions: {},
      },
    });
    this.#backend = backend;
    this.#getToken = getToken;
    this.#onUnauthorized = onUnauthorized;
    this.#notify = notify;
    this.#now = now;
  }

  init(): void {
    if (this.#initialised) return;
    this.#initialised = true;
    this.messenger.subscribe('TransactionController:transactionStatusUpdated', this.#onStatus);
    this.messenger.subscribe('NetworkController:newBlock', this.#onNewBlock);
  }

  override destroy(): void {
    if (this.#initialised) {
      this.#initialised = false;
      this.messenger.unsubscribe('TransactionController:transactionStatusUpdated', this.#onStatus);
      this.messenger.unsubscribe('NetworkController:newBlock', this.#onNewBlock);
    }
    super.destroy();
  }

  /** Only submitted and confirmed transactions are handled (spec part 2 §4). */
  async handleTransactionUpdate(meta: TransactionMeta): Promise<void> {
    if (!meta.hash || (meta.status !== 'submitted' && meta.status !== 'confirmed')) return;
    const address = meta.txParams.from.toLowerCase();
    const hash = meta.hash.toLowerCase();
    const known = this.#find(address, hash);
    if (!known) {
      await this.#addNew(address, meta);
      return;
    }
    if (known.status !== meta.status) {
      await this.#posting.get(hash);
      await this.#setStatus(address, hash, meta.status);
    }
  }

  /**
   * Reads the address's rows from the server (one GET /transaction): its history, then re-checked
   * on chain, and its payment orders, both built from the same rows.
   */
  async fetchPastTransactions(address: string): Promise<void> {
    const key = address.toLowerCase();
    const rows = await this.#readServerRows(key);
    if (!rows) return;
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    const fromServer = rows.map((row) => this.#fromServer(row, providerConfig));
    this.update((state) => {
      const local = state.pastTransactions[key] ?? [];
      const serverHashes = new Set(fromServer.map((tx) => tx.transaction_hash));
      // Keep local entries the server does not have yet (a POST still on its way or failed).
      const merged = [
        ...fromServer,
        ...local.filter((tx) => !serverHashes.has(tx.transaction_hash)),
      ];
      state.pastTransactions[key] = newestFirst(merged);
      state.fetchedPastTx[key] = true;
      state.paymentTx[key] = rows.map((row) => toPaymentOrder(row, key, providerConfig));
    });
    await this.refreshPastTransactions();
  }

  /**
   * Reads the address's block-explorer history on the selected chain (GET /etherscan, G14). A
   * backend without an explorer (503), a chain it does not know, or no session: nothing changes.
   */
  async fetchExplorerHistory(address: string): Promise<void> {
    const key = address.toLowerCase();
    const token = this.#getToken(key);
    if (!token) return;
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    const network = providerConfig.chainId;
    let reply;
    try {
      reply = await this.#backend.getExplorerHistory(token, key, network);
    } catch (err) {
      if (isBackendStatus(err, 503) || isBackendStatus(err, 400)) return;
      this.#handleError(key, err);
      return;
    }
    // The chain may have changed while the call was out: keep only rows of the chain asked for.
    const rows = reply.transactions
      .filter((row) => /^0x[0-9a-f]{64}$/iu.test(row.hash))
      .slice(0, MAX_EXPLORER_TRANSACTIONS)
      .map((row): ExplorerEntry => ({ ...row, hash: row.hash.toLowerCase(), network }));
    this.update((state) => {
      const others = (state.explorerTransactions[key] ?? []).filter(
        (row) => row.network !== network,
      );
      state.explorerTransactions[key] = [...rows, ...others].slice(0, MAX_EXPLORER_TRANSACTIONS);
    });
  }

  /** Reads only the address's payment orders from the server (GET /transaction). */
  async fetchPaymentOrders(address: string): Promise<void> {
    const key = address.toLowerCase();
    const rows = await this.#readServerRows(key);
    if (!rows) return;
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    this.update((state) => {
      state.paymentTx[key] = rows.map((row) => toPaymentOrder(row, key, providerConfig));
    });
  }

  /** The address's server rows, or undefined without a token or when the call failed. */
  async #readServerRows(address: string): Promise<ServerTransaction[] | undefined> {
    const token = this.#getToken(address);
    if (!token) return undefined;
    try {
      return (await this.#backend.getTransactions(token)).transactions;
    } catch (err) {
      this.#handleError(address, err);
      return undefined;
    }
  }

  /**
   * Asks the node for the receipt of every unconfirmed past transaction of the selected chain;
   * a changed status is stored and patched to the server. One run at a time.
   */
  refreshPastTransactions(): Promise<void> {
    this.#refreshing ??= this.#refresh().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    const provider = this.messenger.call('NetworkController:getProvider');
    for (const [address, list] of Object.entries(this.state.pastTransactions)) {
      for (const tx of list) {
        if (tx.status === 'confirmed' || tx.network !== providerConfig.chainId) continue;
        let receipt: { status?: string } | null;
        try {
          receipt = await provider.request<{ status?: string } | null>({
            method: 'eth_getTransactionReceipt',
            params: [tx.transaction_hash],
            skipCache: true,
          });
        } catch (err) {
          console.warn('PastTransactionsController: receipt lookup failed', err);
          continue;
        }
        if (!receipt) continue;
        const status = receipt.status === '0x0' ? 'failed' : 'confirmed';
        if (status !== tx.status) await this.#setStatus(address, tx.transaction_hash, status);
      }
    }
  }

  async #addNew(address: string, meta: TransactionMeta): Promise<void> {
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    const hash = (meta.hash as string).toLowerCase();
    const params = meta.txParams;
    const gasPrice = params.gasPrice ?? params.maxFeePerGas;
    const entry: PastTransaction = {
      id: null,
      transaction_hash: hash,
      network: meta.chainId,
      from: address,
      to: (params.to ?? meta.txReceipt?.contractAddress ?? ZERO_ADDRESS).toLowerCase(),
      status: meta.status,
      nonce: hexToDecimal(params.nonce),
      gas: hexToDecimal(params.gas),
      gasPrice: hexToDecimal(gasPrice),
      date: new Date(meta.submittedTime ?? this.#now()).toISOString(),
      etherscanLink:
        meta.chainId === providerConfig.chainId
          ? explorerTxLink(providerConfig.blockExplorer, hash)
          : '',
      total_amount: new BigNumber(BigInt(params.value ?? '0x0').toString())
        .shiftedBy(-18)
        .toFixed(),
      symbol: meta.chainId === providerConfig.chainId ? providerConfig.ticker : null,
      transaction_category: meta.transactionCategory ?? null,
      is_cancel: false,
      hasCancel: false,
    };
    this.update((state) => {
      state.pastTransactions[address] = newestFirst([
        entry,
        ...(state.pastTransactions[address] ?? []),
      ]);
    });
    if (meta.status === 'submitted') {
      this.#notify?.({
        title: SENT_NOTIFICATION_TITLE,
        body: SENT_NOTIFICATION_BODY,
        url: entry.etherscanLink,
      });
    }
    const posting = this.#post(address, entry, meta.type === 'cancel');
    this.#posting.set(hash, posting);
    try {
      await posting;
    } finally {
      this.#posting.delete(hash);
    }
  }

  async #post(address: string, entry: PastTransaction, isCancel: boolean): Promise<void> {
    const token = this.#getToken(address);
    if (!token) return;
    const body: TransactionInput = {
      transaction_hash: entry.transaction_hash,
      network: entry.network,
      from: entry.from,
      to: entry.to,
      total_amount: entry.total_amount,
      status: entry.status,
      ...(entry.gas !== null ? { gas: entry.gas } : {}),
      ...(entry.gasPrice !== null ? { gasPrice: entry.gasPrice } : {}),
      ...(entry.nonce !== null ? { nonce: entry.nonce } : {}),
      ...(entry.symbol ? { symbol: entry.symbol } : {}),
      ...(entry.transaction_category ? { transaction_category: entry.transaction_category } : {}),
      type: 'eth',
      is_cancel: isCancel,
    };
    try {
      const stored = await this.#backend.postTransaction(token, body);
      this.#updateEntry(address, entry.transaction_hash, (tx) => {
        tx.id = stored.id;
      });
      // The status may have moved on while the POST was in flight.
      const now = this.#find(address, entry.transaction_hash);
      if (now && now.status !== stored.status) await this.#patch(address, stored.id, now.status);
    } catch (err) {
      this.#handleError(address, err);
    }
  }

  async #setStatus(address: string, hash: string, status: string): Promise<void> {
    this.#updateEntry(address, hash, (tx) => {
      tx.status = status;
    });
    const id = this.#find(address, hash)?.id;
    if (id !== null && id !== undefined) await this.#patch(address, id, status);
  }

  async #patch(address: string, id: number, status: string): Promise<void> {
    const token = this.#getToken(address);
    if (!token) return;
    try {
      await this.#backend.patchTransaction(token, id, status);
    } catch (err) {
      this.#handleError(address, err);
    }
  }

  #updateEntry(address: string, hash: string, change: (tx: PastTransaction) => void): void {
    this.update((state) => {
      const list = state.pastTransactions[address];
      const tx = list?.find((item) => item.transaction_hash === hash);
      if (!list || !tx) return;
      change(tx);
      state.pastTransactions[address] = withCancelFlags(list);
    });
  }

  #find(address: string, hash: string): PastTransaction | undefined {
    return this.state.pastTransactions[address]?.find((tx) => tx.transaction_hash === hash);
  }

  #hasUnconfirmedOnChain(): boolean {
    const { providerConfig } = this.messenger.call('NetworkController:getState');
    return Object.values(this.state.pastTransactions).some((list) =>
      list.some((tx) => tx.status !== 'confirmed' && tx.network === providerConfig.chainId),
    );
  }

  #fromServer(
    row: ServerTransaction,
    network: { chainId: string; blockExplorer: string },
  ): PastTransaction {
    return {
      id: row.id,
      transaction_hash: row.transaction_hash,
      network: row.network,
      from: row.from,
      to: row.to,
      status: row.status,
      nonce: row.nonce,
      gas: row.gas,
      gasPrice: row.gasPrice,
      date: row.created_at,
      etherscanLink:
        row.network === network.chainId
          ? explorerTxLink(network.blockExplorer, row.transaction_hash)
          : '',
      total_amount: row.total_amount,
      symbol: row.symbol,
      transaction_category: row.transaction_category,
      is_cancel: row.is_cancel,
      hasCancel: false,
    };
  }

  #handleError(address: string, err: unknown): void {
    if (isBackendStatus(err, 401)) {
      this.#onUnauthorized?.(address);
      return;
    }
    console.warn('PastTransactionsController: backend call failed', err);
  }
}

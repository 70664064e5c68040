import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { Hex } from '../../shared/primitives';
import type { MethodActions } from '../messenger/method-actions';
import type {
  NetworkControllerGetHeadBlockNumberAction,
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
} from '../network/NetworkController';
import { readTransfersAdaptive, type TransferFinding } from './transfer-logs';

export const assetDiscoveryControllerName = 'AssetDiscoveryController';

/** An ERC-20 the account's history mentions; `sent` once the account sent some (it chose it). */
export type TokenEvidence = { sent: boolean };
/** An NFT that came in, with the standard its log showed (ownership is checked on chain). */
export type NftEvidence = { standard: 'ERC721' | 'ERC1155' };

/** What the chain's logs told about one account on one chain, and how far back they were read. */
export type AccountHistory = {
  /** Highest block read, inclusive; null before the first scan. */
  newest: number | null;
  /** Lowest block read, inclusive; the scan walks back to block 0 over several rounds. */
  oldest: number | null;
  /** ERC-20 contracts by lowercase address. */
  tokens: Record<string, TokenEvidence>;
  /** NFTs by collectible index `${contract}_${tokenId}`. */
  nfts: Record<string, NftEvidence>;
  /** Epoch ms of the last scan, to drop the least recently used history first. */
  scannedAt: number;
};

export type AssetDiscoveryState = {
  /** By `${chainId}:${account}` (both lowercase). */
  histories: Record<string, AccountHistory>;
};

// Persisted, so a restart goes on from the last block read instead of reading history again.
// Views never see it: they see the tokens and collectibles built from it.
export const assetDiscoveryControllerMetadata = {
  histories: {
    persist: true,
    usedInUi: false,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
} as const satisfies StateMetadata<AssetDiscoveryState>;

/** Bounds: histories kept (accounts × chains), and evidence per history. */
export const MAX_HISTORIES = 16;
export const MAX_TOKENS_PER_HISTORY = 1000;
export const MAX_NFTS_PER_HISTORY = 2000;
/** Blocks per eth_getLogs query to start with; halved per chain while a node refuses. */
export const DEFAULT_LOG_SPAN = 10_000;
/** Block ranges read per scan: a fresh account on a long chain catches up over several polls. */
export const DEFAULT_RANGES_PER_SCAN = 10;

export const historyKey = (chainId: string, account: string) =>
  `${chainId.toLowerCase()}:${account.toLowerCase()}`;

export type AssetDiscoveryControllerGetStateAction = ControllerGetStateAction<
  typeof assetDiscoveryControllerName,
  AssetDiscoveryState
>;
const MESSENGER_EXPOSED_METHODS = ['scan'] as const;
/** Reads the selected chain's new blocks (and some older ones) for `account`; the history after. */
export type AssetDiscoveryControllerScanAction = MethodActions<
  typeof assetDiscoveryControllerName,
  AssetDiscoveryController,
  (typeof MESSENGER_EXPOSED_METHODS)[number]
>;
export type AssetDiscoveryControllerActions =
  AssetDiscoveryControllerGetStateAction | AssetDiscoveryControllerScanAction;
export type AssetDiscoveryControllerEvents = ControllerStateChangeEvent<
  typeof assetDiscoveryControllerName,
  AssetDiscoveryState
>;
export type AssetDiscoveryAllowedActions =
  | NetworkControllerGetStateAction
  | NetworkControllerGetProviderAction
  | NetworkControllerGetHeadBlockNumberAction;
export const ASSET_DISCOVERY_CONTROLLER_DELEGATED_ACTIONS: AssetDiscoveryAllowedActions['type'][] =
  [
    'NetworkController:getState',
    'NetworkController:getProvider',
    'NetworkController:getHeadBlockNumber',
  ];

export type AssetDiscoveryControllerMessenger = Messenger<
  typeof assetDiscoveryControllerName,
  AssetDiscoveryControllerActions | AssetDiscoveryAllowedActions,
  AssetDiscoveryControllerEvents
>;

export interface AssetDiscoveryControllerOptions {
  messenger: AssetDiscoveryControllerMessenger;
  state?: Partial<AssetDiscoveryState>;
  logSpan?: number;
  rangesPerScan?: number;
  now?: () => number;
}

const emptyHistory = (): AccountHistory => ({
  newest: null,
  oldest: null,
  tokens: {},
  nfts: {},
  scannedAt: 0,
});

/**
 * Finds the tokens and NFTs an account has touched from the chain's own logs, so a fresh account
 * on any chain with an RPC finds its assets without a hosted indexer. Each scan reads the blocks
 * since the last one, then walks further back, a bounded number of ranges at a time.
 */
export class AssetDiscoveryController extends BaseController<
  typeof assetDiscoveryControllerName,
  AssetDiscoveryState,
  AssetDiscoveryControllerMessenger
> {
  readonly #initialSpan: number;
  readonly #rangesPerScan: number;
  readonly #now: () => number;
  /** The span each chain's node accepted last. */
  readonly #spans = new Map<string, number>();
  readonly #inFlight = new Map<string, Promise<AccountHistory>>();

  constructor({
    messenger,
    state,
    logSpan = DEFAULT_LOG_SPAN,
    rangesPerScan = DEFAULT_RANGES_PER_SCAN,
    now = Date.now,
  }: AssetDiscoveryControllerOptions) {
    super({
      messenger,
      metadata: assetDiscoveryControllerMetadata,
      name: assetDiscoveryControllerName,
      state: { histories: { ...(state?.histories ?? {}) } },
    });
    this.#initialSpan = logSpan;
    this.#rangesPerScan = rangesPerScan;
    this.#now = now;
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** One scan per chain and account at a time: a second caller shares the first's. */
  scan(account: Hex): Promise<AccountHistory> {
    const { chainId } = this.messenger.call('NetworkController:getState').providerConfig;
    const key = historyKey(chainId, account);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#scan(chainId, account.toLowerCase() as Hex, key).finally(() =>
        this.#inFlight.delete(key),
      );
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  async #scan(chainId: Hex, account: Hex, key: string): Promise<AccountHistory> {
    const provider = this.messenger.call('NetworkController:getProvider');
    const onChain = () =>
      this.messenger.call('NetworkController:getState').providerConfig.chainId === chainId;
    // The block tracker's head when it runs (a view is open, or just opened and its first read
    // is in flight): no request of our own for it.
    const head =
      (await this.messenger.call('NetworkController:getHeadBlockNumber')) ??
      Number(await provider.request<string>({ method: 'eth_blockNumber' }));
    if (!Number.isSafeInteger(head) || head < 0) throw new Error('eth_blockNumber gave no block');
    const stored = this.state.histories[key];
    // A head below what was read means the chain was reset (a dev node): read it afresh.
    const history: AccountHistory =
      stored && (stored.newest ?? 0) <= head ? structuredClone(stored) : emptyHistory();
    let budget = this.#rangesPerScan;
    let failure: unknown;

    const read = async (from: number, to: number) => {
      const result = await readTransfersAdaptive(provider, account, from, to);
      if (result.span < this.#span(chainId)) this.#spans.set(chainId, result.span);
      // A switch while reading: the provider now talks to another chain, drop what it said.
      if (!onChain()) throw new Error('The network changed during the scan.');
      this.#record(history, result.findings);
      budget -= 1;
    };

    try {
      if (history.newest === null || history.oldest === null) {
        const from = Math.max(0, head - this.#span(chainId) + 1);
        await read(from, head);
        history.newest = head;
        history.oldest = from;
      }
      // New blocks first, oldest first, so `newest` only moves over blocks that were read.
      while (history.newest < head && budget > 0) {
        const from = history.newest + 1;
        const to = Math.min(head, from + this.#span(chainId) - 1);
        await read(from, to);
        history.newest = to;
      }
      while (history.oldest > 0 && budget > 0) {
        const to = history.oldest - 1;
        const from = Math.max(0, to - this.#span(chainId) + 1);
        await read(from, to);
        history.oldest = from;
      }
    } catch (error) {
      failure = error;
    }
    if (!onChain()) throw failure ?? new Error('The network changed during the scan.');
    history.scannedAt = this.#now();
    this.update((state) => {
      state.histories[key] = history;
      const keys = Object.keys(state.histories);
      if (keys.length > MAX_HISTORIES) {
        keys.sort((a, b) => state.histories[a]!.scannedAt - state.histories[b]!.scannedAt);
        for (const stale of keys.slice(0, keys.length - MAX_HISTORIES))
          delete state.histories[stale];
      }
    });
    // What was read before a failure is kept; the failure is still the caller's to know.
    if (failure) throw failure;
    return history;
  }

  #span(chainId: string): number {
    return this.#spans.get(chainId) ?? this.#initialSpan;
  }

  /** Adds the evidence, up to the bounds: past them, new contracts are left out (and logged). */
  #record(history: AccountHistory, findings: readonly TransferFinding[]): void {
    let tokenCount = Object.keys(history.tokens).length;
    let nftCount = Object.keys(history.nfts).length;
    let dropped = 0;
    for (const finding of findings) {
      if (finding.standard === 'ERC20') {
        const seen = history.tokens[finding.contract];
        if (!seen && tokenCount >= MAX_TOKENS_PER_HISTORY) {
          dropped += 1;
          continue;
        }
        if (!seen) tokenCount += 1;
        history.tokens[finding.contract] = {
          sent: (seen?.sent ?? false) || finding.direction === 'out',
        };
        continue;
      }
      // Only what came in can be held; what went out is checked with the rest on chain.
      if (finding.direction !== 'in') continue;
      const index = `${finding.contract}_${finding.tokenId}`;
      if (history.nfts[index]) continue;
      if (nftCount >= MAX_NFTS_PER_HISTORY) {
        dropped += 1;
        continue;
      }
      nftCount += 1;
      history.nfts[index] = { standard: finding.standard };
    }
    if (dropped > 0) console.warn(`AssetDiscoveryController: ${dropped} assets over the bounds`);
  }
}

import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import { type Hex, isAddress } from '../../shared/primitives';
import type { MethodActions } from '../messenger/method-actions';
import type {
  BackendRecordsControllerAddCustomNftAction,
  BackendRecordsControllerEvents,
  BackendRecordsControllerGetStateAction,
} from '../backend-records/BackendRecordsController';
import type { BackendSessionControllerGetTokenAction } from '../backend-session/BackendSessionController';
import type {
  KeyringControllerGetStateAction,
  KeyringControllerLockEvent,
  KeyringControllerUnlockEvent,
} from '../keyring/KeyringController';
import type {
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
  NetworkControllerNetworkDidChangeEvent,
} from '../network/NetworkController';
import type {
  PreferencesControllerEvents,
  PreferencesControllerGetStateAction,
} from '../preferences/PreferencesController';
import { AssetError, AssetErrorCode } from './errors';
import { createAssetPoller, type AssetPoller } from './asset-poller';
import { currentScope, scopeKey, ScopedRefresh, type AssetScope } from './asset-scope';
import {
  historyKey,
  type AccountHistory,
  type AssetDiscoveryControllerGetStateAction,
  type AssetDiscoveryControllerScanAction,
} from './AssetDiscoveryController';
import { NOTHING_TO_READ, type BatchReader, type ChainBatching } from './batch-reads';
import {
  erc1155BalanceRead,
  erc1155UriRead,
  hasCode,
  INTERFACE_IDS,
  nameRead,
  ownerOfRead,
  readOne,
  supportsInterfaceRead,
  symbolRead,
  tokenUriRead,
} from './contract-reads';
import { isOnNetwork } from './network-key';
import { isSpecialNftContract, NftHandler, nftStandard, type NftStandard } from './nft-handler';
import {
  fetchNftMetadata,
  NFT_PLACEHOLDER_IMAGE,
  substituteTokenId,
  type MetadataFetchOptions,
  type NftMetadata,
} from './nft-metadata';

export const collectiblesControllerName = 'CollectiblesController';

/** Spec part 2 §9: NFT detection every 60 s. */
export const NFT_DETECTION_INTERVAL_MS = 60_000;
export const MAX_COLLECTIBLES_PER_ACCOUNT = 2000;
export const MAX_LOCAL_CUSTOM_NFTS = 500;
export const MAX_CACHED_NFT_METADATA = 1000;
export const MAX_CACHED_CONTRACTS = 1000;
/** A token URI that could not be read is tried again after this long. */
export const METADATA_RETRY_MS = 60 * 60_000;
/** Metadata documents fetched at once. */
const METADATA_CONCURRENCY = 4;
const MAX_TEXT = 200;

/** Spec part 2 §3, collectible. */
export type Collectible = {
  address: Hex;
  /** Decimal. */
  tokenId: string;
  name: string;
  /** A URL to show, or the placeholder '/images/nft-placeholder.svg'. */
  image: string;
  description: string | null;
  standard: NftStandard;
  /** Decimal count held (1 for ERC-721). */
  tokenBalance: string;
  /** `${address}_${tokenId}`. */
  collectibleIndex: string;
  video: string | null;
  /** The custom NFT's id (server number or local id) when the user added it; else null. */
  customNftId: number | string | null;
};

/** Spec part 2 §3, collectible contract, with the account's assets of it. */
export type CollectibleContract = {
  address: Hex;
  name: string;
  symbol: string;
  logo: string | null;
  description: string | null;
  standard: NftStandard;
  assets: Collectible[];
};

/** Spec part 1 §3, custom NFT, as kept in the wallet while signed out (id `local-…`). */
export type LocalCustomNft = {
  id: string;
  nft_address: Hex;
  network: string;
  nft_name: string;
  nft_id: string;
  nft_contract_standard: NftStandard;
  nft_image_link: string | null;
  description: string | null;
};

/** What the add-collectible dialog shows before the user confirms (`readCollectible`). */
export type CollectiblePreview = Omit<Collectible, 'customNftId'> & {
  contractName: string;
  contractSymbol: string;
};

/** What the user types in the add-collectible dialog; the chain and metadata fill the rest. */
export type NewCustomNft = {
  nft_address: string;
  nft_id: string;
  nft_name?: string;
  nft_image_link?: string;
  description?: string;
};

export type ReadCollectibleOptions = {
  /** A repeat of a listed NFT is no failure (a dapp's watch request). */
  allowDuplicate?: boolean;
  /** Refuse a contract of another standard as unsupported (a dapp asked for this one). */
  standard?: NftStandard;
};

type CachedMetadata = NftMetadata & { fetchedAt: number; failed?: boolean };
type ContractInfo = { name: string; symbol: string; standard: NftStandard | null };

export type CollectiblesState = {
  /** The selected network's collectibles per account, grouped by contract. */
  collectibles: Record<string, CollectibleContract[]>;
  /** True while the selected account's collectibles are being read. */
  loading: boolean;
  /** Custom NFTs added while signed out, per account (signed in, they live on the backend). */
  localCustomNfts: Record<string, LocalCustomNft[]>;
  /** Token URI metadata per chain id and collectible index: fetched once (retried after failure). */
  metadataCache: Record<string, Record<string, CachedMetadata>>;
  /** Standard, name and symbol per chain id and contract: read once. */
  contractCache: Record<string, Record<string, ContractInfo>>;
};

const shown = { usedInUi: true, includeInDebugSnapshot: false, includeInStateLogs: false } as const;
// Ownership is a fact about the present chain: read again after a restart, never restored.
export const collectiblesControllerMetadata = {
  collectibles: { ...shown, persist: false },
  loading: { ...shown, persist: false },
  localCustomNfts: { ...shown, persist: true },
  metadataCache: { ...shown, persist: true, usedInUi: false },
  contractCache: { ...shown, persist: true, usedInUi: false },
} as const satisfies StateMetadata<CollectiblesState>;

export function getDefaultCollectiblesState(): CollectiblesState {
  return {
    collectibles: {},
    loading: false,
    localCustomNfts: {},
    metadataCache: {},
    contractCache: {},
  };
}

export type CollectiblesControllerGetStateAction = ControllerGetStateAction<
  typeof collectiblesControllerName,
  CollectiblesState
>;
/** What other controllers and the RPC layer may call: the checks and the add (watch asset). */
const MESSENGER_EXPOSED_METHODS = ['readCollectible', 'addCustomNft'] as const;
export type CollectiblesControllerReadCollectibleAction = MethodActions<
  typeof collectiblesControllerName,
  CollectiblesController,
  'readCollectible'
>;
export type CollectiblesControllerAddCustomNftAction = MethodActions<
  typeof collectiblesControllerName,
  CollectiblesController,
  'addCustomNft'
>;
export type CollectiblesControllerActions =
  | CollectiblesControllerGetStateAction
  | CollectiblesControllerReadCollectibleAction
  | CollectiblesControllerAddCustomNftAction;
export type CollectiblesControllerEvents = ControllerStateChangeEvent<
  typeof collectiblesControllerName,
  CollectiblesState
>;

export type CollectiblesControllerAllowedActions =
  | NetworkControllerGetStateAction
  | NetworkControllerGetProviderAction
  | PreferencesControllerGetStateAction
  | KeyringControllerGetStateAction
  | AssetDiscoveryControllerScanAction
  | AssetDiscoveryControllerGetStateAction
  | BackendRecordsControllerGetStateAction
  | BackendRecordsControllerAddCustomNftAction
  | BackendSessionControllerGetTokenAction;
export const COLLECTIBLES_CONTROLLER_DELEGATED_ACTIONS: CollectiblesControllerAllowedActions['type'][] =
  [
    'NetworkController:getState',
    'NetworkController:getProvider',
    'PreferencesController:getState',
    'KeyringController:getState',
    'AssetDiscoveryController:scan',
    'AssetDiscoveryController:getState',
    'BackendRecordsController:getState',
    'BackendRecordsController:addCustomNft',
    'BackendSessionController:getToken',
  ];
export type CollectiblesControllerAllowedEvents =
  | NetworkControllerNetworkDidChangeEvent
  | PreferencesControllerEvents
  | KeyringControllerLockEvent
  | KeyringControllerUnlockEvent
  | BackendRecordsControllerEvents;
export const COLLECTIBLES_CONTROLLER_DELEGATED_EVENTS: CollectiblesControllerAllowedEvents['type'][] =
  [
    'NetworkController:networkDidChange',
    'PreferencesController:stateChange',
    'KeyringController:lock',
    'KeyringController:unlock',
    'BackendRecordsController:stateChange',
  ];

export type CollectiblesControllerMessenger = Messenger<
  typeof collectiblesControllerName,
  CollectiblesControllerActions | CollectiblesControllerAllowedActions,
  CollectiblesControllerEvents | CollectiblesControllerAllowedEvents
>;

export interface CollectiblesControllerOptions {
  messenger: CollectiblesControllerMessenger;
  state?: Partial<CollectiblesState>;
  batching: ChainBatching;
  /** HTTP, the IPFS gateway and the timeout for token URIs. */
  metadata?: MetadataFetchOptions;
  /** More ERC-721 contracts without ERC-165, per chain id (tests, white-label). */
  specialContracts?: Readonly<Record<string, readonly string[]>>;
  isIdle?: () => boolean;
  pollingIntervalMs?: number;
  now?: () => number;
  newId?: () => string;
}

/** One NFT the refresh considers: where it came from and what the user said about it. */
type Candidate = {
  contract: Hex;
  tokenId: string;
  index: string;
  custom?: { id: number | string; name: string; image: string | null; description: string | null };
};

/** An owned NFT after the chain reads, before its metadata is applied. */
type Owned = Candidate & { standard: NftStandard; balance: bigint };

const text = (value: unknown, max = MAX_TEXT): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** Keeps the newest `max` entries of a record (insertion order). */
function bound<T>(record: Record<string, T>, max: number): void {
  const keys = Object.keys(record);
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) delete record[key];
}

/**
 * The account's NFTs on the selected network (spec part 1 §4, part 2 §3, §9): candidates from
 * the account's ERC-721 Transfer and ERC-1155 TransferSingle/Batch logs (AssetDiscoveryController)
 * and its custom NFTs; the standard of each contract read once; ownership confirmed on chain in
 * one Multicall3 call per chunk (an NFT no longer owned is skipped, custom ones too); metadata
 * from the token URI fetched once. Polls every 60 s while a view shows it, not idle or locked.
 */
export class CollectiblesController extends BaseController<
  typeof collectiblesControllerName,
  CollectiblesState,
  CollectiblesControllerMessenger
> {
  readonly #batching: ChainBatching;
  readonly #metadataOptions: MetadataFetchOptions;
  readonly #specialContracts: Readonly<Record<string, readonly string[]>>;
  readonly #now: () => number;
  readonly #newId: () => string;
  readonly #poller: AssetPoller;
  readonly #refreshes = new ScopedRefresh();
  #customNftsSeen = '';
  #subscribed = false;

  constructor({
    messenger,
    state,
    batching,
    metadata: metadataOptions = {},
    specialContracts = {},
    isIdle = () => false,
    pollingIntervalMs = NFT_DETECTION_INTERVAL_MS,
    now = Date.now,
    newId = () => `local-${crypto.randomUUID()}`,
  }: CollectiblesControllerOptions) {
    super({
      messenger,
      metadata: collectiblesControllerMetadata,
      name: collectiblesControllerName,
      state: { ...getDefaultCollectiblesState(), ...state, collectibles: {}, loading: false },
    });
    this.#batching = batching;
    this.#metadataOptions = metadataOptions;
    this.#specialContracts = specialContracts;
    this.#now = now;
    this.#newId = newId;
    this.#poller = createAssetPoller({
      intervalMs: pollingIntervalMs,
      isIdle,
      refresh: () => this.refresh(),
    });
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  init(): void {
    if (this.#subscribed) return;
    this.#subscribed = true;
    this.messenger.subscribe('NetworkController:networkDidChange', this.#onScopeChange);
    this.messenger.subscribe(
      'PreferencesController:stateChange',
      this.#onScopeChange,
      (state) => state.selectedAddress,
    );
    this.messenger.subscribe('KeyringController:lock', this.#onLock);
    this.messenger.subscribe('KeyringController:unlock', this.#onUnlock);
    this.messenger.subscribe('BackendRecordsController:stateChange', this.#onRecordsChange);
    this.#customNftsSeen = JSON.stringify(this.#backendCustomNfts());
    this.#poller.setUnlocked(this.messenger.call('KeyringController:getState').isUnlocked);
  }

  startPolling(): void {
    this.#poller.setWanted(true);
  }

  stopPolling(): void {
    this.#poller.setWanted(false);
  }

  isPolling(): boolean {
    return this.#poller.isPolling;
  }

  refreshNow(): Promise<void> {
    return this.#poller.refreshNow();
  }

  override destroy(): void {
    this.#poller.setWanted(false);
    if (this.#subscribed) {
      this.#subscribed = false;
      this.messenger.unsubscribe('NetworkController:networkDidChange', this.#onScopeChange);
      this.messenger.unsubscribe('PreferencesController:stateChange', this.#onScopeChange);
      this.messenger.unsubscribe('KeyringController:lock', this.#onLock);
      this.messenger.unsubscribe('KeyringController:unlock', this.#onUnlock);
      this.messenger.unsubscribe('BackendRecordsController:stateChange', this.#onRecordsChange);
    }
    super.destroy();
  }

  async refresh(): Promise<void> {
    const scope = this.#scope();
    if (!scope) return;
    await this.#refreshes.run(scope, () => this.#refresh(scope));
  }

  /**
   * The add-collectible dialog's preview and checks, in the spec's order: a valid address with
   * code, not already listed, a supported standard, an existing token id, owned by the account;
   * then its metadata (a failure there only logs: the placeholder shows).
   */
  async readCollectible(
    address: string,
    tokenId: string,
    { allowDuplicate = false, standard: expected }: ReadCollectibleOptions = {},
  ): Promise<CollectiblePreview> {
    const scope = this.#requireScope();
    const provider = this.messenger.call('NetworkController:getProvider');
    const handler = new NftHandler({
      userAddress: scope.account,
      address,
      tokenId,
      provider,
      isSpecial:
        isAddress(address) && isSpecialNftContract(scope.chainId, address, this.#specialContracts),
      metadata: this.#metadataOptions,
    });
    if (!isAddress(address)) throw new AssetError(AssetErrorCode.invalidContractAddress);
    const index = `${handler.address}_${handler.tokenId.toString()}`;
    if (!allowDuplicate && this.#isListed(scope, index))
      throw new AssetError(AssetErrorCode.duplicateNft);
    if (!(await hasCode(provider, handler.address))) {
      throw new AssetError(AssetErrorCode.invalidContractAddress);
    }
    const standard = await handler.checkNftStandard();
    if (expected && standard !== expected) throw new AssetError(AssetErrorCode.unsupportedStandard);
    const balance = await handler.fetchNftBalance(standard);
    if (balance === 0n) throw new AssetError(AssetErrorCode.notOwned);
    const [contractName, contractSymbol, meta] = await Promise.all([
      readOne(provider, nameRead(handler.address)),
      readOne(provider, symbolRead(handler.address)),
      handler.getNftMetadata(standard).catch((error: unknown) => {
        console.warn(`CollectiblesController: no metadata for ${index}`, error);
        return undefined;
      }),
    ]);
    const tokenIdText = handler.tokenId.toString();
    return {
      address: handler.address,
      tokenId: tokenIdText,
      name: meta?.name ?? `${text(contractName) ?? 'NFT'} #${tokenIdText}`,
      image: meta?.image ?? NFT_PLACEHOLDER_IMAGE,
      description: meta?.description ?? null,
      standard,
      tokenBalance: balance.toString(),
      collectibleIndex: index,
      video: meta?.video ?? null,
      contractName: text(contractName) ?? '',
      contractSymbol: text(contractSymbol) ?? '',
    };
  }

  /**
   * Adds a custom NFT after the same checks: on the backend when the account is signed in, else
   * kept in the wallet. With `allowDuplicate` (a dapp's watch request) a repeat is silent.
   */
  async addCustomNft(
    input: NewCustomNft,
    options: { allowDuplicate?: boolean } = {},
  ): Promise<void> {
    if (typeof input !== 'object' || input === null) {
      throw new AssetError(
        AssetErrorCode.invalidInput,
        'An NFT needs a contract address and a token id.',
      );
    }
    const scope = this.#requireScope();
    const preview = await this.readCollectible(input.nft_address, input.nft_id, options);
    const image = text(input.nft_image_link, 2000) ?? preview.image;
    const nft = {
      nft_address: preview.address,
      network: scope.network,
      nft_name: text(input.nft_name) ?? preview.name,
      nft_id: preview.tokenId,
      nft_contract_standard: preview.standard,
      // The server keeps http(s) links only; the placeholder and data: images are not stored.
      ...(/^https?:\/\//iu.test(image) ? { nft_image_link: image } : {}),
      ...(text(input.description ?? preview.description, 2000)
        ? { description: text(input.description ?? preview.description, 2000)! }
        : {}),
    };
    if (this.messenger.call('BackendSessionController:getToken', scope.account)) {
      await this.messenger.call('BackendRecordsController:addCustomNft', nft);
    } else if (!this.#customNfts(scope).has(preview.collectibleIndex)) {
      const mine = this.state.localCustomNfts[scope.account] ?? [];
      if (mine.length >= MAX_LOCAL_CUSTOM_NFTS) {
        throw new AssetError(
          AssetErrorCode.invalidInput,
          `An account keeps at most ${MAX_LOCAL_CUSTOM_NFTS} custom NFTs.`,
        );
      }
      const local: LocalCustomNft = {
        id: this.#newId(),
        nft_image_link: null,
        description: null,
        ...nft,
      };
      this.update((state) => {
        (state.localCustomNfts[scope.account] ??= []).push(local);
      });
    }
    await this.refresh();
  }

  readonly #onScopeChange = () => {
    this.update((state) => {
      state.collectibles = {};
      state.loading = false;
    });
    if (this.#poller.isPolling) void this.refreshNow().catch(this.#warn);
  };

  readonly #onLock = () => this.#poller.setUnlocked(false);

  readonly #onUnlock = () => this.#poller.setUnlocked(true);

  readonly #onRecordsChange = () => {
    const seen = JSON.stringify(this.#backendCustomNfts());
    if (seen === this.#customNftsSeen) return;
    this.#customNftsSeen = seen;
    if (this.#poller.isPolling) void this.refreshNow().catch(this.#warn);
  };

  readonly #warn = (error: unknown) =>
    console.warn('CollectiblesController: refresh failed', error);

  #scope(): AssetScope | undefined {
    return currentScope(
      this.messenger.call('NetworkController:getState').providerConfig,
      this.messenger.call('PreferencesController:getState').selectedAddress,
      this.messenger.call('KeyringController:getState').isUnlocked,
    );
  }

  #requireScope(): AssetScope {
    const scope = this.#scope();
    if (!scope) throw new AssetError(AssetErrorCode.noAccount);
    return scope;
  }

  #isCurrent(scope: AssetScope): boolean {
    const now = this.#scope();
    return now !== undefined && scopeKey(now) === scopeKey(scope);
  }

  #backendCustomNfts() {
    const account = this.messenger.call('PreferencesController:getState').selectedAddress;
    if (!account) return [];
    return (
      this.messenger.call('BackendRecordsController:getState').records[account]?.customNfts ?? []
    );
  }

  /** Custom NFTs of the scope by collectible index: the backend's (signed in) and the wallet's. */
  #customNfts(scope: AssetScope): Map<string, Candidate> {
    const custom = new Map<string, Candidate>();
    const backend =
      this.messenger.call('BackendRecordsController:getState').records[scope.account]?.customNfts ??
      [];
    const local = this.state.localCustomNfts[scope.account] ?? [];
    for (const nft of [...backend, ...local]) {
      if (!isOnNetwork(nft.network, scope.providerConfig) || !isAddress(nft.nft_address)) continue;
      const contract = nft.nft_address.toLowerCase() as Hex;
      const index = `${contract}_${nft.nft_id}`;
      if (custom.has(index)) continue;
      custom.set(index, {
        contract,
        tokenId: nft.nft_id,
        index,
        custom: {
          id: nft.id,
          name: nft.nft_name,
          image: nft.nft_image_link,
          description: nft.description,
        },
      });
    }
    return custom;
  }

  #isListed(scope: AssetScope, index: string): boolean {
    return (
      this.#customNfts(scope).has(index) ||
      (this.state.collectibles[scope.account] ?? []).some((contract) =>
        contract.assets.some((asset) => asset.collectibleIndex === index),
      )
    );
  }

  async #history(scope: AssetScope): Promise<AccountHistory | undefined> {
    try {
      return await this.messenger.call('AssetDiscoveryController:scan', scope.account);
    } catch (error) {
      console.warn('CollectiblesController: history scan failed', error);
      return this.messenger.call('AssetDiscoveryController:getState').histories[
        historyKey(scope.chainId, scope.account)
      ];
    }
  }

  async #refresh(scope: AssetScope): Promise<void> {
    this.#setLoading(scope, true);
    try {
      const provider = this.messenger.call('NetworkController:getProvider');
      const history = await this.#history(scope);
      const candidates = this.#customNfts(scope);
      for (const index of Object.keys(history?.nfts ?? {})) {
        const [contract, tokenId] = index.split('_') as [Hex, string];
        if (!candidates.has(index) && isAddress(contract))
          candidates.set(index, { contract, tokenId, index });
      }
      const { batch } =
        candidates.size > 0
          ? await this.#batching.readerFor(scope.chainId, provider)
          : NOTHING_TO_READ;
      const contracts = await this.#contracts(scope, candidates.values(), batch);
      const owned = await this.#owned(scope, [...candidates.values()], contracts, batch);
      if (!this.#isCurrent(scope)) return;
      // First with what is known (cached metadata, else the placeholder), then with the rest.
      this.#publish(scope, owned, contracts);
      if (await this.#fetchMetadata(scope, owned, batch)) this.#publish(scope, owned, contracts);
    } finally {
      this.#setLoading(scope, false);
    }
  }

  /** Standard, name and symbol of each contract: cached, else read in one batch and cached. */
  async #contracts(
    scope: AssetScope,
    candidates: Iterable<Candidate>,
    batch: BatchReader,
  ): Promise<Record<string, ContractInfo>> {
    const cache = this.state.contractCache[scope.chainId] ?? {};
    const wanted = [...new Set([...candidates].map((c) => c.contract))];
    const missing = wanted.filter((contract) => !cache[contract]);
    const read: Record<string, ContractInfo> = {};
    if (missing.length > 0) {
      const answers = await batch.run<boolean | string>(
        missing.flatMap((contract) => [
          supportsInterfaceRead(contract, INTERFACE_IDS.erc721),
          supportsInterfaceRead(contract, INTERFACE_IDS.erc1155),
          nameRead(contract),
          symbolRead(contract),
        ]),
      );
      missing.forEach((contract, i) => {
        const [s721, s1155, name, symbol] = answers.slice(i * 4, i * 4 + 4);
        read[contract] = {
          standard:
            nftStandard(
              isSpecialNftContract(scope.chainId, contract, this.#specialContracts),
              s721 === true,
              s1155 === true,
            ) ?? null,
          name: text(name) ?? '',
          symbol: text(symbol) ?? '',
        };
      });
      this.update((state) => {
        const chain = (state.contractCache[scope.chainId] ??= {});
        Object.assign(chain, read);
        bound(chain, MAX_CACHED_CONTRACTS);
      });
    }
    return { ...cache, ...read };
  }

  /** The candidates the account holds now, in one batch of ownerOf / balanceOf reads. */
  async #owned(
    scope: AssetScope,
    candidates: readonly Candidate[],
    contracts: Record<string, ContractInfo>,
    batch: BatchReader,
  ): Promise<Owned[]> {
    const checkable = candidates.filter(
      (c) => contracts[c.contract]?.standard && /^[0-9]{1,78}$/u.test(c.tokenId),
    );
    const answers = await batch.run<Hex | bigint>(
      checkable.map((c) =>
        contracts[c.contract]!.standard === 'ERC721'
          ? ownerOfRead(c.contract, BigInt(c.tokenId))
          : erc1155BalanceRead(c.contract, scope.account, BigInt(c.tokenId)),
      ),
    );
    const owned: Owned[] = [];
    checkable.forEach((candidate, i) => {
      const standard = contracts[candidate.contract]!.standard!;
      const answer = answers[i];
      const balance =
        standard === 'ERC721'
          ? typeof answer === 'string' && answer.toLowerCase() === scope.account
            ? 1n
            : 0n
          : typeof answer === 'bigint'
            ? answer
            : 0n;
      if (balance > 0n) owned.push({ ...candidate, standard, balance });
    });
    return owned.slice(0, MAX_COLLECTIBLES_PER_ACCOUNT);
  }

  /**
   * Fetches the metadata of owned NFTs that have none cached (or whose last try failed long
   * enough ago): their token URIs in one batch, then the documents a few at a time. Failures
   * only log. Resolves true when anything new was cached.
   */
  async #fetchMetadata(
    scope: AssetScope,
    owned: readonly Owned[],
    batch: BatchReader,
  ): Promise<boolean> {
    const cache = this.state.metadataCache[scope.chainId] ?? {};
    const now = this.#now();
    const due = owned.filter((nft) => {
      const cached = cache[nft.index];
      return !cached || (cached.failed === true && now - cached.fetchedAt >= METADATA_RETRY_MS);
    });
    if (due.length === 0) return false;
    const uris = await batch.run(
      due.map((nft) =>
        nft.standard === 'ERC721'
          ? tokenUriRead(nft.contract, BigInt(nft.tokenId))
          : erc1155UriRead(nft.contract, BigInt(nft.tokenId)),
      ),
    );
    const fetched: Record<string, CachedMetadata> = {};
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const i = next++;
        const nft = due[i]!;
        const uri = uris[i];
        try {
          if (!uri) throw new Error('the contract gives no token URI');
          const meta = await fetchNftMetadata(
            substituteTokenId(uri, nft.tokenId),
            this.#metadataOptions,
          );
          fetched[nft.index] = { ...meta, fetchedAt: this.#now() };
        } catch (error) {
          // Spec part 2 §8: an asset data fetch failure only logs a warning.
          console.warn(`CollectiblesController: no metadata for ${nft.index}`, error);
          fetched[nft.index] = {
            name: null,
            description: null,
            image: null,
            video: null,
            fetchedAt: this.#now(),
            failed: true,
          };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(METADATA_CONCURRENCY, due.length) }, worker));
    this.update((state) => {
      const chain = (state.metadataCache[scope.chainId] ??= {});
      for (const [index, entry] of Object.entries(fetched)) {
        delete chain[index]; // re-inserted last: the newest entries are kept
        chain[index] = entry;
      }
      bound(chain, MAX_CACHED_NFT_METADATA);
    });
    return true;
  }

  /** The owned NFTs grouped by contract, with the metadata known now. */
  #publish(
    scope: AssetScope,
    owned: readonly Owned[],
    contracts: Record<string, ContractInfo>,
  ): void {
    if (!this.#isCurrent(scope)) return;
    const cache = this.state.metadataCache[scope.chainId] ?? {};
    const groups = new Map<string, CollectibleContract>();
    for (const nft of owned) {
      const info = contracts[nft.contract]!;
      const meta = cache[nft.index];
      const asset: Collectible = {
        address: nft.contract,
        tokenId: nft.tokenId,
        name: meta?.name ?? text(nft.custom?.name) ?? `${info.name || 'NFT'} #${nft.tokenId}`,
        image: meta?.image ?? text(nft.custom?.image, 2000) ?? NFT_PLACEHOLDER_IMAGE,
        description: meta?.description ?? text(nft.custom?.description, 2000),
        standard: nft.standard,
        tokenBalance: nft.balance.toString(),
        collectibleIndex: nft.index,
        video: meta?.video ?? null,
        customNftId: nft.custom?.id ?? null,
      };
      let group = groups.get(nft.contract);
      if (!group) {
        group = {
          address: nft.contract,
          name: info.name,
          symbol: info.symbol,
          logo: null,
          description: null,
          standard: nft.standard,
          assets: [],
        };
        groups.set(nft.contract, group);
      }
      group.assets.push(asset);
    }
    const list = [...groups.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address),
    );
    for (const group of list) {
      group.assets.sort((a, b) =>
        BigInt(a.tokenId) < BigInt(b.tokenId) ? -1 : BigInt(a.tokenId) > BigInt(b.tokenId) ? 1 : 0,
      );
    }
    if (JSON.stringify(this.state.collectibles[scope.account]) === JSON.stringify(list)) return;
    this.update((state) => {
      state.collectibles[scope.account] = list;
    });
  }

  #setLoading(scope: AssetScope, loading: boolean): void {
    if (!this.#isCurrent(scope) || this.state.loading === loading) return;
    this.update((state) => {
      state.loading = loading;
    });
  }
}

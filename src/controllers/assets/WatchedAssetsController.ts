import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type { MethodActions } from '../messenger/method-actions';

export const watchedAssetsControllerName = 'WatchedAssetsController';

export const WATCHED_ASSET_TYPES = ['erc20', 'erc721', 'erc1155'] as const;
export type WatchedAssetType = (typeof WATCHED_ASSET_TYPES)[number];

/** An asset a dapp asked the wallet to show (EIP-747), after the user approved it. */
export type WatchedAsset = {
  type: WatchedAssetType;
  /** Lowercase hex chain id the contract lives on. */
  chainId: string;
  /** Lowercase 0x contract address. */
  address: string;
  /** Token id (decimal string) for erc721/erc1155; absent for erc20. */
  tokenId?: string;
  symbol?: string;
  decimals?: number;
  image?: string;
  /** The dapp that asked. */
  origin: string;
  /** Epoch ms. */
  addedAt: number;
};

export type WatchedAssetsState = {
  /** By key `${chainId}:${address}` or `${chainId}:${address}:${tokenId}`. */
  assets: Record<string, WatchedAsset>;
};

/** Which keys persist and which views see (the engine derives the views' state type from it). */
export const watchedAssetsControllerMetadata = {
  assets: { persist: true, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
} satisfies StateMetadata<WatchedAssetsState>;

/** Bounded: a dapp could otherwise grow persisted state without limit (one approval each). */
export const MAX_WATCHED_ASSETS = 1000;

export type WatchedAssetsControllerGetStateAction = ControllerGetStateAction<
  typeof watchedAssetsControllerName,
  WatchedAssetsState
>;
/** The methods others may call as `WatchedAssetsController:<method>`. */
const MESSENGER_EXPOSED_METHODS = ['addAsset', 'removeAsset'] as const;

export type WatchedAssetsControllerActions =
  | WatchedAssetsControllerGetStateAction
  | MethodActions<
      typeof watchedAssetsControllerName,
      WatchedAssetsController,
      (typeof MESSENGER_EXPOSED_METHODS)[number]
    >;
export type WatchedAssetsControllerEvents = ControllerStateChangeEvent<
  typeof watchedAssetsControllerName,
  WatchedAssetsState
>;
export type WatchedAssetsControllerMessenger = Messenger<
  typeof watchedAssetsControllerName,
  WatchedAssetsControllerActions,
  WatchedAssetsControllerEvents
>;

export function watchedAssetKey(asset: Pick<WatchedAsset, 'chainId' | 'address' | 'tokenId'>) {
  const base = `${asset.chainId.toLowerCase()}:${asset.address.toLowerCase()}`;
  return asset.tokenId === undefined ? base : `${base}:${asset.tokenId}`;
}

/** The assets dapps asked to watch, per chain. Validation against the chain is the caller's. */
export class WatchedAssetsController extends BaseController<
  typeof watchedAssetsControllerName,
  WatchedAssetsState,
  WatchedAssetsControllerMessenger
> {
  readonly #now: () => number;

  constructor({
    messenger,
    state,
    now,
  }: {
    messenger: WatchedAssetsControllerMessenger;
    state?: Partial<WatchedAssetsState>;
    now?: () => number;
  }) {
    super({
      messenger,
      metadata: watchedAssetsControllerMetadata,
      name: watchedAssetsControllerName,
      state: { assets: { ...(state?.assets ?? {}) } },
    });
    this.#now = now ?? (() => Date.now());
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** Adds or replaces (same chain, contract and token id) an asset. */
  addAsset(input: Omit<WatchedAsset, 'addedAt'>): WatchedAsset {
    if (!(WATCHED_ASSET_TYPES as readonly string[]).includes(input.type)) {
      throw new Error(`Unknown watched asset type "${String(input.type)}".`);
    }
    if (!/^0x[0-9a-fA-F]{40}$/.test(input.address)) {
      throw new Error(`Invalid asset address ${input.address}`);
    }
    const asset: WatchedAsset = {
      ...input,
      chainId: input.chainId.toLowerCase(),
      address: input.address.toLowerCase(),
      addedAt: this.#now(),
    };
    const key = watchedAssetKey(asset);
    if (!this.state.assets[key] && Object.keys(this.state.assets).length >= MAX_WATCHED_ASSETS) {
      throw new Error(`Cannot watch more than ${MAX_WATCHED_ASSETS} assets.`);
    }
    // JSON round trip drops undefined fields: state must be plain JSON.
    const stored = JSON.parse(JSON.stringify(asset)) as WatchedAsset;
    this.update((state) => {
      state.assets[key] = stored;
    });
    return stored;
  }

  removeAsset(key: string): void {
    if (!this.state.assets[key]) return;
    this.update((state) => {
      delete state.assets[key];
    });
  }
}

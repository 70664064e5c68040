import type { Json } from '@metamask/utils';

import { findBuiltInNetworkByChainId } from '../../shared/networks';

/** Persisted controller states keyed by controller name (without the `meta` entry). */
export type PersistedStates = Record<string, Json>;

export interface Migration {
  /** The version this migration produces. */
  version: number;
  migrate(states: PersistedStates): PersistedStates;
}

/**
 * The schema history. Version 1 is the first persisted shape: unversioned data (or none) is
 * taken as it is. Each later change to a persisted key adds one migration here.
 */
export const migrations: readonly Migration[] = [
  { version: 1, migrate: (states) => states },
  { version: 2, migrate: splitUserPreferences },
  { version: 3, migrate: watchedAssetsToCustomAssets },
];

type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const RECORD_LISTS = ['contacts', 'permissions', 'customTokens', 'customNfts', 'customNetworks'];

/**
 * Version 2: UserPreferencesController split along its concerns. Its tokens go to
 * BackendSessionController, each address's settings to UserRecordController and its record
 * lists to BackendRecordsController.
 */
function splitUserPreferences(states: PersistedStates): PersistedStates {
  const { UserPreferencesController: old, ...rest } = states;
  if (!isObject(old)) return rest;
  const settings: JsonObject = {};
  const records: JsonObject = {};
  if (isObject(old.identities)) {
    for (const [address, identity] of Object.entries(old.identities)) {
      if (!isObject(identity)) continue;
      const lists: JsonObject = {};
      const values: JsonObject = {};
      for (const [key, value] of Object.entries(identity))
        (RECORD_LISTS.includes(key) ? lists : values)[key] = value;
      settings[address] = values;
      records[address] = lists;
    }
  }
  return {
    ...rest,
    BackendSessionController: { jwtTokens: isObject(old.jwtTokens) ? old.jwtTokens : {} },
    UserRecordController: { identities: settings },
    BackendRecordsController: { records },
  };
}

/**
 * Version 3: the assets dapps asked to watch (WatchedAssetsController, per chain) become the
 * selected account's custom tokens and NFTs kept in the wallet (TokensController,
 * CollectiblesController), which is where wallet_watchAsset adds them now. Without a selected
 * account there is no one to give them to, and they are dropped.
 */
function watchedAssetsToCustomAssets(states: PersistedStates): PersistedStates {
  const { WatchedAssetsController: old, ...rest } = states;
  const preferences = rest.PreferencesController;
  const account =
    isObject(preferences) && typeof preferences.selectedAddress === 'string'
      ? preferences.selectedAddress.toLowerCase()
      : undefined;
  if (!isObject(old) || !isObject(old.assets) || !account) return rest;
  const tokens: JsonObject[] = [];
  const nfts: JsonObject[] = [];
  for (const [key, asset] of Object.entries(old.assets)) {
    if (!isObject(asset) || typeof asset.address !== 'string' || typeof asset.chainId !== 'string')
      continue;
    let network: string;
    try {
      network = findBuiltInNetworkByChainId(asset.chainId)?.type ?? asset.chainId;
    } catch {
      continue; // not a chain id
    }
    const id = `local-watched-${key}`;
    const symbol = typeof asset.symbol === 'string' ? asset.symbol : '';
    if (asset.type === 'erc20') {
      tokens.push({
        id,
        token_address: asset.address.toLowerCase(),
        network,
        token_symbol: symbol,
        token_name: symbol,
        decimals: typeof asset.decimals === 'number' ? asset.decimals : 18,
      });
    } else if (
      (asset.type === 'erc721' || asset.type === 'erc1155') &&
      typeof asset.tokenId === 'string'
    ) {
      nfts.push({
        id,
        nft_address: asset.address.toLowerCase(),
        network,
        nft_name: symbol,
        nft_id: asset.tokenId,
        nft_contract_standard: asset.type === 'erc721' ? 'ERC721' : 'ERC1155',
        nft_image_link: typeof asset.image === 'string' ? asset.image : null,
        description: null,
      });
    }
  }
  const merge = (controller: Json | undefined, key: string, added: JsonObject[]): JsonObject => {
    const state = isObject(controller) ? controller : {};
    const lists = isObject(state[key]) ? state[key] : {};
    const existing = Array.isArray(lists[account]) ? lists[account] : [];
    return { ...state, [key]: { ...lists, [account]: [...existing, ...added] } };
  };
  return {
    ...rest,
    ...(tokens.length > 0
      ? { TokensController: merge(rest.TokensController, 'localCustomTokens', tokens) }
      : {}),
    ...(nfts.length > 0
      ? { CollectiblesController: merge(rest.CollectiblesController, 'localCustomNfts', nfts) }
      : {}),
  };
}

export const CURRENT_STATE_VERSION = migrations.at(-1)?.version ?? 0;

/**
 * Brings stored states from `fromVersion` up to the newest version, one migration at a time.
 * Refuses data written by a newer wallet rather than guessing at its shape.
 */
export function runMigrations(
  states: PersistedStates,
  fromVersion: number,
  list: readonly Migration[] = migrations,
): { states: PersistedStates; version: number } {
  const newest = list.at(-1)?.version ?? 0;
  if (fromVersion > newest) {
    throw new Error(
      `Stored state is version ${fromVersion}, newer than this wallet understands (${newest}).`,
    );
  }
  let current = states;
  let version = fromVersion;
  for (const migration of list) {
    if (migration.version <= version) continue;
    if (migration.version !== version + 1) {
      throw new Error(
        `Migration to version ${migration.version} does not follow version ${version}.`,
      );
    }
    current = migration.migrate(structuredClone(current));
    version = migration.version;
  }
  return { states: current, version };
}

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
  BackendRecordsControllerAddCustomTokenAction,
  BackendRecordsControllerDeleteCustomTokenAction,
  BackendRecordsControllerGetStateAction,
  BackendRecordsControllerEvents,
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
  PreferencesControllerGetStateAction,
  PreferencesControllerEvents,
} from '../preferences/PreferencesController';
import { toHex } from '../transactions/hex';
import { AssetError, AssetErrorCode } from './errors';
import { createAssetPoller, type AssetPoller } from './asset-poller';
import { currentScope, scopeKey, ScopedRefresh, type AssetScope } from './asset-scope';
import {
  historyKey,
  type AccountHistory,
  type AssetDiscoveryControllerGetStateAction,
  type AssetDiscoveryControllerScanAction,
} from './AssetDiscoveryController';
import { NOTHING_TO_READ, readTokenBalances, type ChainBatching } from './batch-reads';
import {
  balanceOfRead,
  decimalsRead,
  hasCode,
  nameRead,
  readOne,
  symbolRead,
  type ContractRead,
} from './contract-reads';
import type { KnownToken, KnownTokenRegistry } from './known-tokens';
import { isOnNetwork } from './network-key';
import { imitatesKnown, knownLabels, spamReason, type SpamFacts, type SpamReason } from './spam';
import type {
  TokenRatesControllerGetStateAction,
  TokenRatesControllerStateChangeEvent,
} from './TokenRatesController';

export const tokensControllerName = 'TokensController';

/** Spec part 2 §9: token detection every 180 s. */
export const TOKEN_DETECTION_INTERVAL_MS = 180_000;
/** Spec part 2 §9: ERC20 default decimals. */
export const DEFAULT_DECIMALS = 18;
export const MAX_TOKENS_PER_ACCOUNT = 1000;
export const MAX_LOCAL_CUSTOM_TOKENS = 200;
export const MAX_CACHED_METADATA = 3000;
export const MAX_SPAM_VERDICTS = 1000;
const MAX_SYMBOL = 20;
const MAX_NAME = 200;
const MAX_DECIMALS = 36;

/** Spec part 2 §3, detected token; `spamReason` only on tokens folded away as likely spam. */
export type DetectedToken = {
  tokenAddress: Hex;
  name: string;
  logo: string | null;
  erc20: true;
  symbol: string;
  decimals: number;
  /** Smallest units, 0x hex. */
  balance: Hex;
  network: string;
  /** Listed by the hosted aggregator (the backend's /tokenbalances). */
  isCovalent: boolean;
  /** The custom token's id: the server's number, or a local id while signed out; else null. */
  customTokenId: number | string | null;
  spamReason?: SpamReason;
};

/** Spec part 1 §3, custom token, as kept in the wallet while signed out (id `local-…`). */
export type LocalCustomToken = {
  id: string;
  token_address: Hex;
  network: string;
  token_symbol: string;
  token_name: string;
  decimals: number;
};

export type TokenMetadata = { symbol: string; name: string; decimals: number };

/** What the add-token dialog shows before the user confirms (`readTokenMetadata`). */
export type TokenPreview = TokenMetadata & { address: Hex; balance: Hex };

/** What the user types in the add-token dialog; the contract fills what is left out. */
export type NewCustomToken = {
  token_address: string;
  token_symbol?: string;
  token_name?: string;
  decimals?: number;
};

/** A token the hosted aggregator lists for the account (optional source). */
export type HeldToken = TokenMetadata & { tokenAddress: Hex; balance: Hex; logo: string | null };
export type TokenHoldingsSource = (scope: AssetScope) => Promise<HeldToken[]>;

export type TokensState = {
  /** The selected network's tokens with a balance (and custom ones), per account. */
  tokens: Record<string, DetectedToken[]>;
  /** Likely spam, folded away from `tokens`, per account; `setTokenSpam` brings one back. */
  spamTokens: Record<string, DetectedToken[]>;
  /** True while the selected account's tokens are being read. */
  loading: boolean;
  /** Custom tokens added while signed out, per account (signed in, they live on the backend). */
  localCustomTokens: Record<string, LocalCustomToken[]>;
  /** The user's own verdicts, per chain id and token: true folds it away, false keeps it shown. */
  spamVerdicts: Record<string, Record<string, boolean>>;
  /** Symbol, name and decimals read from contracts, per chain id and token: read once. */
  metadataCache: Record<string, Record<string, TokenMetadata>>;
};

const shown = { usedInUi: true, includeInDebugSnapshot: false, includeInStateLogs: false } as const;
// Balances are facts about the present chain: read again after a restart, never restored.
export const tokensControllerMetadata = {
  tokens: { ...shown, persist: false },
  spamTokens: { ...shown, persist: false },
  loading: { ...shown, persist: false },
  localCustomTokens: { ...shown, persist: true },
  spamVerdicts: { ...shown, persist: true },
  metadataCache: { ...shown, persist: true, usedInUi: false },
} as const satisfies StateMetadata<TokensState>;

export function getDefaultTokensState(): TokensState {
  return {
    tokens: {},
    spamTokens: {},
    loading: false,
    localCustomTokens: {},
    spamVerdicts: {},
    metadataCache: {},
  };
}

export type TokensControllerGetStateAction = ControllerGetStateAction<
  typeof tokensControllerName,
  TokensState
>;
/** What other controllers and the RPC layer may call: the checks and the add (watch asset). */
const MESSENGER_EXPOSED_METHODS = ['readTokenMetadata', 'addCustomToken'] as const;
export type TokensControllerReadTokenMetadataAction = MethodActions<
  typeof tokensControllerName,
  TokensController,
  'readTokenMetadata'
>;
export type TokensControllerAddCustomTokenAction = MethodActions<
  typeof tokensControllerName,
  TokensController,
  'addCustomToken'
>;
export type TokensControllerActions =
  | TokensControllerGetStateAction
  | TokensControllerReadTokenMetadataAction
  | TokensControllerAddCustomTokenAction;
export type TokensControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof tokensControllerName,
  TokensState
>;
export type TokensControllerEvents = TokensControllerStateChangeEvent;

export type TokensControllerAllowedActions =
  | NetworkControllerGetStateAction
  | NetworkControllerGetProviderAction
  | PreferencesControllerGetStateAction
  | KeyringControllerGetStateAction
  | AssetDiscoveryControllerScanAction
  | AssetDiscoveryControllerGetStateAction
  | BackendRecordsControllerGetStateAction
  | BackendRecordsControllerAddCustomTokenAction
  | BackendRecordsControllerDeleteCustomTokenAction
  | BackendSessionControllerGetTokenAction
  | TokenRatesControllerGetStateAction;
export const TOKENS_CONTROLLER_DELEGATED_ACTIONS: TokensControllerAllowedActions['type'][] = [
  'NetworkController:getState',
  'NetworkController:getProvider',
  'PreferencesController:getState',
  'KeyringController:getState',
  'AssetDiscoveryController:scan',
  'AssetDiscoveryController:getState',
  'BackendRecordsController:getState',
  'BackendRecordsController:addCustomToken',
  'BackendRecordsController:deleteCustomToken',
  'BackendSessionController:getToken',
  'TokenRatesController:getState',
];
export type TokensControllerAllowedEvents =
  | NetworkControllerNetworkDidChangeEvent
  | PreferencesControllerEvents
  | KeyringControllerLockEvent
  | KeyringControllerUnlockEvent
  | BackendRecordsControllerEvents
  | TokenRatesControllerStateChangeEvent;
export const TOKENS_CONTROLLER_DELEGATED_EVENTS: TokensControllerAllowedEvents['type'][] = [
  'NetworkController:networkDidChange',
  'PreferencesController:stateChange',
  'KeyringController:lock',
  'KeyringController:unlock',
  'BackendRecordsController:stateChange',
  'TokenRatesController:stateChange',
];

export type TokensControllerMessenger = Messenger<
  typeof tokensControllerName,
  TokensControllerActions | TokensControllerAllowedActions,
  TokensControllerEvents | TokensControllerAllowedEvents
>;

export interface TokensControllerOptions {
  messenger: TokensControllerMessenger;
  state?: Partial<TokensState>;
  knownTokens: KnownTokenRegistry;
  batching: ChainBatching;
  /** The hosted aggregator (optional): tokens it lists join the candidates. */
  holdings?: TokenHoldingsSource;
  isIdle?: () => boolean;
  pollingIntervalMs?: number;
  /** Ids for local custom tokens; tests pass a counter. */
  newId?: () => string;
}

/** One token of the last refresh, with the facts spam marking needs besides rates and verdicts. */
type BuiltToken = {
  token: DetectedToken;
  facts: Pick<SpamFacts, 'trusted' | 'imitation' | 'sent'>;
};

type Candidate = {
  address: Hex;
  known?: KnownToken;
  custom?: { id: number | string; meta: TokenMetadata };
  held?: HeldToken;
  sent: boolean;
};

const clip = (text: unknown, max: number): string =>
  typeof text === 'string' ? text.trim().slice(0, max) : '';

/** Decimals as the contract states them when they make sense, else the spec's default. */
function sensibleDecimals(decimals: number | undefined): number {
  return decimals !== undefined &&
    Number.isInteger(decimals) &&
    decimals >= 0 &&
    decimals <= MAX_DECIMALS
    ? decimals
    : DEFAULT_DECIMALS;
}

/**
 * The account's ERC-20 tokens on the selected network (spec part 2 §3, §9): candidates from the
 * chain's known-token list, the account's own transfer history (AssetDiscoveryController), the
 * optional hosted aggregator and the user's custom tokens, merged by address; metadata read once
 * and cached; balances in one Multicall3 (or balance-checker) call per chunk; likely spam folded
 * away. Polls every 180 s while a view shows it, not while idle or locked.
 */
export class TokensController extends BaseController<
  typeof tokensControllerName,
  TokensState,
  TokensControllerMessenger
> {
  readonly #knownTokens: KnownTokenRegistry;
  readonly #batching: ChainBatching;
  readonly #holdings: TokenHoldingsSource | undefined;
  readonly #newId: () => string;
  readonly #poller: AssetPoller;
  readonly #refreshes = new ScopedRefresh();
  /** The last refresh's tokens of the selected scope, re-split when rates or verdicts change. */
  #built: { key: string; account: string; chainId: string; tokens: BuiltToken[] } | undefined;
  #customTokensSeen = '';
  #subscribed = false;

  constructor({
    messenger,
    state,
    knownTokens,
    batching,
    holdings,
    isIdle = () => false,
    pollingIntervalMs = TOKEN_DETECTION_INTERVAL_MS,
    newId = () => `local-${crypto.randomUUID()}`,
  }: TokensControllerOptions) {
    super({
      messenger,
      metadata: tokensControllerMetadata,
      name: tokensControllerName,
      state: { ...getDefaultTokensState(), ...state, tokens: {}, spamTokens: {}, loading: false },
    });
    this.#knownTokens = knownTokens;
    this.#batching = batching;
    this.#holdings = holdings;
    this.#newId = newId;
    this.#poller = createAssetPoller({
      intervalMs: pollingIntervalMs,
      isIdle,
      refresh: () => this.refresh(),
    });
    this.messenger.registerMethodActionHandlers(this, MESSENGER_EXPOSED_METHODS);
  }

  /** Wires to the network, account, lock and the records; polling is the engine's to start. */
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
    this.messenger.subscribe('TokenRatesController:stateChange', this.#publish);
    this.#customTokensSeen = JSON.stringify(this.#backendCustomTokens());
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

  /** Reads the selected account's tokens now (the refresh action, switches). */
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
      this.messenger.unsubscribe('TokenRatesController:stateChange', this.#publish);
    }
    super.destroy();
  }

  /** One refresh of the selected scope (shared with one already running for it). */
  async refresh(): Promise<void> {
    const scope = this.#scope();
    if (!scope) return;
    await this.#refreshes.run(scope, () => this.#refresh(scope));
  }

  /**
   * The add-token dialog's preview and checks: a valid address with code ('invalid contract
   * address'), not already listed ('duplicate token'); then symbol, name, decimals (default 18)
   * and the account's balance, read from the contract.
   */
  async readTokenMetadata(
    address: string,
    { allowDuplicate = false }: { allowDuplicate?: boolean } = {},
  ): Promise<TokenPreview> {
    const scope = this.#requireScope();
    if (!isAddress(address)) throw new AssetError(AssetErrorCode.invalidContractAddress);
    const token = address.toLowerCase() as Hex;
    if (!allowDuplicate && this.#isListed(scope, token)) {
      throw new AssetError(AssetErrorCode.duplicateToken);
    }
    const provider = this.messenger.call('NetworkController:getProvider');
    if (!(await hasCode(provider, token)))
      throw new AssetError(AssetErrorCode.invalidContractAddress);
    const [symbol, name, decimals, balance] = await Promise.all([
      readOne(provider, symbolRead(token)),
      readOne(provider, nameRead(token)),
      readOne(provider, decimalsRead(token)),
      readOne(provider, balanceOfRead(token, scope.account)),
    ]);
    return {
      address: token,
      symbol: clip(symbol, MAX_SYMBOL),
      name: clip(name, MAX_NAME) || clip(symbol, MAX_NAME),
      decimals: sensibleDecimals(decimals),
      balance: toHex(balance ?? 0n) as Hex,
    };
  }

  /**
   * Adds a custom token on the selected network after the same checks: on the backend when the
   * account is signed in, else kept in the wallet. Resolves once stored and read.
   */
  async addCustomToken(
    input: NewCustomToken,
    options: { allowDuplicate?: boolean } = {},
  ): Promise<void> {
    if (typeof input !== 'object' || input === null) {
      throw new AssetError(AssetErrorCode.invalidInput, 'A token needs a contract address.');
    }
    const scope = this.#requireScope();
    const preview = await this.readTokenMetadata(input.token_address, options);
    const symbol =
      input.token_symbol === undefined ? preview.symbol : clip(input.token_symbol, 1000);
    if (symbol.length === 0 || symbol.length > MAX_SYMBOL) {
      throw new AssetError(
        AssetErrorCode.invalidInput,
        `The token symbol must have 1 to ${MAX_SYMBOL} characters.`,
      );
    }
    const name =
      (input.token_name === undefined ? preview.name : clip(input.token_name, 1000)) || symbol;
    if (name.length > MAX_NAME) {
      throw new AssetError(
        AssetErrorCode.invalidInput,
        `The token name must have at most ${MAX_NAME} characters.`,
      );
    }
    const decimals = input.decimals ?? preview.decimals;
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
      throw new AssetError(
        AssetErrorCode.invalidInput,
        `Decimals must be an integer from 0 to ${MAX_DECIMALS}.`,
      );
    }
    const token = {
      token_address: preview.address,
      network: scope.network,
      token_symbol: symbol,
      token_name: name,
      decimals,
    };
    if (this.messenger.call('BackendSessionController:getToken', scope.account)) {
      await this.messenger.call('BackendRecordsController:addCustomToken', token);
    } else if (
      !this.#localCustomTokens(scope).some((t) => t.token_address === token.token_address)
    ) {
      const mine = this.state.localCustomTokens[scope.account] ?? [];
      if (mine.length >= MAX_LOCAL_CUSTOM_TOKENS) {
        throw new AssetError(
          AssetErrorCode.invalidInput,
          `An account keeps at most ${MAX_LOCAL_CUSTOM_TOKENS} custom tokens.`,
        );
      }
      const id = this.#newId();
      this.update((state) => {
        (state.localCustomTokens[scope.account] ??= []).push({ id, ...token });
      });
    }
    await this.refresh();
  }

  /** Deletes a custom token: a server id (number) on the backend, a local id in the wallet. */
  async deleteCustomToken(id: number | string): Promise<void> {
    const scope = this.#requireScope();
    if (typeof id === 'number') {
      await this.messenger.call('BackendRecordsController:deleteCustomToken', id);
    } else {
      const mine = this.state.localCustomTokens[scope.account] ?? [];
      if (!mine.some((token) => token.id === id))
        throw new AssetError(AssetErrorCode.unknownToken, String(id));
      this.update((state) => {
        state.localCustomTokens[scope.account] = mine.filter((token) => token.id !== id);
      });
    }
    await this.refresh();
  }

  /** The user's verdict on a token of the selected network: true folds it away, false shows it. */
  setTokenSpam(address: string, isSpam: boolean): void {
    const scope = this.#requireScope();
    if (!isAddress(address)) throw new AssetError(AssetErrorCode.invalidContractAddress);
    if (typeof isSpam !== 'boolean')
      throw new AssetError(AssetErrorCode.invalidInput, 'isSpam must be true or false.');
    this.update((state) => {
      const verdicts = (state.spamVerdicts[scope.chainId] ??= {});
      const token = address.toLowerCase();
      delete verdicts[token];
      const keys = Object.keys(verdicts);
      // Oldest verdicts go first (insertion order) once the bound is reached.
      for (const stale of keys.slice(0, Math.max(0, keys.length - MAX_SPAM_VERDICTS + 1)))
        delete verdicts[stale];
      verdicts[token] = isSpam;
    });
    this.#publish();
  }

  readonly #onScopeChange = () => {
    this.#built = undefined;
    this.update((state) => {
      state.tokens = {};
      state.spamTokens = {};
      state.loading = false;
    });
    if (this.#poller.isPolling) void this.refreshNow().catch(this.#warn);
  };

  readonly #onLock = () => {
    this.#poller.setUnlocked(false);
  };

  readonly #onUnlock = () => {
    this.#poller.setUnlocked(true);
  };

  /** The user record (re)loaded: refresh only if the custom tokens it holds changed. */
  readonly #onRecordsChange = () => {
    const seen = JSON.stringify(this.#backendCustomTokens());
    if (seen === this.#customTokensSeen) return;
    this.#customTokensSeen = seen;
    if (this.#poller.isPolling) void this.refreshNow().catch(this.#warn);
  };

  readonly #warn = (error: unknown) => console.warn('TokensController: refresh failed', error);

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

  #backendCustomTokens() {
    const account = this.messenger.call('PreferencesController:getState').selectedAddress;
    if (!account) return [];
    return (
      this.messenger.call('BackendRecordsController:getState').records[account]?.customTokens ?? []
    );
  }

  #localCustomTokens(scope: AssetScope): LocalCustomToken[] {
    return (this.state.localCustomTokens[scope.account] ?? []).filter((token) =>
      isOnNetwork(token.network, scope.providerConfig),
    );
  }

  /** Custom tokens of the scope: the backend's (signed in) and the wallet's own, by address. */
  #customTokens(scope: AssetScope): Map<string, { id: number | string; meta: TokenMetadata }> {
    const custom = new Map<string, { id: number | string; meta: TokenMetadata }>();
    const backend =
      this.messenger.call('BackendRecordsController:getState').records[scope.account]
        ?.customTokens ?? [];
    for (const token of [...backend, ...this.#localCustomTokens(scope)]) {
      if (!isOnNetwork(token.network, scope.providerConfig) || !isAddress(token.token_address))
        continue;
      const address = token.token_address.toLowerCase();
      if (custom.has(address)) continue;
      custom.set(address, {
        id: token.id,
        meta: {
          symbol: clip(token.token_symbol, MAX_SYMBOL),
          name: clip(token.token_name, MAX_NAME),
          decimals: sensibleDecimals(token.decimals),
        },
      });
    }
    return custom;
  }

  /** Already custom, or shown with a balance: adding it again would be a duplicate. */
  #isListed(scope: AssetScope, token: string): boolean {
    return (
      this.#customTokens(scope).has(token) ||
      (this.state.tokens[scope.account] ?? []).some((t) => t.tokenAddress === token)
    );
  }

  async #history(scope: AssetScope): Promise<AccountHistory | undefined> {
    try {
      return await this.messenger.call('AssetDiscoveryController:scan', scope.account);
    } catch (error) {
      // The scan failed part-way: go on with what was read before.
      console.warn('TokensController: history scan failed', error);
      return this.messenger.call('AssetDiscoveryController:getState').histories[
        historyKey(scope.chainId, scope.account)
      ];
    }
  }

  async #refresh(scope: AssetScope): Promise<void> {
    this.#setLoading(scope, true);
    try {
      const provider = this.messenger.call('NetworkController:getProvider');
      const [known, history, held] = await Promise.all([
        this.#knownTokens.forChain(scope.chainId),
        this.#history(scope),
        this.#holdings
          ? this.#holdings(scope).catch((error: unknown) => {
              console.warn('TokensController: hosted token source failed', error);
              return [];
            })
          : Promise.resolve([]),
      ]);
      const candidates = this.#candidates(scope, known, history, held);
      const { batch, balanceChecker } =
        candidates.length > 0
          ? await this.#batching.readerFor(scope.chainId, provider)
          : NOTHING_TO_READ;
      const metadataOf = await this.#metadata(scope, candidates, batch);
      const addresses = candidates.map((c) => c.address);
      const balances = await readTokenBalances(
        provider,
        batch,
        balanceChecker,
        scope.account,
        addresses,
        (token) => balanceOfRead(token, scope.account),
      );
      if (!this.#isCurrent(scope)) return;
      const labels = knownLabels(known.values(), scope.ticker);
      const built: BuiltToken[] = [];
      candidates.forEach((candidate, i) => {
        const balance =
          balances[i] ?? (candidate.held ? BigInt(candidate.held.balance) : undefined);
        if (!candidate.custom && !(balance !== undefined && balance > 0n)) return;
        const meta = metadataOf(candidate);
        const token: DetectedToken = {
          tokenAddress: candidate.address,
          name: meta.name || meta.symbol,
          logo: candidate.known?.logo ?? candidate.held?.logo ?? null,
          erc20: true,
          symbol: meta.symbol,
          decimals: meta.decimals,
          balance: toHex(balance ?? 0n) as Hex,
          network: scope.network,
          isCovalent: candidate.held !== undefined,
          customTokenId: candidate.custom?.id ?? null,
        };
        built.push({
          token,
          facts: {
            trusted: candidate.known !== undefined || candidate.custom !== undefined,
            imitation:
              candidate.known === undefined &&
              imitatesKnown({ address: token.tokenAddress, ...meta }, labels),
            sent: candidate.sent,
          },
        });
      });
      built.sort(
        (a, b) =>
          a.token.symbol.localeCompare(b.token.symbol) ||
          a.token.tokenAddress.localeCompare(b.token.tokenAddress),
      );
      this.#built = {
        key: scopeKey(scope),
        account: scope.account,
        chainId: scope.chainId,
        tokens: built.slice(0, MAX_TOKENS_PER_ACCOUNT),
      };
      this.#publish();
    } finally {
      this.#setLoading(scope, false);
    }
  }

  /** Every candidate once, by address: custom, known list, aggregator, the account's history. */
  #candidates(
    scope: AssetScope,
    known: ReadonlyMap<string, KnownToken>,
    history: AccountHistory | undefined,
    held: readonly HeldToken[],
  ): Candidate[] {
    const byAddress = new Map<string, Candidate>();
    const entry = (address: string) => {
      const key = address.toLowerCase();
      let candidate = byAddress.get(key);
      if (!candidate) {
        candidate = { address: key as Hex, sent: false };
        byAddress.set(key, candidate);
      }
      return candidate;
    };
    for (const [address, custom] of this.#customTokens(scope)) entry(address).custom = custom;
    for (const [address, token] of known) entry(address).known = token;
    for (const token of held)
      if (isAddress(token.tokenAddress)) entry(token.tokenAddress).held = token;
    for (const [address, evidence] of Object.entries(history?.tokens ?? {})) {
      if (isAddress(address)) entry(address).sent = evidence.sent;
    }
    return [...byAddress.values()];
  }

  /**
   * Metadata of every candidate: the user's, the list's or the aggregator's where given, else the
   * cache, else read from the contracts now (in one batch) and cached.
   */
  async #metadata(
    scope: AssetScope,
    candidates: readonly Candidate[],
    batch: { run<T>(reads: readonly ContractRead<T>[]): Promise<(T | undefined)[]> },
  ): Promise<(candidate: Candidate) => TokenMetadata> {
    const cache = this.state.metadataCache[scope.chainId] ?? {};
    const given = (c: Candidate): TokenMetadata | undefined =>
      c.custom?.meta ?? c.known ?? c.held ?? cache[c.address];
    const missing = candidates.filter((c) => !given(c)).map((c) => c.address);
    const read: Record<string, TokenMetadata> = {};
    if (missing.length > 0) {
      const answers = await batch.run<string | number>(
        missing.flatMap((address) => [
          symbolRead(address),
          nameRead(address),
          decimalsRead(address),
        ]),
      );
      missing.forEach((address, i) => {
        const symbol = clip(answers[i * 3], MAX_SYMBOL);
        const name = clip(answers[i * 3 + 1], MAX_NAME) || symbol;
        const decimals = answers[i * 3 + 2];
        read[address] = {
          symbol,
          name,
          decimals: sensibleDecimals(typeof decimals === 'number' ? decimals : undefined),
        };
      });
      this.#cacheMetadata(scope.chainId, read);
    }
    return (c) => {
      const meta = given(c) ?? read[c.address]!;
      return {
        symbol: clip(meta.symbol, MAX_SYMBOL),
        name: clip(meta.name, MAX_NAME),
        decimals: sensibleDecimals(meta.decimals),
      };
    };
  }

  #cacheMetadata(chainId: string, read: Record<string, TokenMetadata>): void {
    this.update((state) => {
      Object.assign((state.metadataCache[chainId] ??= {}), read);
      // Bounded: the chains' oldest entries (insertion order) go first.
      let excess =
        Object.values(state.metadataCache).reduce((n, m) => n + Object.keys(m).length, 0) -
        MAX_CACHED_METADATA;
      for (const chain of Object.keys(state.metadataCache)) {
        if (excess <= 0) break;
        const entries = state.metadataCache[chain]!;
        for (const key of Object.keys(entries)) {
          if (excess <= 0) break;
          delete entries[key];
          excess -= 1;
        }
        if (Object.keys(entries).length === 0) delete state.metadataCache[chain];
      }
    });
  }

  /** Splits the last refresh into shown and folded-away tokens with the current rates and verdicts. */
  readonly #publish = () => {
    const built = this.#built;
    if (!built) return;
    const rates = this.messenger.call('TokenRatesController:getState');
    const priced = rates.chainId === built.chainId ? rates.tokenRates : {};
    const verdicts = this.state.spamVerdicts[built.chainId] ?? {};
    const shown: DetectedToken[] = [];
    const spam: DetectedToken[] = [];
    for (const { token, facts } of built.tokens) {
      const reason = spamReason({
        ...facts,
        hasValue: (priced[token.tokenAddress] ?? 0) > 0,
        userVerdict: verdicts[token.tokenAddress],
      });
      if (reason) spam.push({ ...token, spamReason: reason });
      else shown.push(token);
    }
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    if (
      same(this.state.tokens[built.account], shown) &&
      same(this.state.spamTokens[built.account], spam)
    )
      return;
    this.update((state) => {
      state.tokens[built.account] = shown;
      state.spamTokens[built.account] = spam;
    });
  };

  #setLoading(scope: AssetScope, loading: boolean): void {
    if (!this.#isCurrent(scope) || this.state.loading === loading) return;
    this.update((state) => {
      state.loading = loading;
    });
  }
}

import {
  AccountTrackerController,
  accountTrackerControllerName,
} from '../../controllers/account-tracker/AccountTrackerController';
import {
  ApprovalController,
  approvalControllerName,
  DEFAULT_WALLET_ORIGIN,
} from '../../controllers/approvals/ApprovalController';
import {
  ASSET_DISCOVERY_CONTROLLER_DELEGATED_ACTIONS,
  AssetDiscoveryController,
  assetDiscoveryControllerName,
} from '../../controllers/assets/AssetDiscoveryController';
import { ChainBatching } from '../../controllers/assets/batch-reads';
import {
  COLLECTIBLES_CONTROLLER_DELEGATED_ACTIONS,
  COLLECTIBLES_CONTROLLER_DELEGATED_EVENTS,
  CollectiblesController,
  collectiblesControllerName,
} from '../../controllers/assets/CollectiblesController';
import { KnownTokenRegistry, type KnownTokenLists } from '../../controllers/assets/known-tokens';
import {
  TOKEN_RATES_CONTROLLER_DELEGATED_ACTIONS,
  TOKEN_RATES_CONTROLLER_DELEGATED_EVENTS,
  TokenRatesController,
  tokenRatesControllerName,
} from '../../controllers/assets/TokenRatesController';
import {
  TOKENS_CONTROLLER_DELEGATED_ACTIONS,
  TOKENS_CONTROLLER_DELEGATED_EVENTS,
  TokensController,
  tokensControllerName,
  type TokenHoldingsSource,
} from '../../controllers/assets/TokensController';
import {
  GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
  GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
  GasFeeController,
  gasFeeControllerName,
} from '../../controllers/gas/GasFeeController';
import type { GasApiOptions } from '../../controllers/gas/gas-api';
import {
  KeyringController,
  keyringControllerName,
} from '../../controllers/keyring/KeyringController';
import {
  SignatureController,
  signatureControllerName,
} from '../../controllers/messages/SignatureController';
import {
  NetworkController,
  networkControllerName,
  type NetworkState,
} from '../../controllers/network/NetworkController';
import type { ProviderConfig } from '../../shared/networks';
import {
  PermissionController,
  permissionControllerName,
} from '../../controllers/permissions/PermissionController';
import {
  PreferencesController,
  preferencesControllerName,
} from '../../controllers/preferences/PreferencesController';
import {
  TRANSACTION_CONTROLLER_DELEGATED_ACTIONS,
  TRANSACTION_CONTROLLER_DELEGATED_EVENTS,
  TransactionController,
  transactionControllerName,
} from '../../controllers/transactions/TransactionController';
import { createBackendClient } from '../../controllers/backend/api-client';
import {
  CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
  CURRENCY_CONTROLLER_DELEGATED_EVENTS,
  CurrencyController,
  currencyControllerName,
} from '../../controllers/currency/CurrencyController';
import {
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
  PastTransactionsController,
  pastTransactionsControllerName,
} from '../../controllers/past-transactions/PastTransactionsController';
import {
  BACKEND_SESSION_CONTROLLER_DELEGATED_ACTIONS,
  BackendSessionController,
  backendSessionControllerName,
} from '../../controllers/backend-session/BackendSessionController';
import {
  USER_RECORD_CONTROLLER_DELEGATED_ACTIONS,
  UserRecordController,
  userRecordControllerName,
} from '../../controllers/user-record/UserRecordController';
import {
  BACKEND_RECORDS_CONTROLLER_DELEGATED_ACTIONS,
  BACKEND_RECORDS_CONTROLLER_DELEGATED_EVENTS,
  BackendRecordsController,
  backendRecordsControllerName,
} from '../../controllers/backend-records/BackendRecordsController';
import {
  WhiteLabelController,
  whiteLabelControllerName,
} from '../../controllers/white-label/WhiteLabelController';
import type { PreferencesState } from '../../controllers/preferences/PreferencesController';
import type { Hex } from '../../shared/primitives';
import type { PersistedStates } from '../persistence/migrations';
import { createControllerMessenger, type RootMessenger } from './root-messenger';

/** Where token and NFT detection reads from; every field is optional. */
export interface AssetsOptions {
  /** Known-token lists by chain id (white-label); a chain given replaces the built-in list. */
  knownTokens?: KnownTokenLists;
  /** Gateway for ipfs:// token URIs (default https://ipfs.io). */
  ipfsGateway?: string;
  /** Multicall3 per chain id (null: none); by default the canonical address if it has code. */
  multicall?: Record<string, Hex | null>;
  /** Balance checkers per chain id; defaults to the seven published ones. */
  balanceCheckers?: Record<string, Hex>;
  /** ERC-721 contracts without ERC-165 per chain id, besides the built-in special ones. */
  specialNftContracts?: Record<string, string[]>;
  /** Blocks per eth_getLogs query to start with (halved where a node refuses). */
  logSpan?: number;
  /** Also list the hosted aggregator's tokens (the backend's /tokenbalances) when signed in. */
  hostedTokenBalances?: boolean;
  /** Polling intervals in ms; the spec's 180 s, 60 s and 600 s by default (tests shorten them). */
  intervals?: { tokensMs?: number; collectiblesMs?: number; ratesMs?: number };
}

export interface ControllerOptions {
  providerConfig?: ProviderConfig;
  blockPollingInterval?: number;
  gasApi?: GasApiOptions;
  isUserIdle: () => boolean;
  /** The backend API's base URL; without one, backend calls fail with a clear error. */
  backendUrl?: string | null;
  /** Shows a desktop notification (the browser's Notification API in the worker). */
  notify?: (notification: { title: string; body: string; url: string }) => void;
  /** Clock for permission grants (expiry); tests pass their own. */
  now?: () => number;
  /** The raw white-label configuration (config.json's `whiteLabel`); checked by its controller. */
  whiteLabel?: unknown;
  assets?: AssetsOptions;
  /** HTTP for token URIs (NFT metadata); defaults to fetch. */
  fetchFn?: typeof fetch;
  /** Resolves once the state so far is stored (persistence's flush): transactions write ahead. */
  writeAhead?: () => Promise<void>;
}

/**
 * Builds every controller from its persisted state, each with its own messenger. Nothing here
 * calls another controller: cross-controller reads go through the messenger at run time, and
 * starting work is the engine's `init` step.
 */
export function buildControllers(
  root: RootMessenger,
  states: PersistedStates,
  options: ControllerOptions,
) {
  const persisted = <T>(name: string) => states[name] as Partial<T> | undefined;

  const network = new NetworkController({
    messenger: createControllerMessenger(root, networkControllerName),
    state: persisted<NetworkState>(networkControllerName),
    providerConfig: options.providerConfig,
    pollingInterval: options.blockPollingInterval,
  });
  const whiteLabel = new WhiteLabelController({
    messenger: createControllerMessenger(root, whiteLabelControllerName),
    config: options.whiteLabel,
  });
  const preferences = new PreferencesController({
    messenger: createControllerMessenger(root, preferencesControllerName),
    state: withWhiteLabelDefaults(
      persisted<PreferencesState>(preferencesControllerName),
      whiteLabel.state.whiteLabel,
    ),
  });
  const keyring = new KeyringController({
    messenger: createControllerMessenger(root, keyringControllerName),
    state: persisted(keyringControllerName),
  });
  const accountTracker = new AccountTrackerController({
    messenger: createControllerMessenger(root, accountTrackerControllerName, {
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
    }),
  });
  const gasFee = new GasFeeController({
    messenger: createControllerMessenger(root, gasFeeControllerName, {
      actions: GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
      events: GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
    }),
    gasApi: options.gasApi,
    isIdle: options.isUserIdle,
  });
  const approvals = new ApprovalController({
    messenger: createControllerMessenger(root, approvalControllerName),
    walletOrigin: DEFAULT_WALLET_ORIGIN,
  });
  const permissions = new PermissionController({
    messenger: createControllerMessenger(root, permissionControllerName, {
      actions: ['ApprovalController:addRequest'],
    }),
    state: persisted(permissionControllerName),
    getKnownAccounts: () => keyring.getAccounts(),
    now: options.now,
  });
  const signatures = new SignatureController({
    messenger: createControllerMessenger(root, signatureControllerName, {
      actions: ['ApprovalController:addRequest'],
    }),
    getPrivateKey: (address) => keyring.getPrivateKeyForSigning(address),
    getActiveChainId: () =>
      network.state.networkStatus === 'available'
        ? network.state.providerConfig.chainId
        : undefined,
    walletOrigin: DEFAULT_WALLET_ORIGIN,
  });

  const transactions = new TransactionController({
    messenger: createControllerMessenger(root, transactionControllerName, {
      actions: TRANSACTION_CONTROLLER_DELEGATED_ACTIONS,
      events: TRANSACTION_CONTROLLER_DELEGATED_EVENTS,
    }),
    state: persisted(transactionControllerName),
    getSelectedAddress: () => preferences.state.selectedAddress ?? undefined,
    walletOrigin: DEFAULT_WALLET_ORIGIN,
    writeAhead: options.writeAhead,
  });

  const backend = createBackendClient({
    baseUrl: options.backendUrl ?? 'http://backend.not-configured',
    fetch: options.backendUrl
      ? undefined
      : () => Promise.reject(new Error('No backend API is configured for this wallet.')),
  });
  const currency = new CurrencyController({
    messenger: createControllerMessenger(root, currencyControllerName, {
      actions: CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
      events: CURRENCY_CONTROLLER_DELEGATED_EVENTS,
    }),
    state: persisted(currencyControllerName),
    fetchRates: backend.getCurrencyRates,
    isIdle: options.isUserIdle,
  });
  const backendSession = new BackendSessionController({
    messenger: createControllerMessenger(root, backendSessionControllerName, {
      actions: BACKEND_SESSION_CONTROLLER_DELEGATED_ACTIONS,
    }),
    state: persisted(backendSessionControllerName),
    backend,
  });
  const userRecord = new UserRecordController({
    messenger: createControllerMessenger(root, userRecordControllerName, {
      actions: USER_RECORD_CONTROLLER_DELEGATED_ACTIONS,
    }),
    state: persisted(userRecordControllerName),
    backend,
    isIdle: options.isUserIdle,
  });
  const backendRecords = new BackendRecordsController({
    messenger: createControllerMessenger(root, backendRecordsControllerName, {
      actions: BACKEND_RECORDS_CONTROLLER_DELEGATED_ACTIONS,
      events: BACKEND_RECORDS_CONTROLLER_DELEGATED_EVENTS,
    }),
    state: persisted(backendRecordsControllerName),
    backend,
  });
  const assets = options.assets ?? {};
  const batching = new ChainBatching({
    multicall: assets.multicall,
    ...(assets.balanceCheckers ? { balanceCheckers: assets.balanceCheckers } : {}),
  });
  const assetDiscovery = new AssetDiscoveryController({
    messenger: createControllerMessenger(root, assetDiscoveryControllerName, {
      actions: ASSET_DISCOVERY_CONTROLLER_DELEGATED_ACTIONS,
    }),
    state: persisted(assetDiscoveryControllerName),
    logSpan: assets.logSpan,
  });
  // The aggregator lists what the signed-in address holds; signed out there is nothing to ask.
  const holdings: TokenHoldingsSource | undefined = assets.hostedTokenBalances
    ? async (scope) => {
        const token = backendSession.getToken(scope.account);
        if (!token) return [];
        const { items } = await backend.getTokenBalances(token, scope.network);
        return items.map((item) => ({
          ...item,
          tokenAddress: item.tokenAddress as Hex,
          balance: item.balance as Hex,
        }));
      }
    : undefined;
  const tokens = new TokensController({
    messenger: createControllerMessenger(root, tokensControllerName, {
      actions: TOKENS_CONTROLLER_DELEGATED_ACTIONS,
      events: TOKENS_CONTROLLER_DELEGATED_EVENTS,
    }),
    state: persisted(tokensControllerName),
    knownTokens: new KnownTokenRegistry(assets.knownTokens),
    batching,
    holdings,
    isIdle: options.isUserIdle,
    pollingIntervalMs: assets.intervals?.tokensMs,
  });
  const tokenRates = new TokenRatesController({
    messenger: createControllerMessenger(root, tokenRatesControllerName, {
      actions: TOKEN_RATES_CONTROLLER_DELEGATED_ACTIONS,
      events: TOKEN_RATES_CONTROLLER_DELEGATED_EVENTS,
    }),
    // Prices come from the backend: without one there is nothing to fetch.
    fetchPrices: options.backendUrl ? backend.getTokenPrices : undefined,
    isIdle: options.isUserIdle,
    pollingIntervalMs: assets.intervals?.ratesMs,
  });
  const collectibles = new CollectiblesController({
    messenger: createControllerMessenger(root, collectiblesControllerName, {
      actions: COLLECTIBLES_CONTROLLER_DELEGATED_ACTIONS,
      events: COLLECTIBLES_CONTROLLER_DELEGATED_EVENTS,
    }),
    state: persisted(collectiblesControllerName),
    batching,
    metadata: {
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
      ...(assets.ipfsGateway ? { ipfsGateway: assets.ipfsGateway } : {}),
    },
    specialContracts: assets.specialNftContracts,
    isIdle: options.isUserIdle,
    pollingIntervalMs: assets.intervals?.collectiblesMs,
  });

  const pastTransactions = new PastTransactionsController({
    messenger: createControllerMessenger(root, pastTransactionsControllerName, {
      actions: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
      events: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
    }),
    state: persisted(pastTransactionsControllerName),
    backend,
    getToken: (address) => backendSession.getToken(address),
    onUnauthorized: (address) => backendSession.handleUnauthorized(address),
    notify: options.notify,
  });

  return {
    whiteLabel,
    network,
    preferences,
    keyring,
    accountTracker,
    gasFee,
    approvals,
    permissions,
    signatures,
    transactions,
    currency,
    backendSession,
    userRecord,
    backendRecords,
    pastTransactions,
    assetDiscovery,
    tokens,
    tokenRates,
    collectibles,
  };
}

export type Controllers = ReturnType<typeof buildControllers>;

/**
 * A user who has not chosen a theme or language yet starts in the white-label's: its palette
 * (`theme.isDark`) and its `defaultLanguage`. A stored choice always wins.
 */
function withWhiteLabelDefaults(
  stored: Partial<PreferencesState> | undefined,
  whiteLabel: WhiteLabelController['state']['whiteLabel'],
): Partial<PreferencesState> | undefined {
  if (!whiteLabel.isActive) return stored;
  return {
    theme: whiteLabel.theme.isDark ? 'dark' : 'light',
    ...(whiteLabel.defaultLanguage ? { locale: whiteLabel.defaultLanguage } : {}),
    ...stored,
  };
}

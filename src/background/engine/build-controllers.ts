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
  WatchedAssetsController,
  watchedAssetsControllerName,
} from '../../controllers/assets/WatchedAssetsController';
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
import type { PersistedStates } from '../persistence/migrations';
import { createControllerMessenger, type RootMessenger } from './root-messenger';

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
  const watchedAssets = new WatchedAssetsController({
    messenger: createControllerMessenger(root, watchedAssetsControllerName),
    state: persisted(watchedAssetsControllerName),
  });

  const transactions = new TransactionController({
    messenger: createControllerMessenger(root, transactionControllerName, {
      actions: TRANSACTION_CONTROLLER_DELEGATED_ACTIONS,
      events: TRANSACTION_CONTROLLER_DELEGATED_EVENTS,
    }),
    state: persisted(transactionControllerName),
    getSelectedAddress: () => preferences.state.selectedAddress ?? undefined,
    walletOrigin: DEFAULT_WALLET_ORIGIN,
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
    watchedAssets,
    transactions,
    currency,
    backendSession,
    userRecord,
    backendRecords,
    pastTransactions,
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

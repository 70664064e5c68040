// The engine's wiring in small for the backend-sync controllers: a root messenger, the real
// preferences, network (never init()ed unless asked), keyring (an imported dev key), currency,
// backend session, user record and backend records controllers, talking to the real API server.
import { Messenger } from '@metamask/messenger';

import {
  createBackendClient,
  type BackendClient,
} from '../../../src/controllers/backend/api-client';
import {
  CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
  CURRENCY_CONTROLLER_DELEGATED_EVENTS,
  CurrencyController,
  currencyControllerName,
  type CurrencyControllerActions,
  type CurrencyControllerAllowedActions,
  type CurrencyControllerAllowedEvents,
  type CurrencyControllerEvents,
} from '../../../src/controllers/currency/CurrencyController';
import {
  KeyringController,
  keyringControllerName,
  type KeyringControllerActions,
  type KeyringControllerEvents,
} from '../../../src/controllers/keyring/KeyringController';
import {
  NetworkController,
  networkControllerName,
  type NetworkControllerActions,
  type NetworkControllerEvents,
} from '../../../src/controllers/network/NetworkController';
import type { ProviderConfig } from '../../../src/shared/networks';
import {
  PreferencesController,
  preferencesControllerName,
  type PreferencesControllerActions,
  type PreferencesControllerEvents,
} from '../../../src/controllers/preferences/PreferencesController';
import {
  BACKEND_SESSION_CONTROLLER_DELEGATED_ACTIONS,
  BackendSessionController,
  backendSessionControllerName,
  type BackendSessionControllerActions,
  type BackendSessionControllerAllowedActions,
  type BackendSessionControllerEvents,
  type BackendSessionControllerOptions,
  type BackendSessionState,
} from '../../../src/controllers/backend-session/BackendSessionController';
import {
  BACKEND_RECORDS_CONTROLLER_DELEGATED_ACTIONS,
  BACKEND_RECORDS_CONTROLLER_DELEGATED_EVENTS,
  BackendRecordsController,
  backendRecordsControllerName,
  type BackendRecordsControllerActions,
  type BackendRecordsControllerAllowedActions,
  type BackendRecordsControllerAllowedEvents,
  type BackendRecordsControllerEvents,
} from '../../../src/controllers/backend-records/BackendRecordsController';
import {
  USER_RECORD_CONTROLLER_DELEGATED_ACTIONS,
  UserRecordController,
  userRecordControllerName,
  type UserRecordControllerActions,
  type UserRecordControllerAllowedActions,
  type UserRecordControllerEvents,
  type UserRecordControllerOptions,
} from '../../../src/controllers/user-record/UserRecordController';

// anvil's dev account 0 (test mnemonic).
export const DEV_KEY = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const DEV_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const DEV_KEY_1 = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const DEV_ADDRESS_1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PASSWORD = 'correct horse battery';

export type RootActions =
  | PreferencesControllerActions
  | NetworkControllerActions
  | KeyringControllerActions
  | CurrencyControllerActions
  | BackendSessionControllerActions
  | UserRecordControllerActions
  | BackendRecordsControllerActions;
export type RootEvents =
  | PreferencesControllerEvents
  | NetworkControllerEvents
  | KeyringControllerEvents
  | CurrencyControllerEvents
  | BackendSessionControllerEvents
  | UserRecordControllerEvents
  | BackendRecordsControllerEvents;
export type Root = Messenger<'Root', RootActions, RootEvents>;

export interface Wallet {
  root: Root;
  preferences: PreferencesController;
  network: NetworkController;
  keyring: KeyringController;
  currency: CurrencyController;
  session: BackendSessionController;
  userRecord: UserRecordController;
  records: BackendRecordsController;
  backend: BackendClient;
  /** Paths of the backend calls made, as "METHOD /path". */
  calls: string[];
  /** How many times the sign-in message was signed. */
  signatures: () => number;
  loggedOut: string[];
  destroy(): void;
}

export interface WalletOptions {
  serverUrl: string;
  keys?: string[];
  selectedAddress?: string;
  providerConfig?: ProviderConfig;
  sessionState?: Partial<BackendSessionState>;
  session?: Partial<Omit<BackendSessionControllerOptions, 'messenger' | 'backend'>>;
  userRecord?: Partial<Omit<UserRecordControllerOptions, 'messenger' | 'backend'>>;
}

export async function createWallet(options: WalletOptions): Promise<Wallet> {
  const root: Root = new Messenger<'Root', RootActions, RootEvents>({ namespace: 'Root' });
  const calls: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    return fetch(input, init);
  };
  const backend = createBackendClient({
    baseUrl: options.serverUrl,
    timeoutMs: 5_000,
    fetch: countingFetch,
  });

  const preferences = new PreferencesController({
    messenger: new Messenger<
      typeof preferencesControllerName,
      PreferencesControllerActions,
      PreferencesControllerEvents,
      Root
    >({
      namespace: preferencesControllerName,
      parent: root,
    }),
  });
  const network = new NetworkController({
    messenger: new Messenger<
      typeof networkControllerName,
      NetworkControllerActions,
      NetworkControllerEvents,
      Root
    >({
      namespace: networkControllerName,
      parent: root,
    }),
    providerConfig: options.providerConfig,
  });
  const keyring = new KeyringController({
    messenger: new Messenger<
      typeof keyringControllerName,
      KeyringControllerActions,
      KeyringControllerEvents,
      Root
    >({
      namespace: keyringControllerName,
      parent: root,
    }),
  });
  await keyring.createNewVault(PASSWORD);
  for (const key of options.keys ?? [DEV_KEY]) await keyring.importAccountWithPrivateKey(key);
  preferences.setSelectedAddress(options.selectedAddress ?? DEV_ADDRESS);

  const currencyMessenger = new Messenger<
    typeof currencyControllerName,
    CurrencyControllerActions | CurrencyControllerAllowedActions,
    CurrencyControllerEvents | CurrencyControllerAllowedEvents,
    Root
  >({ namespace: currencyControllerName, parent: root });
  root.delegate({
    messenger: currencyMessenger,
    actions: CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
    events: CURRENCY_CONTROLLER_DELEGATED_EVENTS,
  });
  const currency = new CurrencyController({
    messenger: currencyMessenger,
    fetchRates: backend.getCurrencyRates,
  });

  const sessionMessenger = new Messenger<
    typeof backendSessionControllerName,
    BackendSessionControllerActions | BackendSessionControllerAllowedActions,
    BackendSessionControllerEvents,
    Root
  >({ namespace: backendSessionControllerName, parent: root });
  root.delegate({
    messenger: sessionMessenger,
    actions: BACKEND_SESSION_CONTROLLER_DELEGATED_ACTIONS,
  });
  let signatures = 0;
  const session = new BackendSessionController({
    messenger: sessionMessenger,
    state: options.sessionState,
    backend,
    // The keyring signs (through the messenger, as in the engine); the wrapper only counts.
    signPersonalMessage: async (address, message) => {
      signatures += 1;
      return root.call('KeyringController:signPersonalMessage', address, message);
    },
    ...options.session,
  });

  const recordMessenger = new Messenger<
    typeof userRecordControllerName,
    UserRecordControllerActions | UserRecordControllerAllowedActions,
    UserRecordControllerEvents,
    Root
  >({ namespace: userRecordControllerName, parent: root });
  root.delegate({ messenger: recordMessenger, actions: USER_RECORD_CONTROLLER_DELEGATED_ACTIONS });
  const userRecord = new UserRecordController({
    messenger: recordMessenger,
    backend,
    ...options.userRecord,
  });

  const recordsMessenger = new Messenger<
    typeof backendRecordsControllerName,
    BackendRecordsControllerActions | BackendRecordsControllerAllowedActions,
    BackendRecordsControllerEvents | BackendRecordsControllerAllowedEvents,
    Root
  >({ namespace: backendRecordsControllerName, parent: root });
  root.delegate({
    messenger: recordsMessenger,
    actions: BACKEND_RECORDS_CONTROLLER_DELEGATED_ACTIONS,
    events: BACKEND_RECORDS_CONTROLLER_DELEGATED_EVENTS,
  });
  const records = new BackendRecordsController({ messenger: recordsMessenger, backend });

  const loggedOut: string[] = [];
  root.subscribe('BackendSessionController:loggedOut', (address) => loggedOut.push(address));

  return {
    root,
    preferences,
    network,
    keyring,
    currency,
    session,
    userRecord,
    records,
    backend,
    calls,
    signatures: () => signatures,
    loggedOut,
    destroy() {
      userRecord.destroy();
      currency.destroy();
      network.destroy();
    },
  };
}

export const LOGIN = {
  verifier: 'google',
  verifierId: 'alice@example.com',
  hostname: 'wallet.orrery.test',
};

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

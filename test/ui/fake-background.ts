/**
 * A scripted background for view tests: speaks the real protocol over an in-memory port pair,
 * records what the view sent, and lets the test push any message (including out-of-order ones).
 */
import {
  getDefaultKeyringState,
  type KeyringState,
} from '../../src/controllers/keyring/KeyringController';
import { getDefaultLoginState } from '../../src/controllers/login/LoginController';
import { getDefaultTKeyState } from '../../src/controllers/login/tkey/TKeyController';
import { getDefaultAccountTrackerState } from '../../src/controllers/account-tracker/AccountTrackerController';
import { getDefaultCurrencyState } from '../../src/controllers/currency/CurrencyController';
import { getDefaultPastTransactionsState } from '../../src/controllers/past-transactions/PastTransactionsController';
import { getDefaultGasFeeState } from '../../src/controllers/gas/GasFeeController';
import { getDefaultNetworkState } from '../../src/controllers/network/NetworkController';
import { LOCALHOST_NETWORK } from '../../src/shared/networks';
import { getDefaultPreferencesState } from '../../src/controllers/preferences/PreferencesController';
import { getDefaultWhiteLabelState } from '../../src/controllers/white-label/WhiteLabelController';
import type {
  BackgroundMessage,
  StatePatch,
  ViewMessage,
} from '../../src/background/contract/protocol';
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import type { UiState } from '../../src/background/contract/ui-state';
import {
  getDefaultCollectiblesState,
  type CollectiblesState,
} from '../../src/controllers/assets/CollectiblesController';
import { getDefaultTokenRatesState } from '../../src/controllers/assets/TokenRatesController';
import {
  getDefaultTokensState,
  type TokensState,
} from '../../src/controllers/assets/TokensController';
import type { BackgroundPort } from '../../src/ui/bridge/background-client';

function withoutCache({
  metadataCache: _cache,
  ...rest
}: TokensState): UiState['TokensController'] {
  return rest;
}

function withoutCaches({
  metadataCache: _metadata,
  contractCache: _contracts,
  ...rest
}: CollectiblesState): UiState['CollectiblesController'] {
  return rest;
}

function withoutVault({ vault: _vault, ...rest }: KeyringState): UiState['KeyringController'] {
  return rest;
}

/** The state a fresh engine on the local chain would show; built from the controllers' defaults. */
export function sampleUiState(overrides: Partial<UiState> = {}): UiState {
  return {
    NetworkController: getDefaultNetworkState(LOCALHOST_NETWORK),
    PreferencesController: getDefaultPreferencesState(),
    KeyringController: withoutVault(getDefaultKeyringState()),
    LoginController: getDefaultLoginState(),
    TKeyController: { factors: [], secondFactorNeeded: getDefaultTKeyState().secondFactorNeeded },
    AccountTrackerController: getDefaultAccountTrackerState(),
    GasFeeController: getDefaultGasFeeState(),
    ApprovalController: { pendingApprovals: {}, pendingApprovalCount: 0, dappMetadata: {} },
    PermissionController: { grants: {} },
    SignatureController: { messages: {} },
    TransactionController: { uiTransactions: [] },
    CurrencyController: getDefaultCurrencyState(),
    BackendSessionController: { signedIn: {} },
    UserRecordController: { identities: {}, isNewUser: false },
    BackendRecordsController: { records: {} },
    PastTransactionsController: getDefaultPastTransactionsState(),
    AssetDiscoveryController: {},
    TokensController: withoutCache(getDefaultTokensState()),
    TokenRatesController: getDefaultTokenRatesState(),
    CollectiblesController: withoutCaches(getDefaultCollectiblesState()),
    WhiteLabelController: getDefaultWhiteLabelState(),
    ...overrides,
  };
}

export class FakeBackground {
  readonly viewPort: BackgroundPort;
  readonly received: ViewMessage[] = [];
  #port;

  constructor() {
    const [viewPort, backgroundPort] = createMemoryPortPair<BackgroundMessage, ViewMessage>();
    this.viewPort = viewPort;
    this.#port = backgroundPort;
    backgroundPort.onMessage((message) => {
      // A locked wallet's view asks for its login session once at load; like an engine without
      // one, the fake answers "none" (tests of the restore answer it themselves with restoreWith).
      if (
        message.type === 'request' &&
        message.action === 'restoreSession' &&
        this.restoreAnswer !== 'manual'
      ) {
        this.restoreRequests.push(message);
        this.send({ type: 'response', id: message.id, result: this.restoreAnswer });
        return;
      }
      this.received.push(message);
    });
  }

  /** What restoreSession answers: null (no session), a LoginResult, or 'manual' (left pending). */
  restoreAnswer: unknown = null;
  readonly restoreRequests: ViewMessage[] = [];

  send(message: BackgroundMessage): void {
    this.#port.postMessage(message);
  }

  snapshot(seq: number, state: UiState = sampleUiState()): void {
    this.send({ type: 'snapshot', seq, state });
  }

  patches(seq: number, patches: StatePatch[]): void {
    this.send({ type: 'patches', seq, patches });
  }

  typesReceived(): string[] {
    return this.received.map((message) => message.type);
  }

  requests() {
    return this.received.filter((message) => message.type === 'request');
  }
}

/** Lets queued microtask deliveries of the memory ports run. */
export async function flushMessages(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

export const SAMPLE_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

/** An unlocked wallet with one selected account: a session. */
export function signedInState(overrides: Partial<UiState> = {}): UiState {
  const state = sampleUiState(overrides);
  state.KeyringController = {
    hasVault: true,
    isUnlocked: true,
    accounts: [{ address: SAMPLE_ADDRESS, accountType: 'imported' }],
  };
  state.PreferencesController = { ...state.PreferencesController, selectedAddress: SAMPLE_ADDRESS };
  return state;
}

/** A vault exists but is locked (after a reload or a lock). */
export function lockedState(overrides: Partial<UiState> = {}): UiState {
  const state = sampleUiState(overrides);
  state.KeyringController = { hasVault: true, isUnlocked: false, accounts: [] };
  state.PreferencesController = { ...state.PreferencesController, selectedAddress: SAMPLE_ADDRESS };
  return state;
}

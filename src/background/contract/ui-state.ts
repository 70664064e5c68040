/**
 * The state a view sees: per controller, only the keys whose metadata says `usedInUi`.
 * `sync/ui-state-source.ts` derives it at run time from the same metadata; a test keeps the
 * two in step (test/background/ui-sync.test.ts).
 */
import type { AccountTrackerState } from '../../controllers/account-tracker/AccountTrackerController';
import type { ApprovalControllerState } from '../../controllers/approvals/ApprovalController';
import type { CollectiblesState } from '../../controllers/assets/CollectiblesController';
import type { TokenRatesState } from '../../controllers/assets/TokenRatesController';
import type { TokensState } from '../../controllers/assets/TokensController';
import type { GasFeeState } from '../../controllers/gas/GasFeeController';
import type { KeyringState } from '../../controllers/keyring/KeyringController';
import type { SignatureControllerState } from '../../controllers/messages/SignatureController';
import type { NetworkState } from '../../controllers/network/NetworkController';
import type { PermissionControllerState } from '../../controllers/permissions/PermissionController';
import type { PreferencesState } from '../../controllers/preferences/PreferencesController';
import type { CurrencyState } from '../../controllers/currency/CurrencyController';
import type { PastTransactionsState } from '../../controllers/past-transactions/PastTransactionsController';
import type { BackendRecordsState } from '../../controllers/backend-records/BackendRecordsController';
import type { UserRecordState } from '../../controllers/user-record/UserRecordController';
import type { TransactionControllerState } from '../../controllers/transactions/TransactionController';
import type { WhiteLabelState } from '../../controllers/white-label/WhiteLabelController';

export interface UiState {
  NetworkController: NetworkState;
  PreferencesController: PreferencesState;
  KeyringController: Omit<KeyringState, 'vault'>;
  AccountTrackerController: AccountTrackerState;
  GasFeeController: GasFeeState;
  ApprovalController: ApprovalControllerState;
  PermissionController: PermissionControllerState;
  SignatureController: SignatureControllerState;
  /** The full per-chain store stays in the background; views get the bounded list. */
  TransactionController: Pick<TransactionControllerState, 'uiTransactions'>;
  CurrencyController: CurrencyState;
  /** BackendSessionController holds only the backend tokens, which never leave the background. */
  BackendSessionController: Record<string, never>;
  UserRecordController: UserRecordState;
  BackendRecordsController: BackendRecordsState;
  PastTransactionsController: PastTransactionsState;
  /** The chain-history scan's progress stays in the background. */
  AssetDiscoveryController: Record<string, never>;
  /** Token lists with balances, the folded-away spam, custom tokens kept in the wallet. */
  TokensController: Omit<TokensState, 'metadataCache'>;
  TokenRatesController: TokenRatesState;
  /** Collectibles grouped by contract; the metadata caches stay in the background. */
  CollectiblesController: Omit<CollectiblesState, 'metadataCache' | 'contractCache'>;
  /** The white-label configuration (name, logos, colours, feature flags): read-only to views. */
  WhiteLabelController: WhiteLabelState;
}

export type UiControllerName = keyof UiState;

import { Messenger } from '@metamask/messenger';

import type {
  AccountTrackerControllerActions,
  AccountTrackerControllerEvents,
} from '../../controllers/account-tracker/AccountTrackerController';
import type {
  ApprovalControllerActions,
  ApprovalControllerEvents,
} from '../../controllers/approvals/ApprovalController';
import type {
  AssetDiscoveryControllerActions,
  AssetDiscoveryControllerEvents,
} from '../../controllers/assets/AssetDiscoveryController';
import type {
  CollectiblesControllerActions,
  CollectiblesControllerEvents,
} from '../../controllers/assets/CollectiblesController';
import type {
  TokenRatesControllerActions,
  TokenRatesControllerEvents,
} from '../../controllers/assets/TokenRatesController';
import type {
  TokensControllerActions,
  TokensControllerEvents,
} from '../../controllers/assets/TokensController';
import type {
  GasFeeControllerActions,
  GasFeeControllerEvents,
} from '../../controllers/gas/GasFeeController';
import type {
  KeyringControllerActions,
  KeyringControllerEvents,
} from '../../controllers/keyring/KeyringController';
import type {
  SignatureControllerActions,
  SignatureControllerEvents,
} from '../../controllers/messages/SignatureController';
import type {
  NetworkControllerActions,
  NetworkControllerEvents,
} from '../../controllers/network/NetworkController';
import type {
  PermissionControllerActions,
  PermissionControllerEvents,
} from '../../controllers/permissions/PermissionController';
import type {
  CurrencyControllerActions,
  CurrencyControllerEvents,
} from '../../controllers/currency/CurrencyController';
import type {
  PastTransactionsControllerActions,
  PastTransactionsControllerEvents,
} from '../../controllers/past-transactions/PastTransactionsController';
import type {
  BackendSessionControllerActions,
  BackendSessionControllerEvents,
} from '../../controllers/backend-session/BackendSessionController';
import type {
  UserRecordControllerActions,
  UserRecordControllerEvents,
} from '../../controllers/user-record/UserRecordController';
import type {
  BackendRecordsControllerActions,
  BackendRecordsControllerEvents,
} from '../../controllers/backend-records/BackendRecordsController';
import type {
  TransactionControllerActions,
  TransactionControllerEvents,
} from '../../controllers/transactions/TransactionController';
import type {
  WhiteLabelControllerActions,
  WhiteLabelControllerEvents,
} from '../../controllers/white-label/WhiteLabelController';
import type {
  PreferencesControllerActions,
  PreferencesControllerEvents,
} from '../../controllers/preferences/PreferencesController';

/** Every action and event of every controller the engine wires. */
export type RootActions =
  | NetworkControllerActions
  | PreferencesControllerActions
  | KeyringControllerActions
  | AccountTrackerControllerActions
  | GasFeeControllerActions
  | ApprovalControllerActions
  | PermissionControllerActions
  | SignatureControllerActions
  | AssetDiscoveryControllerActions
  | TokensControllerActions
  | TokenRatesControllerActions
  | CollectiblesControllerActions
  | TransactionControllerActions
  | CurrencyControllerActions
  | BackendSessionControllerActions
  | UserRecordControllerActions
  | BackendRecordsControllerActions
  | PastTransactionsControllerActions
  | WhiteLabelControllerActions;
export type RootEvents =
  | NetworkControllerEvents
  | PreferencesControllerEvents
  | KeyringControllerEvents
  | AccountTrackerControllerEvents
  | GasFeeControllerEvents
  | ApprovalControllerEvents
  | PermissionControllerEvents
  | SignatureControllerEvents
  | AssetDiscoveryControllerEvents
  | TokensControllerEvents
  | TokenRatesControllerEvents
  | CollectiblesControllerEvents
  | TransactionControllerEvents
  | CurrencyControllerEvents
  | BackendSessionControllerEvents
  | UserRecordControllerEvents
  | BackendRecordsControllerEvents
  | PastTransactionsControllerEvents
  | WhiteLabelControllerEvents;

export type RootMessenger = Messenger<'Root', RootActions, RootEvents>;

export function createRootMessenger(): RootMessenger {
  return new Messenger<'Root', RootActions, RootEvents>({ namespace: 'Root' });
}

/**
 * A controller's own messenger: its namespace is delegated to the root automatically, and the
 * other controllers' actions and events it names are delegated down to it.
 */
export function createControllerMessenger<
  Namespace extends string,
  Actions extends RootActions,
  Events extends RootEvents,
>(
  root: RootMessenger,
  namespace: Namespace,
  allowed: {
    actions?: readonly RootActions['type'][];
    events?: readonly RootEvents['type'][];
  } = {},
): Messenger<Namespace, Actions, Events> {
  // The parent's types are wider than the child's; the messenger checks namespaces at run time.
  const child = new Messenger<Namespace, Actions, Events, RootMessenger>({
    namespace,
    parent: root as never,
  });
  if (allowed.actions?.length || allowed.events?.length) {
    root.delegate({
      messenger: child as never,
      actions: [...(allowed.actions ?? [])] as never,
      events: [...(allowed.events ?? [])] as never,
    });
  }
  return child;
}

// The transaction controller's messenger: its actions and events, and what it may use of others'.
import type {
  ControllerGetStateAction,
  ControllerStateChangeEvent,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import type {
  ApprovalControllerAddRequestAction,
  ApprovalControllerRejectAction,
} from '../approvals/ApprovalController';
import type { GasFeeControllerGetSuggestedGasFeesAction } from '../gas/GasFeeController';
import type { KeyringControllerSignTransactionAction } from '../keyring/KeyringController';
import type {
  NetworkControllerGetEIP1559CompatibilityAction,
  NetworkControllerGetProviderAction,
  NetworkControllerGetStateAction,
  NetworkControllerNewBlockEvent,
  NetworkControllerStateChangeEvent,
} from '../network/NetworkController';
import type { TransactionWarning } from './pending-tracking';
import type { TransactionController } from './TransactionController';
import type { TransactionControllerState } from './transaction-store';
import type { TransactionMeta } from './types';

export const transactionControllerName = 'TransactionController';

/** The methods other parts of the engine call through the messenger (`TransactionController:<method>`). */
export const MESSENGER_EXPOSED_METHODS = [
  'addTransaction',
  'approveTransaction',
  'rejectTransaction',
  'getNextNonce',
  'updateTransactionGas',
  'speedUpTransaction',
  'cancelTransaction',
  'retryTransaction',
] as const;
type ExposedMethod = (typeof MESSENGER_EXPOSED_METHODS)[number];

/** One messenger action per exposed method, typed from the method itself. */
export type TransactionControllerMethodActions = {
  [Method in ExposedMethod]: {
    type: `${typeof transactionControllerName}:${Method}`;
    handler: TransactionController[Method];
  };
}[ExposedMethod];

export type TransactionControllerGetStateAction = ControllerGetStateAction<
  typeof transactionControllerName,
  TransactionControllerState
>;
export type TransactionControllerStateChangeEvent = ControllerStateChangeEvent<
  typeof transactionControllerName,
  TransactionControllerState
>;
/** A transaction waits for the user's approval (new, a retry, or found unapproved at boot). */
export type TransactionControllerUnapprovedTransactionAddedEvent = {
  type: `${typeof transactionControllerName}:unapprovedTransactionAdded`;
  payload: [transactionMeta: TransactionMeta];
};
/** Emitted on submitted, rejected or failed (spec). */
export type TransactionControllerTransactionFinishedEvent = {
  type: `${typeof transactionControllerName}:transactionFinished`;
  payload: [transactionMeta: TransactionMeta];
};
/** Every status change, for listeners such as past-transaction sync. */
export type TransactionControllerTransactionStatusUpdatedEvent = {
  type: `${typeof transactionControllerName}:transactionStatusUpdated`;
  payload: [transactionMeta: TransactionMeta];
};
/** A non-benign error while checking or resubmitting a pending transaction. */
export type TransactionControllerTransactionWarningEvent = {
  type: `${typeof transactionControllerName}:transactionWarning`;
  payload: [warning: TransactionWarning];
};

export type TransactionControllerActions =
  TransactionControllerGetStateAction | TransactionControllerMethodActions;
export type TransactionControllerEvents =
  | TransactionControllerStateChangeEvent
  | TransactionControllerUnapprovedTransactionAddedEvent
  | TransactionControllerTransactionFinishedEvent
  | TransactionControllerTransactionStatusUpdatedEvent
  | TransactionControllerTransactionWarningEvent;
/** What the root messenger must delegate to this controller's messenger (see the lists below). */
export type TransactionControllerAllowedActions =
  | NetworkControllerGetStateAction
  | NetworkControllerGetProviderAction
  | NetworkControllerGetEIP1559CompatibilityAction
  | KeyringControllerSignTransactionAction
  | GasFeeControllerGetSuggestedGasFeesAction
  | ApprovalControllerAddRequestAction
  | ApprovalControllerRejectAction;
export type TransactionControllerAllowedEvents =
  NetworkControllerNewBlockEvent | NetworkControllerStateChangeEvent;
/** For the engine's `root.delegate({ messenger, actions, events })`. The gas action is optional. */
export const TRANSACTION_CONTROLLER_DELEGATED_ACTIONS: TransactionControllerAllowedActions['type'][] =
  [
    'NetworkController:getState',
    'NetworkController:getProvider',
    'NetworkController:getEIP1559Compatibility',
    'KeyringController:signTransaction',
    'GasFeeController:getSuggestedGasFees',
    'ApprovalController:addRequest',
    'ApprovalController:reject',
  ];
export const TRANSACTION_CONTROLLER_DELEGATED_EVENTS: TransactionControllerAllowedEvents['type'][] =
  ['NetworkController:newBlock', 'NetworkController:stateChange'];

export type TransactionControllerMessenger = Messenger<
  typeof transactionControllerName,
  TransactionControllerActions | TransactionControllerAllowedActions,
  TransactionControllerEvents | TransactionControllerAllowedEvents
>;

import { DEFAULT_WALLET_ORIGIN } from '../../../controllers/approvals/ApprovalController';
import {
  TRANSACTION_CONTROLLER_DELEGATED_ACTIONS,
  TRANSACTION_CONTROLLER_DELEGATED_EVENTS,
  TransactionController,
  transactionControllerMetadata,
  transactionControllerName,
} from '../../../controllers/transactions/TransactionController';
import { defineController } from '../controller-module';
import { preferencesModule } from './preferences';

export const transactionModule = defineController(TransactionController, {
  name: transactionControllerName,
  metadata: transactionControllerMetadata,
  actions: TRANSACTION_CONTROLLER_DELEGATED_ACTIONS,
  events: TRANSACTION_CONTROLLER_DELEGATED_EVENTS,
  uses: { preferences: preferencesModule },
  options: ({ options, uses: { preferences } }) => ({
    getSelectedAddress: () => preferences.state.selectedAddress ?? undefined,
    walletOrigin: DEFAULT_WALLET_ORIGIN,
    writeAhead: options.writeAhead,
  }),
  init: (transactions) => transactions.init(),
  destroy: (transactions) => transactions.destroy(),
});

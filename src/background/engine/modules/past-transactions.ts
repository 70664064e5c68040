import {
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
  PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
  PastTransactionsController,
  pastTransactionsControllerMetadata,
  pastTransactionsControllerName,
} from '../../../controllers/past-transactions/PastTransactionsController';
import { defineController } from '../controller-module';
import { backendSessionModule } from './backend-session';

export const pastTransactionsModule = defineController(PastTransactionsController, {
  name: pastTransactionsControllerName,
  metadata: pastTransactionsControllerMetadata,
  actions: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_ACTIONS,
  events: PAST_TRANSACTIONS_CONTROLLER_DELEGATED_EVENTS,
  uses: { backendSession: backendSessionModule },
  options: ({ options, services, uses: { backendSession } }) => ({
    backend: services.backend,
    getToken: (address) => backendSession.getToken(address),
    onUnauthorized: (address) => backendSession.handleUnauthorized(address),
    notify: options.notify,
  }),
  init: (pastTransactions) => pastTransactions.init(),
  destroy: (pastTransactions) => pastTransactions.destroy(),
});

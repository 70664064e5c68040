import {
  ACCOUNT_TRACKER_DELEGATED_ACTIONS,
  ACCOUNT_TRACKER_DELEGATED_EVENTS,
  AccountTrackerController,
  accountTrackerControllerMetadata,
  accountTrackerControllerName,
} from '../../../controllers/account-tracker/AccountTrackerController';
import { defineController } from '../controller-module';

export const accountTrackerModule = defineController(AccountTrackerController, {
  name: accountTrackerControllerName,
  metadata: accountTrackerControllerMetadata,
  actions: ACCOUNT_TRACKER_DELEGATED_ACTIONS,
  events: ACCOUNT_TRACKER_DELEGATED_EVENTS,
  // The first balance read runs in the background: the engine does not wait for the chain.
  init: (tracker) => void tracker.init(),
  destroy: (tracker) => tracker.destroy(),
  // Balances are read with the block tracker's head reads only while a view shows them.
  pollsWhileViewOpen: true,
});

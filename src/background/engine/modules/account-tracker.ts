import {
  AccountTrackerController,
  accountTrackerControllerMetadata,
  accountTrackerControllerName,
} from '../../../controllers/account-tracker/AccountTrackerController';
import { defineController } from '../controller-module';

export const accountTrackerModule = defineController(AccountTrackerController, {
  name: accountTrackerControllerName,
  metadata: accountTrackerControllerMetadata,
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
  // The first balance read runs in the background: the engine does not wait for the chain.
  init: (tracker) => void tracker.init(),
  destroy: (tracker) => tracker.destroy(),
});

import {
  USER_RECORD_CONTROLLER_DELEGATED_ACTIONS,
  UserRecordController,
  userRecordControllerMetadata,
  userRecordControllerName,
} from '../../../controllers/user-record/UserRecordController';
import { defineController } from '../controller-module';

export const userRecordModule = defineController(UserRecordController, {
  name: userRecordControllerName,
  metadata: userRecordControllerMetadata,
  actions: USER_RECORD_CONTROLLER_DELEGATED_ACTIONS,
  options: ({ options, services }) => ({
    backend: services.backend,
    isIdle: options.isUserIdle,
    timers: options.timers,
  }),
  destroy: (userRecord) => userRecord.destroy(),
  // The record syncs only while a view is open, and only with a backend to sync with.
  pollsWhileViewOpen: (options) => Boolean(options.backendUrl),
});

import {
  BACKEND_RECORDS_CONTROLLER_DELEGATED_ACTIONS,
  BACKEND_RECORDS_CONTROLLER_DELEGATED_EVENTS,
  BackendRecordsController,
  backendRecordsControllerMetadata,
  backendRecordsControllerName,
} from '../../../controllers/backend-records/BackendRecordsController';
import { defineController } from '../controller-module';

export const backendRecordsModule = defineController(BackendRecordsController, {
  name: backendRecordsControllerName,
  metadata: backendRecordsControllerMetadata,
  actions: BACKEND_RECORDS_CONTROLLER_DELEGATED_ACTIONS,
  events: BACKEND_RECORDS_CONTROLLER_DELEGATED_EVENTS,
  options: ({ services }) => ({ backend: services.backend }),
});

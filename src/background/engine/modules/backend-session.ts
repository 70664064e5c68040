import {
  BACKEND_SESSION_CONTROLLER_DELEGATED_ACTIONS,
  BackendSessionController,
  backendSessionControllerMetadata,
  backendSessionControllerName,
} from '../../../controllers/backend-session/BackendSessionController';
import { defineController } from '../controller-module';

export const backendSessionModule = defineController(BackendSessionController, {
  name: backendSessionControllerName,
  metadata: backendSessionControllerMetadata,
  actions: BACKEND_SESSION_CONTROLLER_DELEGATED_ACTIONS,
  options: ({ services }) => ({ backend: services.backend }),
});

import {
  TKEY_CONTROLLER_DELEGATED_EVENTS,
  TKeyController,
  tKeyControllerMetadata,
  tKeyControllerName,
} from '../../../controllers/login/tkey/TKeyController';
import { defineController } from '../controller-module';

// Threshold accounts: this device's factor is persisted (never sent to views); keys stay in memory.
export const tKeyModule = defineController(TKeyController, {
  name: tKeyControllerName,
  metadata: tKeyControllerMetadata,
  events: TKEY_CONTROLLER_DELEGATED_EVENTS,
  options: ({ options }) => ({ now: options.now }),
});

import {
  KeyringController,
  keyringControllerMetadata,
  keyringControllerName,
} from '../../../controllers/keyring/KeyringController';
import { defineController } from '../controller-module';

export const keyringModule = defineController(KeyringController, {
  name: keyringControllerName,
  metadata: keyringControllerMetadata,
  // Keys leave memory when the engine stops.
  destroy: (keyring) => keyring.setLocked(),
});

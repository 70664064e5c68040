import {
  PreferencesController,
  preferencesControllerMetadata,
  preferencesControllerName,
} from '../../../controllers/preferences/PreferencesController';
import { defineController } from '../controller-module';

export const preferencesModule = defineController(PreferencesController, {
  name: preferencesControllerName,
  metadata: preferencesControllerMetadata,
});

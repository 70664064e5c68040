import {
  WhiteLabelController,
  whiteLabelControllerMetadata,
  whiteLabelControllerName,
} from '../../../controllers/white-label/WhiteLabelController';
import { defineController } from '../controller-module';

export const whiteLabelModule = defineController(WhiteLabelController, {
  name: whiteLabelControllerName,
  metadata: whiteLabelControllerMetadata,
  options: ({ options }) => ({ config: options.whiteLabel }),
});

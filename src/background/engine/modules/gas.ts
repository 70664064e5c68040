import {
  GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
  GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
  GasFeeController,
  gasFeeControllerMetadata,
  gasFeeControllerName,
} from '../../../controllers/gas/GasFeeController';
import { defineController } from '../controller-module';

export const gasFeeModule = defineController(GasFeeController, {
  name: gasFeeControllerName,
  metadata: gasFeeControllerMetadata,
  actions: GAS_FEE_CONTROLLER_DELEGATED_ACTIONS,
  events: GAS_FEE_CONTROLLER_DELEGATED_EVENTS,
  options: ({ options }) => ({
    gasApi: options.gasApi,
    isIdle: options.isUserIdle,
    timers: options.timers,
  }),
  init: (gasFee) => gasFee.init(),
  destroy: (gasFee) => gasFee.destroy(),
  // Not with every view: the engine polls gas while a view is open and a transaction awaits
  // approval (gas-demand.ts).
});

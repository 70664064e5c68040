import {
  COLLECTIBLES_CONTROLLER_DELEGATED_ACTIONS,
  COLLECTIBLES_CONTROLLER_DELEGATED_EVENTS,
  CollectiblesController,
  collectiblesControllerMetadata,
  collectiblesControllerName,
} from '../../../controllers/assets/CollectiblesController';
import { defineController } from '../controller-module';

export const collectiblesModule = defineController(CollectiblesController, {
  name: collectiblesControllerName,
  metadata: collectiblesControllerMetadata,
  actions: COLLECTIBLES_CONTROLLER_DELEGATED_ACTIONS,
  events: COLLECTIBLES_CONTROLLER_DELEGATED_EVENTS,
  options: ({ options, services }) => ({
    batching: services.chainBatching,
    metadata: {
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
      ...(options.assets?.ipfsGateway ? { ipfsGateway: options.assets.ipfsGateway } : {}),
    },
    specialContracts: options.assets?.specialNftContracts,
    isIdle: options.isUserIdle,
    pollingIntervalMs: options.assets?.intervals?.collectiblesMs,
  }),
  init: (collectibles) => collectibles.init(),
  destroy: (collectibles) => collectibles.destroy(),
  // Detection also waits for an unlocked wallet (the controller checks).
  pollsWhileViewOpen: true,
});

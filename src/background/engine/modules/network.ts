import {
  NetworkController,
  networkControllerMetadata,
  networkControllerName,
} from '../../../controllers/network/NetworkController';
import { defineController } from '../controller-module';

export const networkModule = defineController(NetworkController, {
  name: networkControllerName,
  metadata: networkControllerMetadata,
  options: ({ options }) => ({
    providerConfig: options.providerConfig,
    pollingInterval: options.blockPollingInterval,
  }),
  // Everything that reads the chain starts after the network knows whether it is reachable.
  init: (network) => network.init(),
  destroy: (network) => network.destroy(),
});

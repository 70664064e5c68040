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
    // Deleting the selected custom network goes back to the wallet's own network.
    fallbackProviderConfig: options.providerConfig,
    pollingInterval: options.blockPollingInterval,
    timers: options.timers,
  }),
  // Everything that reads the chain starts after the network knows whether it is reachable.
  init: (network) => network.init(),
  destroy: (network) => network.destroy(),
  // A view keeps the block number and status current (a 'view' block need).
  pollsWhileViewOpen: true,
});

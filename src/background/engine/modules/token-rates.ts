import {
  TOKEN_RATES_CONTROLLER_DELEGATED_ACTIONS,
  TOKEN_RATES_CONTROLLER_DELEGATED_EVENTS,
  TokenRatesController,
  tokenRatesControllerMetadata,
  tokenRatesControllerName,
} from '../../../controllers/assets/TokenRatesController';
import { defineController } from '../controller-module';

export const tokenRatesModule = defineController(TokenRatesController, {
  name: tokenRatesControllerName,
  metadata: tokenRatesControllerMetadata,
  actions: TOKEN_RATES_CONTROLLER_DELEGATED_ACTIONS,
  events: TOKEN_RATES_CONTROLLER_DELEGATED_EVENTS,
  options: ({ options, services }) => ({
    // Prices come from the backend: without one there is nothing to fetch.
    fetchPrices: options.backendUrl ? services.backend.getTokenPrices : undefined,
    isIdle: options.isUserIdle,
    pollingIntervalMs: options.assets?.intervals?.ratesMs,
  }),
  init: (tokenRates) => tokenRates.init(),
  destroy: (tokenRates) => tokenRates.destroy(),
  pollsWhileViewOpen: (options) => Boolean(options.backendUrl),
});

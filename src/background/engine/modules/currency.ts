import {
  CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
  CURRENCY_CONTROLLER_DELEGATED_EVENTS,
  CurrencyController,
  currencyControllerMetadata,
  currencyControllerName,
} from '../../../controllers/currency/CurrencyController';
import { defineController } from '../controller-module';

export const currencyModule = defineController(CurrencyController, {
  name: currencyControllerName,
  metadata: currencyControllerMetadata,
  actions: CURRENCY_CONTROLLER_DELEGATED_ACTIONS,
  events: CURRENCY_CONTROLLER_DELEGATED_EVENTS,
  options: ({ options, services }) => ({
    fetchRates: services.backend.getCurrencyRates,
    isIdle: options.isUserIdle,
    timers: options.timers,
  }),
  // Rates come from the backend: without one there is nothing to fetch (the rate stays 0, N/A).
  init: (currency, { options }) => {
    if (options.backendUrl) currency.init();
  },
  destroy: (currency) => currency.destroy(),
  pollsWhileViewOpen: (options) => Boolean(options.backendUrl),
});

import {
  TOKENS_CONTROLLER_DELEGATED_ACTIONS,
  TOKENS_CONTROLLER_DELEGATED_EVENTS,
  type TokenHoldingsSource,
  TokensController,
  tokensControllerMetadata,
  tokensControllerName,
} from '../../../controllers/assets/TokensController';
import { KnownTokenRegistry } from '../../../controllers/assets/known-tokens';
import type { BackendClient } from '../../../controllers/backend/api-client';
import type { BackendSessionController } from '../../../controllers/backend-session/BackendSessionController';
import type { Hex } from '../../../shared/primitives';
import { defineController } from '../controller-module';
import { backendSessionModule } from './backend-session';

/** The hosted aggregator's list of what the signed-in address holds; signed out, nothing. */
function hostedHoldings(
  backend: BackendClient,
  backendSession: BackendSessionController,
): TokenHoldingsSource {
  return async (scope) => {
    const token = backendSession.getToken(scope.account);
    if (!token) return [];
    const { items } = await backend.getTokenBalances(token, scope.network);
    return items.map((item) => ({
      ...item,
      tokenAddress: item.tokenAddress as Hex,
      balance: item.balance as Hex,
    }));
  };
}

export const tokensModule = defineController(TokensController, {
  name: tokensControllerName,
  metadata: tokensControllerMetadata,
  actions: TOKENS_CONTROLLER_DELEGATED_ACTIONS,
  events: TOKENS_CONTROLLER_DELEGATED_EVENTS,
  uses: { backendSession: backendSessionModule },
  options: ({ options, services, uses: { backendSession } }) => ({
    knownTokens: new KnownTokenRegistry(options.assets?.knownTokens),
    batching: services.chainBatching,
    holdings: options.assets?.hostedTokenBalances
      ? hostedHoldings(services.backend, backendSession)
      : undefined,
    isIdle: options.isUserIdle,
    pollingIntervalMs: options.assets?.intervals?.tokensMs,
  }),
  init: (tokens) => tokens.init(),
  destroy: (tokens) => tokens.destroy(),
  // Detection also waits for an unlocked wallet (the controller checks).
  pollsWhileViewOpen: true,
});

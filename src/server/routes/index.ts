// Every route module, registered in one place.
import type { App, AppContext } from '../context';
import { registerAuthRoutes } from './auth';
import { registerContactRoutes } from './contact';
import { registerContentRoutes } from './content';
import { registerCurrencyRoutes } from './currency';
import { registerCustomNetworkRoutes } from './custom-network';
import { registerCustomNftRoutes } from './custom-nft';
import { registerCustomTokenRoutes } from './custom-token';
import { registerDataProviderRoutes } from './data-providers';
import { registerEtherscanRoutes } from './etherscan';
import { registerHealthRoutes } from './health';
import { registerHoldingsRoutes } from './holdings';
import { registerLookupRoutes } from './lookup';
import { registerPermissionRoutes } from './permissions';
import { registerSocialRoutes } from './social';
import { registerTokenPriceRoutes } from './token-prices';
import { registerTransactionRoutes } from './transaction';
import { registerUserRoutes } from './user';

export async function registerRoutes(app: App, ctx: AppContext): Promise<void> {
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerPermissionRoutes(app, ctx);
  registerTransactionRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerCustomTokenRoutes(app, ctx);
  registerCustomNftRoutes(app, ctx);
  registerCustomNetworkRoutes(app, ctx);
  registerContentRoutes(app, ctx);
  registerCurrencyRoutes(app, ctx);
  registerTokenPriceRoutes(app, ctx);
  registerLookupRoutes(app, ctx);
  registerEtherscanRoutes(app, ctx);
  registerSocialRoutes(app, ctx);
  registerDataProviderRoutes(app, ctx);
  registerHoldingsRoutes(app, ctx);
}

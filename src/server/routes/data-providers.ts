// GET /covalent?url= and GET /opensea?url=: token balances and NFT data from the providers,
// with the server's API keys. The URL is encoded by the client and must target the provider.
import { ProviderUrlQuery } from '../../shared/api';
import type { App, AppContext } from '../context';
import { HttpError } from '../errors';
import type { UpstreamProxy } from '../proxy/upstream-proxy';

export function registerDataProviderRoutes(app: App, ctx: AppContext): void {
  const routes: Array<[string, UpstreamProxy | undefined, string]> = [
    ['/covalent', ctx.covalent, 'ORRERY_COVALENT_API_KEY'],
    ['/opensea', ctx.opensea, 'ORRERY_OPENSEA_API_KEY'],
  ];
  for (const [path, proxy, setting] of routes) {
    app.get(
      path,
      { onRequest: ctx.authenticate, schema: { querystring: ProviderUrlQuery } },
      async (request) => {
        if (!proxy) throw new HttpError(503, `${path.slice(1)} is not configured (${setting})`);
        return (await proxy.get(request.query.url)).body;
      },
    );
  }
}

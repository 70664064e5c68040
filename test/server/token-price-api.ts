// A local HTTP server speaking CoinGecko's documented token price shape:
// GET /api/v3/simple/token_price/{platform}?contract_addresses=a,b&vs_currencies=usd,eur
//   → { "<address>": { "usd": 1.0, "eur": 0.92 } } (unpriced tokens are absent);
// an unknown platform answers 404 { "error": "platform not found" }.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TokenPriceApi {
  url: string;
  /** Prices by platform, then lowercase address, then currency. */
  market: Record<string, Record<string, Record<string, number>>>;
  /** Each request as "platform:addresses:currencies". */
  calls: string[];
  lastApiKey?: string;
  /** Answer 500 with HTML while true. */
  down: boolean;
  close(): Promise<void>;
}

export async function startTokenPriceApi(): Promise<TokenPriceApi> {
  const api: TokenPriceApi = { url: '', market: {}, calls: [], down: false, close: async () => {} };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/api\/v3\/simple\/token_price\/([a-z0-9-]+)$/.exec(url.pathname);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!match) return json(404, { error: 'not found' });
    const platform = match[1]!;
    const addresses = (url.searchParams.get('contract_addresses') ?? '').toLowerCase().split(',');
    const currencies = (url.searchParams.get('vs_currencies') ?? '').toLowerCase().split(',');
    api.calls.push(`${platform}:${addresses.join(',')}:${currencies.join(',')}`);
    api.lastApiKey = req.headers['x-cg-pro-api-key'] as string | undefined;
    if (api.down) {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html>oops</html>');
      return;
    }
    const prices = api.market[platform];
    if (!prices) return json(404, { error: 'platform not found' });
    const answer: Record<string, Record<string, number>> = {};
    for (const address of addresses) {
      const known = prices[address];
      if (!known) continue;
      answer[address] = Object.fromEntries(
        currencies.filter((c) => c in known).map((c) => [c, known[c]!]),
      );
    }
    return json(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  api.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}

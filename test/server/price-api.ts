// A local HTTP server speaking CryptoCompare's documented /data/price shape:
// GET /data/price?fsym=ETH&tsyms=USD,EUR → { "USD": 1234.5, "EUR": 1100.1 }; errors are
// { "Response": "Error", "Message": "..." }. Some symbols trigger failure modes for tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const MARKET: Record<string, Record<string, number>> = {
  ETH: { USD: 1234.5, EUR: 1100.25, JPY: 180000 },
  BNB: { USD: 310.1 },
};

export interface PriceApi {
  url: string;
  /** Requests received, as "fsym:tsyms". */
  calls: string[];
  /** Last `authorization` header received. */
  lastAuthorization?: string;
  close(): Promise<void>;
}

export async function startPriceApi(): Promise<PriceApi> {
  const api: PriceApi = { url: '', calls: [], close: async () => undefined };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/data/price') {
      res.writeHead(404).end();
      return;
    }
    const fsym = url.searchParams.get('fsym') ?? '';
    const tsyms = (url.searchParams.get('tsyms') ?? '').split(',');
    api.calls.push(`${fsym}:${tsyms.join(',')}`);
    api.lastAuthorization = req.headers.authorization;
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (fsym === 'SLOW') {
      setTimeout(() => json(200, { USD: 1 }), 1500).unref();
      return;
    }
    if (fsym === 'DOWN') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html>oops</html>');
      return;
    }
    const market = MARKET[fsym];
    if (!market) {
      json(200, {
        Response: 'Error',
        Message: `cccagg_or_exchange market does not exist for this coin pair (${fsym}-${tsyms[0]})`,
        HasWarning: false,
        Type: 2,
      });
      return;
    }
    json(200, Object.fromEntries(tsyms.filter((t) => t in market).map((t) => [t, market[t]])));
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  api.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  api.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}

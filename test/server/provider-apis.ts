// A local HTTP server speaking Covalent's (GoldRush v1) balances and OpenSea's v2 NFT shapes.
import { createServer } from 'node:http';

export const COVALENT_KEY = 'cqt_test';
export const OPENSEA_KEY = 'os_test';
export const HOLDER = '0x4bbeeb066ed09b7aed07bf39eee0460dfa261520';

export interface ProviderApis {
  url: string;
  calls: string[];
  close(): Promise<void>;
}

export async function startProviderApis(): Promise<ProviderApis> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(url.pathname + url.search);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const balances = /^\/v1\/(\d+)\/address\/([^/]+)\/balances_v2\/$/.exec(url.pathname);
    if (balances) {
      if (req.headers.authorization !== `Bearer ${COVALENT_KEY}`) {
        json(401, { data: null, error: true, error_message: 'Invalid API key', error_code: 401 });
      } else if (balances[2] === 'boom') {
        json(500, { data: null, error: true, error_message: 'Internal error', error_code: 500 });
      } else if (!/^0x[0-9a-fA-F]{40}$/.test(balances[2] ?? '')) {
        json(400, {
          data: null,
          error: true,
          error_message: `Malformed address provided: ${balances[2]}`,
          error_code: 400,
        });
      } else {
        json(200, {
          data: {
            address: balances[2],
            chain_id: Number(balances[1]),
            items: [
              {
                contract_decimals: 18,
                contract_name: 'Dai Stablecoin',
                contract_ticker_symbol: 'DAI',
                contract_address: '0x6b175474e89094c44da98b954eedeac495271d0f',
                type: 'stablecoin',
                balance: '2500000000000000000',
                quote_rate: 1.0,
              },
            ],
          },
          error: false,
          error_message: null,
          error_code: null,
        });
      }
      return;
    }
    const nft = /^\/api\/v2\/chain\/ethereum\/contract\/([^/]+)\/nfts\/(\d+)$/.exec(url.pathname);
    if (nft) {
      if (req.headers['x-api-key'] !== OPENSEA_KEY) json(401, { detail: 'Invalid API key' });
      else if (nft[2] === '404') json(404, { errors: ['NFT not found'] });
      else {
        json(200, {
          nft: {
            identifier: nft[2],
            collection: 'boredapeyachtclub',
            contract: nft[1],
            token_standard: 'erc721',
            name: `#${nft[2]}`,
            description: null,
            image_url: 'https://img.example/ape.png',
          },
        });
      }
      return;
    }
    json(404, { detail: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

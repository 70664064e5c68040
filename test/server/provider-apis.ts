// A local HTTP server speaking Covalent's (GoldRush v1) balances_v2 / balances_nft and OpenSea's
// v2 NFT shapes.
import { createServer } from 'node:http';

export const COVALENT_KEY = 'cqt_test';
export const OPENSEA_KEY = 'os_test';
export const HOLDER = '0x4bbeeb066ed09b7aed07bf39eee0460dfa261520';

export const DAI = '0x6b175474e89094c44da98b954eedeac495271d0f';
export const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const APES = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';
export const BADGES = '0x76be3b62873462d2142405439777e971754e8e77';

/** How the Covalent stand-in treats one (lowercased) address: answer 500, or too slowly. */
export type AddressFault = 'error' | 'slow';

export interface ProviderApis {
  url: string;
  calls: string[];
  faults: Map<string, AddressFault>;
  /** How long a 'slow' address waits before answering. */
  slowMs: number;
  close(): Promise<void>;
}

const envelope = (address: string, chainId: number, items: unknown[]) => ({
  data: { address, chain_id: chainId, updated_at: '2026-11-21T00:00:00Z', items },
  error: false,
  error_message: null,
  error_code: null,
});

/** balances_v2 rows: two ERC-20s, then rows the wallet must leave out. */
function balanceItems() {
  return [
    {
      contract_decimals: 18,
      contract_name: 'Dai Stablecoin',
      contract_ticker_symbol: 'DAI',
      contract_address: DAI,
      logo_url:
        'https://logos.covalenthq.com/tokens/1/0x6b175474e89094c44da98b954eedeac495271d0f.png',
      type: 'stablecoin',
      balance: '2500000000000000000',
      quote_rate: 1.0,
    },
    {
      contract_decimals: 6,
      contract_name: 'USD Coin',
      contract_ticker_symbol: 'USDC',
      contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      logo_url: null,
      type: 'stablecoin',
      balance: '1234567',
    },
    {
      contract_decimals: 18,
      contract_name: 'Ether',
      contract_ticker_symbol: 'ETH',
      contract_address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      native_token: true,
      type: 'cryptocurrency',
      balance: '1000000000000000000',
    },
    {
      contract_decimals: 0,
      contract_name: 'BoredApeYachtClub',
      contract_ticker_symbol: 'BAYC',
      contract_address: APES,
      type: 'nft',
      balance: '1',
    },
    {
      contract_decimals: 18,
      contract_name: 'Emptied',
      contract_ticker_symbol: 'EMP',
      contract_address: '0x1111111111111111111111111111111111111111',
      type: 'cryptocurrency',
      balance: '0',
    },
  ];
}

/** balances_nft rows: one ERC-721, one ERC-1155 without metadata, and a non-NFT contract. */
function nftItems() {
  return [
    {
      contract_name: 'BoredApeYachtClub',
      contract_ticker_symbol: 'BAYC',
      contract_address: APES,
      supports_erc: ['erc20', 'erc721'],
      type: 'nft',
      nft_data: [
        {
          token_id: '42',
          token_balance: '1',
          token_url: 'ipfs://QmeSjSinHpPnmXmspMjwiXyN6zS4E9zccariGR3jxcaWtq/42',
          external_data: {
            name: 'Ape #42',
            description: 'A bored ape',
            image: 'https://img.example/ape-42.png',
            animation_url: null,
          },
        },
      ],
    },
    {
      contract_name: 'Badges',
      contract_ticker_symbol: null,
      contract_address: BADGES,
      supports_erc: ['erc1155'],
      type: 'nft',
      nft_data: [{ token_id: '7', token_balance: '3', external_data: null }],
    },
    {
      contract_name: 'Not an NFT',
      contract_address: '0x2222222222222222222222222222222222222222',
      supports_erc: ['erc20'],
      nft_data: [{ token_id: '1', token_balance: '1' }],
    },
  ];
}

export async function startProviderApis(): Promise<ProviderApis> {
  const calls: string[] = [];
  const faults = new Map<string, AddressFault>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(url.pathname + url.search);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const holdings = /^\/v1\/(\d+)\/address\/([^/]+)\/(balances_v2|balances_nft)\/$/.exec(
      url.pathname,
    );
    const fault = holdings ? faults.get((holdings[2] ?? '').toLowerCase()) : undefined;
    if (holdings && fault === 'slow' && req.headers.authorization === `Bearer ${COVALENT_KEY}`) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        json(200, envelope(holdings[2] ?? '', Number(holdings[1]), []));
      }, apis.slowMs);
      timers.add(timer);
      return;
    }
    if (holdings?.[3] === 'balances_nft') {
      if (req.headers.authorization !== `Bearer ${COVALENT_KEY}`)
        json(401, { data: null, error: true, error_message: 'Invalid API key', error_code: 401 });
      else if (fault === 'error')
        json(500, { data: null, error: true, error_message: 'Internal error', error_code: 500 });
      else json(200, envelope(holdings[2] ?? '', Number(holdings[1]), nftItems()));
      return;
    }
    const balances = holdings;
    if (balances) {
      if (req.headers.authorization !== `Bearer ${COVALENT_KEY}`) {
        json(401, { data: null, error: true, error_message: 'Invalid API key', error_code: 401 });
      } else if (balances[2] === 'boom' || fault === 'error') {
        json(500, { data: null, error: true, error_message: 'Internal error', error_code: 500 });
      } else if (!/^0x[0-9a-fA-F]{40}$/.test(balances[2] ?? '')) {
        json(400, {
          data: null,
          error: true,
          error_message: `Malformed address provided: ${balances[2]}`,
          error_code: 400,
        });
      } else {
        json(200, envelope(balances[2] ?? '', Number(balances[1]), balanceItems()));
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
  // Requests arrive only after this object exists, so the handler can read apis.slowMs.
  const apis: ProviderApis = {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    calls,
    faults,
    slowMs: 3000,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return apis;
}

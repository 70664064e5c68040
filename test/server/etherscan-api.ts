// A local HTTP server speaking Etherscan's documented v2 `account/txlist` shape.
import { createServer } from 'node:http';

export const RICH = '0x4bbeeb066ed09b7aed07bf39eee0460dfa261520';
export const EMPTY = '0x0000000000000000000000000000000000000001';
export const SLOW = '0x0000000000000000000000000000000000000002';

// Two entries in Etherscan's field layout (strings throughout), newest first.
const TXS = [
  {
    blockNumber: '14923692',
    timeStamp: '1654646411',
    hash: '0xc9fd2f5d6d1d4b8b8a3d8f0e40a9a3cb0b9a7a7f5f2d0c1e2f3a4b5c6d7e8f90',
    nonce: '7',
    blockHash: '0x7e1638fd2c6bdd05ffd83c1cf06c63e2f67d0f802084bef076d06bdcf86d1bb0',
    transactionIndex: '61',
    from: '0x4BBEEB066ED09B7AED07BF39EEE0460DFA261520',
    to: '0x912fd21d7a69678227fe6d08c64222db41477ba0',
    value: '0',
    gas: '46810',
    gasPrice: '64619178830',
    isError: '1',
    txreceipt_status: '0',
    input: '0xa9059cbb',
    contractAddress: '',
    cumulativeGasUsed: '4368143',
    gasUsed: '30206',
    confirmations: '122456',
    methodId: '0xa9059cbb',
    functionName: 'transfer(address _to, uint256 _value)',
  },
  {
    blockNumber: '14923678',
    timeStamp: '1654646036',
    hash: '0xd7b3ee3df4ae5f4cce1f5b4bcd7d4b1b4b7a0c9c2d6a3f2a9c5d6c4a1b2c3d4e',
    nonce: '6',
    blockHash: '0x6d88c1a8b2a0e4b2f4f8d9a8c9a7c2f4f8d9a8c9a7c2f4f8d9a8c9a7c2f4f8d9',
    transactionIndex: '12',
    from: '0x912fd21d7a69678227fe6d08c64222db41477ba0',
    to: '0x4bbeeb066ed09b7aed07bf39eee0460dfa261520',
    value: '1000000000000000000',
    gas: '21000',
    gasPrice: '30000000000',
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: '1209542',
    gasUsed: '21000',
    confirmations: '122470',
    methodId: '0x',
    functionName: '',
  },
];

export interface EtherscanApi {
  url: string;
  queries: URLSearchParams[];
  close(): Promise<void>;
}

export async function startEtherscanApi(apiKey: string): Promise<EtherscanApi> {
  const queries: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    queries.push(q);
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (
      url.pathname !== '/v2/api' ||
      q.get('module') !== 'account' ||
      q.get('action') !== 'txlist'
    ) {
      json({ status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Module name' });
    } else if (q.get('apikey') !== apiKey) {
      json({ status: '0', message: 'NOTOK', result: 'Invalid API Key (#err2)|v2' });
    } else if (q.get('address') === SLOW) {
      setTimeout(() => json({ status: '1', message: 'OK', result: [] }), 1500).unref();
    } else if (q.get('address') === RICH && q.get('chainid') === '1') {
      json({ status: '1', message: 'OK', result: TXS.slice(0, Number(q.get('offset') ?? 10000)) });
    } else {
      json({ status: '0', message: 'No transactions found', result: [] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v2/api`,
    queries,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Block-explorer history through an Etherscan-compatible API (v2, one host for all chains):
// GET {baseUrl}?chainid=1&module=account&action=txlist&address=0x..&sort=desc&page=1&offset=N
// → { status: '1', message: 'OK', result: [tx...] }; 'No transactions found' is status '0'
// with an empty array; errors are status '0' with a string result.
import type { ExplorerTransaction } from '../../shared/api';
import { createBoundedCache, type BoundedCache } from '../cache';
import { HttpError } from '../errors';
import { fetchJson } from '../http-json';

export interface ExplorerSource {
  transactions(chainId: number, address: string): Promise<ExplorerTransaction[]>;
}

interface EtherscanTx {
  hash?: string;
  blockNumber?: string;
  timeStamp?: string;
  from?: string;
  to?: string;
  value?: string;
  nonce?: string;
  gas?: string;
  gasPrice?: string;
  gasUsed?: string;
  isError?: string;
  txreceipt_status?: string;
  contractAddress?: string;
  functionName?: string;
}

function normalize(tx: EtherscanTx): ExplorerTransaction | null {
  if (!tx.hash || !tx.from || !tx.blockNumber || !tx.timeStamp) return null;
  const failed = tx.isError === '1' || tx.txreceipt_status === '0';
  return {
    hash: tx.hash.toLowerCase(),
    block_number: Number(tx.blockNumber),
    created_at: new Date(Number(tx.timeStamp) * 1000).toISOString(),
    from: tx.from.toLowerCase(),
    to: tx.to ? tx.to.toLowerCase() : null,
    value: tx.value ?? '0',
    nonce: tx.nonce ?? '',
    gas: tx.gas ?? '',
    gasPrice: tx.gasPrice ?? '',
    gas_used: tx.gasUsed ?? '',
    status: failed ? 'failed' : 'confirmed',
    contract_address: tx.contractAddress ? tx.contractAddress.toLowerCase() : null,
    function_name: tx.functionName || null,
  };
}

export class EtherscanSource implements ExplorerSource {
  private readonly cache: BoundedCache<ExplorerTransaction[]>;

  constructor(
    private readonly options: {
      baseUrl: string;
      apiKey?: string;
      timeoutMs: number;
      cacheMs: number;
      cacheMaxEntries?: number;
      pageSize: number;
    },
    now?: () => number,
  ) {
    this.cache = createBoundedCache({
      ttlMs: options.cacheMs,
      maxEntries: options.cacheMaxEntries,
      now,
    });
  }

  async transactions(chainId: number, address: string): Promise<ExplorerTransaction[]> {
    const key = `${chainId}:${address}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const url = new URL(this.options.baseUrl);
    const params = {
      chainid: String(chainId),
      module: 'account',
      action: 'txlist',
      address,
      startblock: '0',
      endblock: '99999999',
      page: '1',
      offset: String(this.options.pageSize),
      sort: 'desc',
      ...(this.options.apiKey ? { apikey: this.options.apiKey } : {}),
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const answer = await fetchJson(
      'Block explorer',
      url,
      { headers: { accept: 'application/json' } },
      this.options.timeoutMs,
    );
    if (answer.status < 200 || answer.status > 299)
      throw new HttpError(502, `Block explorer answered ${answer.status}`);
    const body = (answer.body ?? {}) as { status?: string; message?: string; result?: unknown };
    let txs: ExplorerTransaction[];
    if (Array.isArray(body.result) && (body.status === '1' || body.result.length === 0)) {
      txs = (body.result as EtherscanTx[])
        .map(normalize)
        .filter((t): t is ExplorerTransaction => t !== null);
    } else {
      const detail =
        typeof body.result === 'string' ? body.result : (body.message ?? 'unexpected answer');
      throw new HttpError(502, `Block explorer error: ${detail}`);
    }
    this.cache.set(key, txs);
    return txs;
  }
}

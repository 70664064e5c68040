/**
 * A local HTTP server speaking the gas API's documented shapes: GET /networks/<chain_id>/
 * suggestedGasFees (MetaMask's fee-market answer) and /networks/<chain_id>/gasPrices
 * (SafeGasPrice/ProposeGasPrice/FastGasPrice). Tests steer it: failures, delay, and it records
 * every request and the most requests it served at once.
 */
import { createServer, type Server } from 'node:http';

/** An answer in the shape MetaMask's gas API documents, including fields the wallet ignores. */
export const FEE_MARKET_SAMPLE = {
  low: {
    suggestedMaxPriorityFeePerGas: '0.05',
    suggestedMaxFeePerGas: '16.863362592',
    minWaitTimeEstimate: 15000,
    maxWaitTimeEstimate: 30000,
  },
  medium: {
    suggestedMaxPriorityFeePerGas: '0.1',
    suggestedMaxFeePerGas: '21.02',
    minWaitTimeEstimate: 15000,
    maxWaitTimeEstimate: 45000,
  },
  high: {
    suggestedMaxPriorityFeePerGas: '0.3',
    suggestedMaxFeePerGas: '26.5',
    minWaitTimeEstimate: 15000,
    maxWaitTimeEstimate: 60000,
  },
  estimatedBaseFee: '16.813362592',
  networkCongestion: 0.35,
  latestPriorityFeeRange: ['0.01', '2'],
  historicalPriorityFeeRange: ['0.001', '50'],
  historicalBaseFeeRange: ['12.1', '20.4'],
  priorityFeeTrend: 'down',
  baseFeeTrend: 'up',
};

export const LEGACY_SAMPLE = { SafeGasPrice: '12', ProposeGasPrice: '14', FastGasPrice: '18' };

export interface GasApiServer {
  baseUrl: string;
  feeMarketUrl: string;
  legacyUrl: string;
  /** Paths requested, in order. */
  requests: string[];
  maxConcurrent: number;
  /** How the fee-market endpoint answers. */
  mode: 'ok' | 'fail' | 'malformed';
  /** How the legacy endpoint answers. */
  legacyMode: 'ok' | 'fail' | 'malformed';
  delayMs: number;
  close(): Promise<void>;
}

export async function startGasApiServer(): Promise<GasApiServer> {
  let active = 0;
  const state = {
    requests: [] as string[],
    maxConcurrent: 0,
    mode: 'ok' as GasApiServer['mode'],
    legacyMode: 'ok' as GasApiServer['legacyMode'],
    delayMs: 0,
  };
  const server: Server = createServer((req, res) => {
    active += 1;
    state.maxConcurrent = Math.max(state.maxConcurrent, active);
    state.requests.push(req.url ?? '');
    setTimeout(() => {
      active -= 1;
      const match = /^\/networks\/(\d+)\/(suggestedGasFees|gasPrices)$/.exec(req.url ?? '');
      const mode = match?.[2] === 'gasPrices' ? state.legacyMode : state.mode;
      if (!match || mode === 'fail') {
        res.writeHead(match ? 500 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'unavailable' }));
        return;
      }
      const body =
        mode === 'malformed'
          ? { unexpected: true }
          : match[2] === 'suggestedGasFees'
            ? FEE_MARKET_SAMPLE
            : LEGACY_SAMPLE;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }, state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    baseUrl,
    feeMarketUrl: `${baseUrl}/networks/<chain_id>/suggestedGasFees`,
    legacyUrl: `${baseUrl}/networks/<chain_id>/gasPrices`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

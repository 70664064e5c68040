/**
 * Adapter for an external gas API (spec part 2 §7): a fee-market endpoint answering MetaMask's
 * `suggestedGasFees` shape and a legacy endpoint answering SafeGasPrice/ProposeGasPrice/
 * FastGasPrice (flat, or inside an Etherscan-style `result`). The chain id is substituted into
 * the URL where it says `<chain_id>`, in decimal, e.g. https://gas.example/networks/<chain_id>/suggestedGasFees.
 */
import type { FeeMarketEstimates, FeeMarketTier, LegacyEstimates } from './gas-types';
import { FEE_SPEEDS } from './gas-types';
import { isDecimalString } from './units';

export interface GasApiOptions {
  /** Fee-market endpoint template; omitted: no fee-market API. */
  feeMarketUrl?: string;
  /** Legacy endpoint template; omitted: no legacy API. */
  legacyUrl?: string;
  fetchFn?: typeof fetch;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
}

export const CHAIN_ID_PLACEHOLDER = '<chain_id>';

/** The URL for one chain: `<chain_id>` replaced by the decimal chain id. */
export function gasApiUrl(template: string, chainId: `0x${string}` | number): string {
  const decimal = typeof chainId === 'number' ? chainId : Number.parseInt(chainId, 16);
  return template.split(CHAIN_ID_PLACEHOLDER).join(String(decimal));
}

export class GasApiClient {
  readonly #options: GasApiOptions;

  constructor(options: GasApiOptions) {
    this.#options = options;
  }

  get hasFeeMarketApi(): boolean {
    return Boolean(this.#options.feeMarketUrl);
  }

  get hasLegacyApi(): boolean {
    return Boolean(this.#options.legacyUrl);
  }

  async fetchFeeMarketEstimates(chainId: `0x${string}`): Promise<FeeMarketEstimates> {
    if (!this.#options.feeMarketUrl) throw new Error('No fee-market gas API is configured.');
    return parseFeeMarketResponse(
      await this.#getJson(gasApiUrl(this.#options.feeMarketUrl, chainId)),
    );
  }

  async fetchLegacyEstimates(chainId: `0x${string}`): Promise<LegacyEstimates> {
    if (!this.#options.legacyUrl) throw new Error('No legacy gas API is configured.');
    return parseLegacyResponse(await this.#getJson(gasApiUrl(this.#options.legacyUrl, chainId)));
  }

  async #getJson(url: string): Promise<unknown> {
    const fetchFn = this.#options.fetchFn ?? fetch;
    const response = await fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`Gas API ${url} answered HTTP ${response.status}.`);
    return response.json();
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseTier(value: unknown, speed: string): FeeMarketTier {
  if (!isRecord(value)) throw new Error(`Gas API: missing the ${speed} tier.`);
  const {
    suggestedMaxPriorityFeePerGas,
    suggestedMaxFeePerGas,
    minWaitTimeEstimate,
    maxWaitTimeEstimate,
  } = value;
  if (!isDecimalString(suggestedMaxPriorityFeePerGas) || !isDecimalString(suggestedMaxFeePerGas)) {
    throw new Error(`Gas API: the ${speed} tier has no valid fees.`);
  }
  if (typeof minWaitTimeEstimate !== 'number' || typeof maxWaitTimeEstimate !== 'number') {
    throw new Error(`Gas API: the ${speed} tier has no valid wait times.`);
  }
  return {
    suggestedMaxPriorityFeePerGas: suggestedMaxPriorityFeePerGas.trim(),
    suggestedMaxFeePerGas: suggestedMaxFeePerGas.trim(),
    minWaitTimeEstimate,
    maxWaitTimeEstimate,
  };
}

/** Keeps the fields the wallet uses and refuses anything malformed. */
export function parseFeeMarketResponse(body: unknown): FeeMarketEstimates {
  if (!isRecord(body)) throw new Error('Gas API: the fee-market answer is not an object.');
  if (!isDecimalString(body.estimatedBaseFee))
    throw new Error('Gas API: no valid estimatedBaseFee.');
  const [low, medium, high] = FEE_SPEEDS.map((speed) => parseTier(body[speed], speed)) as [
    FeeMarketTier,
    FeeMarketTier,
    FeeMarketTier,
  ];
  return { low, medium, high, estimatedBaseFee: body.estimatedBaseFee.trim() };
}

export function parseLegacyResponse(body: unknown): LegacyEstimates {
  const fields = isRecord(body) && isRecord(body.result) ? body.result : body;
  if (!isRecord(fields)) throw new Error('Gas API: the legacy answer is not an object.');
  const { SafeGasPrice, ProposeGasPrice, FastGasPrice } = fields;
  if (
    !isDecimalString(SafeGasPrice) ||
    !isDecimalString(ProposeGasPrice) ||
    !isDecimalString(FastGasPrice)
  ) {
    throw new Error(
      'Gas API: the legacy answer lacks SafeGasPrice, ProposeGasPrice or FastGasPrice.',
    );
  }
  return { low: SafeGasPrice.trim(), medium: ProposeGasPrice.trim(), high: FastGasPrice.trim() };
}

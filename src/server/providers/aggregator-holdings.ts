// Token balances and NFTs of an address from a Covalent-style aggregator (GoldRush v1
// balances_v2 / balances_nft), normalised to the wallet's detected-token and Collectible shapes.
// Calls go through the configured UpstreamProxy, which adds the key, caps, times out and caches.
import { HttpError } from '../errors';
import type { UpstreamProxy } from '../proxy/upstream-proxy';
import { isAddress } from '../../shared/primitives';

/** The wallet's detected-token shape (spec part 2 §3). */
export interface DetectedToken {
  tokenAddress: string;
  name: string;
  symbol: string;
  decimals: number;
  /** 0x-hex of the raw (smallest unit) balance. */
  balance: string;
  logo: string | null;
  erc20: true;
  network: string;
  isCovalent: true;
}

/** The spec's Collectible shape (part 2 §3), plus where it came from. */
export interface Collectible {
  address: string;
  tokenId: string;
  name: string;
  image: string | null;
  description: string | null;
  standard: 'ERC721' | 'ERC1155';
  /** Decimal count held; null when unknown (a custom NFT the aggregator did not list). */
  tokenBalance: string | null;
  collectibleIndex: string;
  video: string | null;
  network: string;
  /** Id of the caller's custom NFT row when the entry comes from POST /customnft. */
  customNftId?: number;
}

interface BalanceItem {
  contract_address?: unknown;
  contract_name?: unknown;
  contract_ticker_symbol?: unknown;
  contract_decimals?: unknown;
  balance?: unknown;
  logo_url?: unknown;
  type?: unknown;
  native_token?: unknown;
}

interface NftItem {
  contract_address?: unknown;
  contract_name?: unknown;
  supports_erc?: unknown;
  nft_data?: unknown;
}

interface NftData {
  token_id?: unknown;
  token_balance?: unknown;
  external_data?: {
    name?: unknown;
    image?: unknown;
    description?: unknown;
    animation_url?: unknown;
  } | null;
}

const UINT = /^[0-9]{1,78}$/;
// Covalent lists the chain's native coin under this placeholder address; it is no ERC-20.
const NATIVE_PLACEHOLDER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** data.items of an aggregator answer, or a 502: a malformed answer is the provider's fault. */
function itemsOf(body: unknown, service: string): unknown[] {
  const items = (body as { data?: { items?: unknown } } | null)?.data?.items;
  if (!Array.isArray(items)) throw new HttpError(502, `${service} answer has no data.items`);
  return items;
}

/** Non-zero ERC-20 holdings; native coins, NFTs and malformed rows are left out. */
export function toDetectedTokens(items: unknown[], network: string): DetectedToken[] {
  const tokens: DetectedToken[] = [];
  for (const raw of items) {
    const item = (raw ?? {}) as BalanceItem;
    const address = text(item.contract_address);
    if (!isAddress(address)) continue;
    if (address.toLowerCase() === NATIVE_PLACEHOLDER || item.native_token === true) continue;
    if (item.type === 'nft') continue;
    const balance = text(item.balance);
    if (!balance || !UINT.test(balance) || BigInt(balance) === 0n) continue;
    const decimals = item.contract_decimals;
    if (
      typeof decimals !== 'number' ||
      !Number.isInteger(decimals) ||
      decimals < 0 ||
      decimals > 36
    )
      continue;
    const symbol = text(item.contract_ticker_symbol) ?? '';
    tokens.push({
      tokenAddress: address.toLowerCase(),
      name: text(item.contract_name) ?? symbol,
      symbol,
      decimals,
      balance: `0x${BigInt(balance).toString(16)}`,
      logo: text(item.logo_url),
      erc20: true,
      network,
      isCovalent: true,
    });
  }
  return tokens;
}

function standardOf(supports: unknown): Collectible['standard'] | undefined {
  if (!Array.isArray(supports)) return undefined;
  const names = supports.map((s) => String(s).toLowerCase());
  if (names.includes('erc1155')) return 'ERC1155';
  if (names.includes('erc721')) return 'ERC721';
  return undefined;
}

/** One Collectible per held token id of ERC-721/1155 contracts; malformed rows are left out. */
export function toCollectibles(items: unknown[], network: string): Collectible[] {
  const collectibles: Collectible[] = [];
  for (const raw of items) {
    const item = (raw ?? {}) as NftItem;
    const address = text(item.contract_address)?.toLowerCase();
    const standard = standardOf(item.supports_erc);
    if (!isAddress(address) || !standard || !Array.isArray(item.nft_data)) continue;
    for (const entry of item.nft_data as NftData[]) {
      const tokenId = text(entry?.token_id);
      if (!tokenId || !UINT.test(tokenId)) continue;
      const held = text(entry.token_balance);
      if (held !== null && (!UINT.test(held) || BigInt(held) === 0n)) continue;
      const external = entry.external_data ?? {};
      collectibles.push({
        address,
        tokenId,
        name: text(external.name) ?? `${text(item.contract_name) ?? 'NFT'} #${tokenId}`,
        image: text(external.image),
        description: text(external.description),
        standard,
        // An ERC-721 row without a balance is one token.
        tokenBalance: held ?? (standard === 'ERC721' ? '1' : null),
        collectibleIndex: `${address}_${tokenId}`,
        video: text(external.animation_url),
        network,
      });
    }
  }
  return collectibles;
}

/** Reads one address's holdings on one chain through the aggregator's v1 API. */
export class AggregatorHoldings {
  constructor(
    private readonly proxy: UpstreamProxy,
    /** The API base the proxy allows, e.g. https://api.covalenthq.com/v1/ */
    private readonly baseUrl: string,
    private readonly service = 'Covalent',
  ) {}

  private async items(chainId: number, address: string, endpoint: string): Promise<unknown[]> {
    const base = this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`;
    const url = `${base}${chainId}/address/${address.toLowerCase()}/${endpoint}/`;
    return itemsOf((await this.proxy.get(url)).body, this.service);
  }

  async tokenBalances(chainId: number, address: string, network: string): Promise<DetectedToken[]> {
    return toDetectedTokens(await this.items(chainId, address, 'balances_v2'), network);
  }

  async nfts(chainId: number, address: string, network: string): Promise<Collectible[]> {
    return toCollectibles(await this.items(chainId, address, 'balances_nft'), network);
  }
}

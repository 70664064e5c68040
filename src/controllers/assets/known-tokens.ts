/**
 * The known-token lists detection starts from, per chain: data, not code. The engine can be given
 * lists (white-label config); by default Ethereum mainnet uses MetaMask's curated contract map
 * (@metamask/contract-metadata, its ERC-20 entries), and chains whose native coin is also an
 * ERC-20 (Polygon's 0x…1010, Celo) list that contract. The lists live here, outside controller
 * state: they are large and never change while the wallet runs.
 */
import { type Hex, isAddress } from '../../shared/primitives';
import nativeErc20Tokens from './data/native-erc20-tokens.json';

export type KnownToken = {
  /** Lowercase 0x address. */
  address: Hex;
  symbol: string;
  name: string;
  decimals: number;
  /** An image URL or a path under the app (the views serve it); null when the list has none. */
  logo: string | null;
};

/** Lists by lowercase 0x chain id; a chain given here replaces the built-in list for it. */
export type KnownTokenLists = Partial<Record<Hex, readonly KnownToken[]>>;

const MAINNET: Hex = '0x1';
/** Where the views serve @metamask/contract-metadata's images (its `images/` folder). */
export const CONTRACT_METADATA_IMAGE_PATH = 'images/contract/';

type ContractMapEntry = {
  name?: string;
  symbol?: string;
  decimals?: number;
  logo?: string;
  erc20?: boolean;
};

/** The ERC-20 entries of @metamask/contract-metadata, loaded on first use (its own chunk). */
async function loadMainnetList(): Promise<KnownToken[]> {
  const { default: map } = (await import('@metamask/contract-metadata/contract-map.json')) as {
    default: Record<string, ContractMapEntry>;
  };
  const tokens: KnownToken[] = [];
  for (const [address, entry] of Object.entries(map)) {
    if (!entry.erc20 || typeof entry.symbol !== 'string') continue;
    tokens.push({
      address: address.toLowerCase() as Hex,
      symbol: entry.symbol,
      name: entry.name ?? entry.symbol,
      decimals: typeof entry.decimals === 'number' ? entry.decimals : 18,
      logo: entry.logo ? `${CONTRACT_METADATA_IMAGE_PATH}${entry.logo}` : null,
    });
  }
  return tokens;
}

/** The native coin's own ERC-20 contract on chains that have one (spec part 2 §9). */
export function nativeErc20Token(chainId: Hex): KnownToken | undefined {
  const entry = (nativeErc20Tokens as Record<string, Omit<KnownToken, 'logo'>>)[chainId];
  return entry ? { ...entry, address: entry.address.toLowerCase() as Hex, logo: null } : undefined;
}

/** The known tokens of each chain by lowercase address, loaded once per chain. */
export class KnownTokenRegistry {
  readonly #configured: KnownTokenLists;
  readonly #loaded = new Map<string, Promise<ReadonlyMap<string, KnownToken>>>();

  constructor(configured: KnownTokenLists = {}) {
    this.#configured = configured;
  }

  forChain(chainId: Hex): Promise<ReadonlyMap<string, KnownToken>> {
    const key = chainId.toLowerCase();
    let list = this.#loaded.get(key);
    if (!list) {
      list = this.#load(key as Hex).catch((error: unknown) => {
        console.warn(`Known tokens of chain ${key} could not be loaded`, error);
        this.#loaded.delete(key);
        return new Map<string, KnownToken>();
      });
      this.#loaded.set(key, list);
    }
    return list;
  }

  async #load(chainId: Hex): Promise<ReadonlyMap<string, KnownToken>> {
    const given = this.#configured[chainId];
    const tokens = given ? [...given] : chainId === MAINNET ? await loadMainnetList() : [];
    const native = nativeErc20Token(chainId);
    if (native) tokens.push(native);
    return new Map(tokens.map((token) => [token.address.toLowerCase(), token]));
  }
}

/**
 * Known-token lists from configuration (config.json): entries that are not a token with a valid
 * address, a 1–20 character symbol and decimals from 0 to 36 are left out; chain ids are
 * normalised to lowercase hex.
 */
export function parseKnownTokenLists(raw: unknown): KnownTokenLists {
  const lists: Record<Hex, KnownToken[]> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return lists;
  for (const [chainId, entries] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^0x[0-9a-f]{1,16}$/iu.test(chainId) || !Array.isArray(entries)) continue;
    const chain = `0x${BigInt(chainId).toString(16)}` as Hex;
    lists[chain] = entries.flatMap((entry: unknown) => {
      const token = (entry ?? {}) as Record<string, unknown>;
      const { address, symbol, name, decimals, logo } = token;
      const valid =
        isAddress(address) &&
        typeof symbol === 'string' &&
        symbol.trim().length >= 1 &&
        symbol.trim().length <= 20 &&
        typeof decimals === 'number' &&
        Number.isInteger(decimals) &&
        decimals >= 0 &&
        decimals <= 36;
      if (!valid) return [];
      return [
        {
          address: address.toLowerCase() as Hex,
          symbol: symbol.trim(),
          name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : symbol.trim(),
          decimals,
          logo: typeof logo === 'string' && /^(https?:\/\/|images\/)/u.test(logo) ? logo : null,
        },
      ];
    });
  }
  return lists;
}

/**
 * The known-token lists detection starts from, per chain: data, not code. The engine can be given
 * lists (white-label config); by default Ethereum mainnet uses MetaMask's curated contract map
 * (@metamask/contract-metadata, its ERC-20 entries), and chains whose native coin is also an
 * ERC-20 (Polygon's 0x…1010, Celo) list that contract. The lists live here, outside controller
 * state: they are large and never change while the wallet runs.
 */
import type { Hex } from '../../shared/primitives';
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

import type { Hex } from '../shared/primitives';
import { LOCALHOST_NETWORK, type ProviderConfig } from '../shared/networks';
import { parseKnownTokenLists } from '../controllers/assets/known-tokens';
import type { AssetsOptions } from './engine/build-controllers';

/** Settings the server hands the wallet at run time (`config.json` beside the app). */
export interface RuntimeConfig {
  network: ProviderConfig;
  /** The backend API's base URL. */
  apiUrl: string | null;
  /** The white-label configuration as written; the engine's WhiteLabelController checks it. */
  whiteLabel?: unknown;
  /** Token detection settings a deployment may give: its known-token lists, an IPFS gateway. */
  assets: Pick<AssetsOptions, 'knownTokens' | 'ipfsGateway'>;
}

/**
 * What `config.json` holds, as the server writes it: the network's RPC URL and chain id, any other
 * provider settings (the rest come from the local development chain), and the backend's URL.
 */
export interface RuntimeConfigFile {
  network: Partial<ProviderConfig> & Pick<ProviderConfig, 'rpcUrl' | 'chainId'>;
  apiUrl: string | null;
  /** Name, logos, colours, default language and feature flags (src/shared/white-label.ts). */
  whiteLabel?: unknown;
  assets?: { knownTokens?: unknown; ipfsGateway?: unknown };
}

/** A chain id as hex or a positive integer, in the network controller's form (lowercase, no leading zeros). */
function toChainId(value: unknown): Hex | undefined {
  let id: bigint | undefined;
  if (typeof value === 'string' && /^0x[0-9a-f]+$/iu.test(value)) id = BigInt(value);
  else if (typeof value === 'number' && Number.isSafeInteger(value)) id = BigInt(value);
  return id !== undefined && id > 0n ? `0x${id.toString(16)}` : undefined;
}

/** Parses a runtime config; missing or malformed parts fall back to the local development chain. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const input = (raw && typeof raw === 'object' ? raw : {}) as {
    network?: Partial<ProviderConfig>;
    apiUrl?: unknown;
    whiteLabel?: unknown;
    assets?: { knownTokens?: unknown; ipfsGateway?: unknown };
  };
  const { ipfsGateway, knownTokens } = input.assets ?? {};
  const network = input.network ?? {};
  const chainId = toChainId(network.chainId) ?? LOCALHOST_NETWORK.chainId;
  return {
    network: {
      ...LOCALHOST_NETWORK,
      ...network,
      chainId,
      rpcUrl: typeof network.rpcUrl === 'string' ? network.rpcUrl : LOCALHOST_NETWORK.rpcUrl,
    },
    apiUrl: typeof input.apiUrl === 'string' ? input.apiUrl : null,
    whiteLabel: input.whiteLabel,
    assets: {
      ...(knownTokens !== undefined ? { knownTokens: parseKnownTokenLists(knownTokens) } : {}),
      ...(typeof ipfsGateway === 'string' && /^https?:\/\/[^\s]+$/u.test(ipfsGateway)
        ? { ipfsGateway }
        : {}),
    },
  };
}

export async function readRuntimeConfig(url: URL): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    console.warn(`Orrery: no usable ${url.pathname}; using the local development chain`, error);
    return parseRuntimeConfig(null);
  }
}

// ENS forward resolution over JSON-RPC: registry.resolver(namehash) then resolver.addr(namehash),
// encoded and decoded with viem's ABI coder; names normalised per ENSIP-15 before hashing.
import { decodeFunctionResult, encodeFunctionData, zeroAddress } from 'viem';

import type { Hex } from '../../shared/primitives';
import { namehash, normalize } from 'viem/ens';
import { badRequest } from '../errors';
import { createBoundedCache, type BoundedCache } from '../cache';
import { ethCall } from './eth-call';

/** The ENS registry on Ethereum mainnet (and most test networks). */
export const ENS_REGISTRY = '0x00000000000c2e074ec69a0dfb2997ba6c7d2e1e';

const REGISTRY_ABI = [
  {
    type: 'function',
    name: 'resolver',
    stateMutability: 'view',
    inputs: [{ name: 'node', type: 'bytes32' }],
    outputs: [{ name: '', type: 'address' }],
  },
] as const;
const RESOLVER_ABI = [
  {
    type: 'function',
    name: 'addr',
    stateMutability: 'view',
    inputs: [{ name: 'node', type: 'bytes32' }],
    outputs: [{ name: '', type: 'address' }],
  },
] as const;

/**
 * The ENSIP-15 normalised form of a name (e.g. 'Orrery.ETH' → 'orrery.eth'); 400 naming the
 * reason for a name that has none (disallowed characters, mixed scripts, bad hyphens, ...).
 */
export function normalizeName(name: string): string {
  try {
    return normalize(name);
  } catch (err) {
    throw badRequest(`querystring.key is not a valid name: ${(err as Error).message}`);
  }
}

export { namehash };

export interface NameResolver {
  /** The lowercased address a normalised name points to, or null when it has none. */
  resolve(name: string): Promise<string | null>;
}

/** A 32-byte ABI word read as an address; null for zero or an empty answer (no contract). */
function addressResult(abi: typeof REGISTRY_ABI | typeof RESOLVER_ABI, data: Hex): string | null {
  if (data === '0x') return null;
  const address = decodeFunctionResult({
    abi,
    functionName: abi[0].name,
    data,
  }) as string;
  return address === zeroAddress ? null : address.toLowerCase();
}

export class EnsResolver implements NameResolver {
  private readonly cache: BoundedCache<string | null>;

  constructor(
    private readonly options: {
      rpcUrl: string;
      registry?: string;
      timeoutMs: number;
      cacheMs: number;
      cacheMaxEntries?: number;
    },
    now?: () => number,
  ) {
    this.cache = createBoundedCache({
      ttlMs: options.cacheMs,
      maxEntries: options.cacheMaxEntries,
      now,
    });
  }

  async resolve(name: string): Promise<string | null> {
    const cached = this.cache.get(name);
    if (cached !== undefined) return cached;
    const node = namehash(name);
    const registry = (this.options.registry ?? ENS_REGISTRY) as Hex;
    const resolver = addressResult(
      REGISTRY_ABI,
      await this.call(
        registry,
        encodeFunctionData({ abi: REGISTRY_ABI, functionName: 'resolver', args: [node] }),
      ),
    );
    const address = resolver
      ? addressResult(
          RESOLVER_ABI,
          await this.call(
            resolver as Hex,
            encodeFunctionData({ abi: RESOLVER_ABI, functionName: 'addr', args: [node] }),
          ),
        )
      : null;
    this.cache.set(name, address);
    return address;
  }

  private async call(to: Hex, data: Hex): Promise<Hex> {
    const { rpcUrl, timeoutMs } = this.options;
    return (await ethCall({ rpcUrl, timeoutMs, service: 'ENS' }, to, data)) as Hex;
  }
}

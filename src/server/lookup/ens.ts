// ENS forward resolution over JSON-RPC: registry.resolver(namehash) then resolver.addr(namehash).
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ethCall } from './eth-call';

/** The ENS registry on Ethereum mainnet (and most test networks). */
export const ENS_REGISTRY = '0x00000000000c2e074ec69a0dfb2997ba6c7d2e1e';
const RESOLVER_SELECTOR = '0178b8bf'; // resolver(bytes32)
const ADDR_SELECTOR = '3b3b57de'; // addr(bytes32)

/**
 * Names accepted: ASCII labels (letters, digits, hyphen), lowercased before hashing. Full
 * ENSIP-15 normalization (Unicode, emoji) is not implemented: such names are refused, not guessed.
 */
export const ENS_NAME_PATTERN =
  '^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9]{2,63}$';

/** EIP-137 namehash of a normalized name, as 0x-hex. */
export function namehash(name: string): string {
  let node: Uint8Array = new Uint8Array(32);
  if (name) {
    for (const label of name.split('.').reverse()) {
      const joined = new Uint8Array(64);
      joined.set(node);
      joined.set(keccak_256(utf8ToBytes(label)), 32);
      node = keccak_256(joined);
    }
  }
  return `0x${bytesToHex(node)}`;
}

export interface NameResolver {
  /** The lowercased address a name points to, or null when it has none. */
  resolve(name: string): Promise<string | null>;
}

export class EnsResolver implements NameResolver {
  private readonly cache = new Map<string, { expires: number; address: string | null }>();

  constructor(
    private readonly options: {
      rpcUrl: string;
      registry?: string;
      timeoutMs: number;
      cacheMs: number;
    },
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(name: string): Promise<string | null> {
    const cached = this.cache.get(name);
    if (cached && cached.expires > this.now()) return cached.address;
    const node = namehash(name).slice(2);
    const resolver = wordToAddress(
      await this.call(this.options.registry ?? ENS_REGISTRY, RESOLVER_SELECTOR + node),
    );
    const address = resolver
      ? wordToAddress(await this.call(resolver, ADDR_SELECTOR + node))
      : null;
    this.cache.set(name, { expires: this.now() + this.options.cacheMs, address });
    return address;
  }

  private call(to: string, data: string): Promise<string> {
    const { rpcUrl, timeoutMs } = this.options;
    return ethCall({ rpcUrl, timeoutMs, service: 'ENS' }, to, `0x${data}`);
  }
}

/** The address in the low 20 bytes of a 32-byte ABI word; null for zero or an empty answer. */
function wordToAddress(word: string): string | null {
  const hex = word.startsWith('0x') ? word.slice(2) : word;
  if (hex.length < 64) return null; // no contract there: eth_call returns 0x
  const address = `0x${hex.slice(24, 64).toLowerCase()}`;
  return /^0x0{40}$/.test(address) ? null : address;
}

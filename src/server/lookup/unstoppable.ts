// Unstoppable Domains forward resolution on chain: one `eth_call` of the UNS ProxyReader's
// `get(string key, uint256 tokenId)` with key 'crypto.ETH.address' and tokenId = the EIP-137
// namehash of the domain (UD uses the same namehash for .crypto, .nft, .x, .wallet, ...).
// The ProxyReader answers '' for a domain without that record or without a resolver.
// Call data and answer go through viem's ABI coder.
import { decodeFunctionResult, encodeFunctionData } from 'viem';

import { type Hex, isAddress } from '../../shared/primitives';
import { createBoundedCache, type BoundedCache } from '../cache';
import { HttpError } from '../errors';
import { namehash, type NameResolver } from './ens';
import { ethCall } from './eth-call';

export const UD_ETH_RECORD = 'crypto.ETH.address';
const SERVICE = 'Unstoppable Domains';

export const PROXY_READER_ABI = [
  {
    type: 'function',
    name: 'get',
    stateMutability: 'view',
    inputs: [
      { name: 'key', type: 'string' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [{ name: 'value', type: 'string' }],
  },
] as const;

/** ABI call data of `get(key, tokenId)`, as 0x-hex. */
export function encodeGet(key: string, tokenId: Hex): Hex {
  return encodeFunctionData({
    abi: PROXY_READER_ABI,
    functionName: 'get',
    args: [key, BigInt(tokenId)],
  });
}

/** The ABI-decoded `string` answer of `get`, or throws 502. */
export function decodeString(result: Hex): string {
  if (result === '0x')
    throw new HttpError(502, `${SERVICE} reader answered no data: is it a ProxyReader?`);
  try {
    return decodeFunctionResult({ abi: PROXY_READER_ABI, functionName: 'get', data: result });
  } catch {
    throw new HttpError(502, `${SERVICE} reader answered a malformed string`);
  }
}

export class UnstoppableResolver implements NameResolver {
  private readonly cache: BoundedCache<string | null>;

  constructor(
    private readonly options: {
      rpcUrl: string;
      proxyReader: string;
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

  /** The lowercased ETH address of a normalised domain; null when it has no (valid) ETH record. */
  async resolve(name: string): Promise<string | null> {
    const cached = this.cache.get(name);
    if (cached !== undefined) return cached;
    const result = (await ethCall(
      { rpcUrl: this.options.rpcUrl, timeoutMs: this.options.timeoutMs, service: SERVICE },
      this.options.proxyReader,
      encodeGet(UD_ETH_RECORD, namehash(name)),
    )) as Hex;
    const value = decodeString(result).trim();
    // A record that is not an address (a typo, another chain's format) cannot receive ETH.
    const address = isAddress(value) && !/^0x0{40}$/.test(value) ? value.toLowerCase() : null;
    this.cache.set(name, address);
    return address;
  }
}

// Unstoppable Domains forward resolution on chain: one `eth_call` of the UNS ProxyReader's
// `get(string key, uint256 tokenId)` with key 'crypto.ETH.address' and tokenId = the EIP-137
// namehash of the domain (UD uses the same namehash for .crypto, .nft, .x, .wallet, ...).
// The ProxyReader answers '' for a domain without that record or without a resolver.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { HttpError } from '../errors';
import { namehash, type NameResolver } from './ens';
import { ethCall } from './eth-call';

export const UD_ETH_RECORD = 'crypto.ETH.address';
const SERVICE = 'Unstoppable Domains';
/** keccak256('get(string,uint256)')[0..4] */
export const GET_SELECTOR = bytesToHex(keccak_256(utf8ToBytes('get(string,uint256)'))).slice(0, 8);

const word = (value: bigint | number) => BigInt(value).toString(16).padStart(64, '0');

/** ABI call data of `get(key, tokenId)`, as 0x-hex. */
export function encodeGet(key: string, tokenId: string): string {
  const bytes = bytesToHex(utf8ToBytes(key));
  const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0');
  return `0x${GET_SELECTOR}${word(0x40)}${tokenId.replace(/^0x/, '')}${word(bytes.length / 2)}${padded}`;
}

/** The ABI-decoded single `string` return value of an eth_call, or throws 502. */
export function decodeString(result: string): string {
  const hex = result.replace(/^0x/, '');
  if (hex.length === 0)
    throw new HttpError(502, `${SERVICE} reader answered no data: is it a ProxyReader?`);
  const offset = Number.parseInt(hex.slice(0, 64), 16) * 2;
  const length = Number.parseInt(hex.slice(offset, offset + 64), 16) * 2;
  const start = offset + 64;
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || hex.length < start + length)
    throw new HttpError(502, `${SERVICE} reader answered a malformed string`);
  const bytes = Uint8Array.from(hex.slice(start, start + length).match(/../g) ?? [], (b) =>
    Number.parseInt(b, 16),
  );
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

export class UnstoppableResolver implements NameResolver {
  private readonly cache = new Map<string, { expires: number; address: string | null }>();

  constructor(
    private readonly options: {
      rpcUrl: string;
      proxyReader: string;
      timeoutMs: number;
      cacheMs: number;
    },
    private readonly now: () => number = Date.now,
  ) {}

  /** The lowercased ETH address of a domain; null when it has no (valid) ETH record. */
  async resolve(name: string): Promise<string | null> {
    const cached = this.cache.get(name);
    if (cached && cached.expires > this.now()) return cached.address;
    const result = await ethCall(
      { rpcUrl: this.options.rpcUrl, timeoutMs: this.options.timeoutMs, service: SERVICE },
      this.options.proxyReader,
      encodeGet(UD_ETH_RECORD, namehash(name)),
    );
    const value = decodeString(result).trim();
    // A record that is not an address (a typo, another chain's format) cannot receive ETH.
    const address =
      /^0x[0-9a-fA-F]{40}$/.test(value) && !/^0x0{40}$/.test(value) ? value.toLowerCase() : null;
    this.cache.set(name, { expires: this.now() + this.options.cacheMs, address });
    return address;
  }
}

/**
 * Reads of token contracts through a node: code, ERC-165 interfaces, ERC-20 metadata, balances,
 * NFT owners and metadata URIs. Each read is a `ContractRead` (target, calldata, decoder), so the
 * same read runs alone (`readOne`, one eth_call) or with hundreds of others in one Multicall3
 * call (batch-reads.ts). ABI coding is viem's; a call that reverts, has no such function or
 * answers something that does not decode reads as `undefined`, since plenty of real tokens
 * implement their standard loosely. Node failures of eth_getCode propagate.
 */
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc1155Abi,
  erc20Abi,
  erc20Abi_bytes32,
  erc721Abi,
  hexToString,
  parseAbi,
} from 'viem';

import type { Hex } from '../../shared/primitives';

import type { RpcProvider } from '../network/rpc-provider';

/** What the reads need of a provider: the network controller's, or any EIP-1193 one. */
export type ContractReader = Pick<RpcProvider, 'request'>;

/** ERC-165 interface ids of the NFT standards. */
export const INTERFACE_IDS = { erc721: '0x80ac58cd', erc1155: '0xd9b67a26' } as const;

/** One view call and how to read its answer; `decode` gives undefined for a useless answer. */
export interface ContractRead<T> {
  target: Hex;
  data: Hex;
  decode(answer: Hex): T | undefined;
}

const erc165Abi = parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']);
const metadataAbi = parseAbi([
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function uri(uint256 id) view returns (string)',
  'function name() view returns (string)',
  'function exists(uint256 id) view returns (bool)',
]);

/** The decoded answer, or undefined when it does not decode as the ABI says. */
function safely<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

export function supportsInterfaceRead(target: Hex, interfaceId: Hex): ContractRead<boolean> {
  const abi = erc165Abi;
  return {
    target,
    data: encodeFunctionData({ abi, functionName: 'supportsInterface', args: [interfaceId] }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi, functionName: 'supportsInterface', data })),
  };
}

/** An ERC-20 symbol: an ABI string, or a bytes32 as some early tokens return it. */
export function symbolRead(target: Hex): ContractRead<string> {
  return {
    target,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data })) ??
      safely(() =>
        hexToString(decodeFunctionResult({ abi: erc20Abi_bytes32, functionName: 'symbol', data }), {
          size: 32,
        }),
      ),
  };
}

/** A token or collection name: an ABI string, or a bytes32 as some early tokens return it. */
export function nameRead(target: Hex): ContractRead<string> {
  return {
    target,
    data: encodeFunctionData({ abi: metadataAbi, functionName: 'name' }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: metadataAbi, functionName: 'name', data })) ??
      safely(() =>
        hexToString(decodeFunctionResult({ abi: erc20Abi_bytes32, functionName: 'name', data }), {
          size: 32,
        }),
      ),
  };
}

/** ERC-20 decimals as the contract states them (range checks are the caller's). */
export function decimalsRead(target: Hex): ContractRead<number> {
  return {
    target,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data })),
  };
}

/** ERC-20 or ERC-721 balanceOf(owner). */
export function balanceOfRead(target: Hex, owner: Hex): ContractRead<bigint> {
  return {
    target,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data })),
  };
}

/** ERC-1155 balanceOf(owner, id). */
export function erc1155BalanceRead(target: Hex, owner: Hex, id: bigint): ContractRead<bigint> {
  return {
    target,
    data: encodeFunctionData({ abi: erc1155Abi, functionName: 'balanceOf', args: [owner, id] }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: erc1155Abi, functionName: 'balanceOf', data })),
  };
}

/** ERC-721 ownerOf(tokenId); undefined for a token that does not exist (the call reverts). */
export function ownerOfRead(target: Hex, tokenId: bigint): ContractRead<Hex> {
  return {
    target,
    data: encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: erc721Abi, functionName: 'ownerOf', data })),
  };
}

/** ERC-721 metadata extension: tokenURI(tokenId). */
export function tokenUriRead(target: Hex, tokenId: bigint): ContractRead<string> {
  return {
    target,
    data: encodeFunctionData({ abi: metadataAbi, functionName: 'tokenURI', args: [tokenId] }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: metadataAbi, functionName: 'tokenURI', data })),
  };
}

/** ERC-1155 metadata URI extension: uri(id), which may hold the `{id}` placeholder. */
export function erc1155UriRead(target: Hex, id: bigint): ContractRead<string> {
  return {
    target,
    data: encodeFunctionData({ abi: metadataAbi, functionName: 'uri', args: [id] }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: metadataAbi, functionName: 'uri', data })),
  };
}

/** ERC-1155 supply extension (OpenZeppelin's ERC1155Supply): exists(id); many contracts lack it. */
export function erc1155ExistsRead(target: Hex, id: bigint): ContractRead<boolean> {
  return {
    target,
    data: encodeFunctionData({ abi: metadataAbi, functionName: 'exists', args: [id] }),
    decode: (data) =>
      safely(() => decodeFunctionResult({ abi: metadataAbi, functionName: 'exists', data })),
  };
}

/** One eth_call at the latest block; undefined when it fails (a revert, no such function). */
export async function readOne<T>(
  reader: ContractReader,
  read: ContractRead<T>,
): Promise<T | undefined> {
  let answer: Hex;
  try {
    answer = await reader.request<Hex>({
      method: 'eth_call',
      params: [{ to: read.target, data: read.data }, 'latest'],
    });
  } catch {
    return undefined;
  }
  return typeof answer === 'string' ? read.decode(answer) : undefined;
}

/** Whether an account has code at the latest block (is a contract). */
export async function hasCode(reader: ContractReader, address: string): Promise<boolean> {
  const code = await reader.request<string>({ method: 'eth_getCode', params: [address, 'latest'] });
  return typeof code === 'string' && code !== '0x' && code !== '0x0';
}

/** ERC-165: whether the contract says it implements `interfaceId`. */
export async function supportsInterface(
  reader: ContractReader,
  address: Hex,
  interfaceId: Hex,
): Promise<boolean> {
  return (await readOne(reader, supportsInterfaceRead(address, interfaceId))) === true;
}

export const readSymbol = (reader: ContractReader, address: Hex) =>
  readOne(reader, symbolRead(address));
export const readDecimals = (reader: ContractReader, address: Hex) =>
  readOne(reader, decimalsRead(address));
export const readBalanceOf = (reader: ContractReader, token: Hex, owner: Hex) =>
  readOne(reader, balanceOfRead(token, owner));
export const readErc1155Balance = (reader: ContractReader, token: Hex, owner: Hex, id: bigint) =>
  readOne(reader, erc1155BalanceRead(token, owner, id));
export const readOwnerOf = (reader: ContractReader, token: Hex, tokenId: bigint) =>
  readOne(reader, ownerOfRead(token, tokenId));

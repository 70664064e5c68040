/**
 * Reads of token contracts through a node: code, ERC-165 interfaces, ERC-20 symbol and decimals,
 * balances and NFT owners. ABI encoding and decoding is viem's; a call that reverts, has no such
 * function or answers something that does not decode reads as `undefined` (or `false`), since
 * plenty of real tokens implement their standard loosely. Node failures of eth_getCode propagate.
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
  type Hex,
} from 'viem';

import type { RpcProvider } from '../network/rpc-provider';

/** What the reads need of a provider: the network controller's, or any EIP-1193 one. */
export type ContractReader = Pick<RpcProvider, 'request'>;

/** ERC-165 interface ids of the NFT standards. */
export const INTERFACE_IDS = { erc721: '0x80ac58cd', erc1155: '0xd9b67a26' } as const;

const erc165Abi = parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']);

/** One eth_call at the latest block; undefined when it fails (a revert, no such function). */
async function call(reader: ContractReader, to: string, data: Hex): Promise<Hex | undefined> {
  try {
    return await reader.request<Hex>({ method: 'eth_call', params: [{ to, data }, 'latest'] });
  } catch {
    return undefined;
  }
}

/** The decoded answer, or undefined when there is none or it does not decode as the ABI says. */
function decoded<T>(answer: Hex | undefined, decode: (data: Hex) => T): T | undefined {
  if (answer === undefined) return undefined;
  try {
    return decode(answer);
  } catch {
    return undefined;
  }
}

/** Whether an account has code at the latest block (is a contract). */
export async function hasCode(reader: ContractReader, address: string): Promise<boolean> {
  const code = await reader.request<string>({ method: 'eth_getCode', params: [address, 'latest'] });
  return typeof code === 'string' && code !== '0x' && code !== '0x0';
}

/** ERC-165: whether the contract says it implements `interfaceId`. */
export async function supportsInterface(
  reader: ContractReader,
  address: string,
  interfaceId: Hex,
): Promise<boolean> {
  const abi = erc165Abi;
  const answer = await call(
    reader,
    address,
    encodeFunctionData({ abi, functionName: 'supportsInterface', args: [interfaceId] }),
  );
  return (
    decoded(answer, (data) =>
      decodeFunctionResult({ abi, functionName: 'supportsInterface', data }),
    ) === true
  );
}

/** An ERC-20 symbol: an ABI string, or a bytes32 as some early tokens return it. */
export async function readSymbol(
  reader: ContractReader,
  address: string,
): Promise<string | undefined> {
  const answer = await call(
    reader,
    address,
    encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }),
  );
  return (
    decoded(answer, (data) =>
      decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data }),
    ) ??
    decoded(answer, (data) =>
      hexToString(decodeFunctionResult({ abi: erc20Abi_bytes32, functionName: 'symbol', data }), {
        size: 32,
      }),
    )
  );
}

/** ERC-20 decimals as the contract states them (range checks are the caller's). */
export async function readDecimals(
  reader: ContractReader,
  address: string,
): Promise<number | undefined> {
  const answer = await call(
    reader,
    address,
    encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }),
  );
  return decoded(answer, (data) =>
    decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data }),
  );
}

/** ERC-20 or ERC-721 balanceOf(owner). */
export async function readBalanceOf(
  reader: ContractReader,
  token: string,
  owner: Hex,
): Promise<bigint | undefined> {
  const answer = await call(
    reader,
    token,
    encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  );
  return decoded(answer, (data) =>
    decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data }),
  );
}

/** ERC-1155 balanceOf(owner, id). */
export async function readErc1155Balance(
  reader: ContractReader,
  token: string,
  owner: Hex,
  id: bigint,
): Promise<bigint | undefined> {
  const answer = await call(
    reader,
    token,
    encodeFunctionData({ abi: erc1155Abi, functionName: 'balanceOf', args: [owner, id] }),
  );
  return decoded(answer, (data) =>
    decodeFunctionResult({ abi: erc1155Abi, functionName: 'balanceOf', data }),
  );
}

/** ERC-721 ownerOf(tokenId); undefined for a token that does not exist (the call reverts). */
export async function readOwnerOf(
  reader: ContractReader,
  token: string,
  tokenId: bigint,
): Promise<Hex | undefined> {
  const answer = await call(
    reader,
    token,
    encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }),
  );
  return decoded(answer, (data) =>
    decodeFunctionResult({ abi: erc721Abi, functionName: 'ownerOf', data }),
  );
}

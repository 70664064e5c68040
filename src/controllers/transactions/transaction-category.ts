import { decodeFunctionData, parseAbi, toFunctionSelector } from 'viem';

import type { Hex } from '../../shared/primitives';

import type { MethodParam, TransactionCategory, TxParams } from './types';

/** The token methods we name (ERC-20, ERC-721, ERC-1155), decoded by viem's ABI coding. */
const TOKEN_METHODS = parseAbi([
  'function transfer(address _to, uint256 _value)',
  'function transferFrom(address _from, address _to, uint256 _value)',
  'function approve(address _spender, uint256 _value)',
  'function safeTransferFrom(address _from, address _to, uint256 _tokenId)',
  'function safeTransferFrom(address _from, address _to, uint256 _tokenId, bytes _data)',
  'function safeTransferFrom(address _from, address _to, uint256 _id, uint256 _value, bytes _data)',
]);
const BY_SELECTOR = new Map(TOKEN_METHODS.map((item) => [toFunctionSelector(item), item]));

/** A decoded argument as the transaction record keeps it: hex quantities, lowercase addresses. */
function paramValue(value: unknown): string {
  if (typeof value === 'bigint') return `0x${value.toString(16)}`;
  return String(value).toLowerCase();
}

/** The known token method a calldata calls, with its arguments; null for anything else. */
export function decodeMethod(
  data: string | undefined,
): { name: TransactionCategory; params: MethodParam[] } | null {
  if (!data || !/^0x[0-9a-fA-F]{8}/u.test(data)) return null;
  const item = BY_SELECTOR.get(data.slice(0, 10).toLowerCase() as Hex);
  if (!item) return null;
  let args: readonly unknown[];
  try {
    ({ args } = decodeFunctionData({ abi: [item], data: data as Hex }));
  } catch {
    // Calldata that does not decode as the method is no call of it.
    return null;
  }
  const params = item.inputs.map((input, index) => ({
    name: input.name,
    type: input.type,
    value: paramValue(args[index]),
  }));
  return { name: item.name, params };
}

export type CategoryResult = {
  category: TransactionCategory;
  methodParams?: MethodParam[];
  /** The recipient's code when it was looked up ('0x' for an account without code). */
  code?: string;
};

/**
 * The category of a transaction from its calldata and recipient: no recipient is a deployment;
 * a recipient without code is a plain send; a contract call is named when its selector is a
 * known token method, else a contract interaction.
 */
export async function determineCategory(
  txParams: Pick<TxParams, 'to' | 'data'>,
  getCode: (address: string) => Promise<string>,
): Promise<CategoryResult> {
  const data = txParams.data && txParams.data !== '0x' ? txParams.data : undefined;
  if (!txParams.to) return { category: data ? 'contractDeployment' : 'transaction' };
  let code: string | undefined;
  try {
    code = await getCode(txParams.to);
  } catch {
    code = undefined;
  }
  const isContract = code !== undefined && code !== '0x' && code !== '0x0';
  if (!isContract) {
    // Without the code we cannot tell; calldata hints at a contract.
    return { category: data && code === undefined ? 'contractInteraction' : 'sentEther', code };
  }
  const decoded = decodeMethod(data);
  if (decoded) return { category: decoded.name, methodParams: decoded.params, code };
  return { category: 'contractInteraction', code };
}

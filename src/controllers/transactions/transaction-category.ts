import type { MethodParam, TransactionCategory, TxParams } from './types';

type Abi = {
  name: TransactionCategory;
  inputs: { name: string; type: 'address' | 'uint256' | 'bytes' }[];
};

/** Four-byte selectors of the token methods we name (ERC-20, ERC-721, ERC-1155). */
const KNOWN_METHODS: Record<string, Abi> = {
  '0xa9059cbb': {
    name: 'transfer',
    inputs: [
      { name: '_to', type: 'address' },
      { name: '_value', type: 'uint256' },
    ],
  },
  '0x23b872dd': {
    name: 'transferFrom',
    inputs: [
      { name: '_from', type: 'address' },
      { name: '_to', type: 'address' },
      { name: '_value', type: 'uint256' },
    ],
  },
  '0x095ea7b3': {
    name: 'approve',
    inputs: [
      { name: '_spender', type: 'address' },
      { name: '_value', type: 'uint256' },
    ],
  },
  // ERC-721 safeTransferFrom(address,address,uint256)
  '0x42842e0e': {
    name: 'safeTransferFrom',
    inputs: [
      { name: '_from', type: 'address' },
      { name: '_to', type: 'address' },
      { name: '_tokenId', type: 'uint256' },
    ],
  },
  // ERC-721 safeTransferFrom(address,address,uint256,bytes)
  '0xb88d4fde': {
    name: 'safeTransferFrom',
    inputs: [
      { name: '_from', type: 'address' },
      { name: '_to', type: 'address' },
      { name: '_tokenId', type: 'uint256' },
      { name: '_data', type: 'bytes' },
    ],
  },
  // ERC-1155 safeTransferFrom(address,address,uint256,uint256,bytes)
  '0xf242432a': {
    name: 'safeTransferFrom',
    inputs: [
      { name: '_from', type: 'address' },
      { name: '_to', type: 'address' },
      { name: '_id', type: 'uint256' },
      { name: '_value', type: 'uint256' },
      { name: '_data', type: 'bytes' },
    ],
  },
};

/** Decodes the static head words of known token calls; a dynamic `bytes` is shown as its offset. */
export function decodeMethod(
  data: string | undefined,
): { name: TransactionCategory; params: MethodParam[] } | null {
  if (!data || data.length < 10) return null;
  const abi = KNOWN_METHODS[data.slice(0, 10).toLowerCase()];
  if (!abi) return null;
  const body = data.slice(10);
  if (body.length < abi.inputs.length * 64) return null;
  const params = abi.inputs.map((input, index) => {
    const word = body.slice(index * 64, index * 64 + 64);
    const value =
      input.type === 'address' ? `0x${word.slice(24)}` : `0x${BigInt(`0x${word}`).toString(16)}`;
    return { name: input.name, type: input.type, value };
  });
  return { name: abi.name, params };
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

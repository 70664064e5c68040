import type { Draft } from 'immer';

import { estimateGasLimit } from './gas-limit';
import { suggestGasFees, type GetSuggestedGasFees } from './gas-fees';
import { latestBlockOnce, type RequestProvider } from './rpc';
import { determineCategory } from './transaction-category';
import type { TransactionSnapshot } from './types';

/**
 * Works out a new transaction's defaults: its category (from calldata and the recipient's code),
 * its gas limit unless given, and its fees unless given. Returns the change to apply; throws
 * 'Gas fee/price estimation failed. Message: ...' when no fee source answers.
 */
export async function computeDefaults(
  tx: TransactionSnapshot,
  provider: RequestProvider,
  supportsEip1559: boolean,
  fromGasController: GetSuggestedGasFees,
): Promise<(draft: Draft<TransactionSnapshot>) => void> {
  const { category, methodParams, code } = await determineCategory(tx.txParams, (address) =>
    provider.request<string>({ method: 'eth_getCode', params: [address, 'latest'] }),
  );
  // The gas limit and the node's fees read the same latest block, once, if either needs it.
  const latestBlock = latestBlockOnce(provider);
  const gasLimit = tx.txParams.gas
    ? undefined
    : await estimateGasLimit(provider, tx.txParams, tx.chainId, code, latestBlock);
  const { gasPrice, maxFeePerGas, maxPriorityFeePerGas } = tx.txParams;
  const hasFees =
    gasPrice !== undefined || (maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined);
  const fees = hasFees
    ? undefined
    : await suggestGasFees(provider, supportsEip1559, fromGasController, latestBlock);
  return (draft) => {
    draft.transactionCategory = draft.type ?? category;
    if (methodParams) draft.methodParams = methodParams;
    if (draft.txParams.to) {
      draft.contractParams = { address: draft.txParams.to, isContract: category !== 'sentEther' };
    }
    if (gasLimit) {
      draft.txParams.gas = gasLimit.gas;
      if (gasLimit.simulationFails) draft.simulationFails = gasLimit.simulationFails;
    }
    if (fees) Object.assign(draft.txParams, fees);
    // A dapp that gave only maxFeePerGas pays at most that as priority fee too.
    if (draft.txParams.maxFeePerGas && !draft.txParams.maxPriorityFeePerGas) {
      draft.txParams.maxPriorityFeePerGas = draft.txParams.maxFeePerGas;
    }
    draft.txParams.type = draft.txParams.maxFeePerGas ? '0x2' : (draft.txParams.type ?? '0x0');
    draft.loadingDefaults = false;
  };
}

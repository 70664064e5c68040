// The wallet's own sends (views.md §5 G4) and replacements (G5). A send is added as origin
// 'orrery' from the selected account and queued like any dapp request: the transfer screen
// confirms it inline with `approveRequest(approvalId, overrides)`, so fee overrides go through
// the same checks as a dapp's transaction.
import { isValidAddress } from '@ethereumjs/util';
import { encodeFunctionData, parseAbi } from 'viem';

import { DEFAULT_WALLET_ORIGIN } from '../../controllers/approvals/ApprovalController';
import type { ApprovalController } from '../../controllers/approvals/ApprovalController';
import { NETWORK_LOADING_MESSAGE } from '../../controllers/transactions/constants';
import { TransferError, TransferErrorCode } from '../../controllers/transactions/errors';
import { parseTransactionOverrides } from '../../controllers/transactions/overrides';
import type { TransactionController } from '../../controllers/transactions/TransactionController';
import type { Hex } from '../../shared/primitives';
import type { SendAssetRequest, SendResult, SendTransactionParams } from '../contract/action-api';

const TOKEN_ABI = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
]);

const ASSET_KINDS = ['native', 'erc20', 'erc721', 'erc1155'] as const;

export type SendActionDeps = {
  transactions: TransactionController;
  approvals: ApprovalController;
  selectedAddress: () => string | null;
  networkLoading: () => boolean;
};

/** A non-negative integer in base units, given as decimal or 0x-hex text. */
function baseUnits(value: unknown, what: string, { positive }: { positive: boolean }): bigint {
  let parsed: bigint | undefined;
  if (typeof value === 'string' && /^(?:0x[0-9a-f]+|[0-9]+)$/iu.test(value.trim())) {
    parsed = BigInt(value.trim());
  }
  if (parsed === undefined || (positive && parsed === 0n)) {
    throw new TransferError(TransferErrorCode.invalidAmount, `Invalid ${what}: ${String(value)}`);
  }
  return parsed;
}

function address(value: unknown, what: string): Hex {
  if (typeof value !== 'string' || !isValidAddress(value)) {
    throw new TransferError(TransferErrorCode.invalidAddress, `Invalid ${what}: ${String(value)}`);
  }
  return value.toLowerCase() as Hex;
}

/** The transaction params for one asset transfer from `from`; calldata built here, never by a view. */
export function assetTxParams(from: Hex, input: SendAssetRequest): SendTransactionParams {
  // From across the view boundary: read as unknown fields, not trusted to match the type.
  if (typeof input !== 'object' || input === null) {
    throw new TransferError(TransferErrorCode.unknownAsset, 'sendAsset takes an object.');
  }
  const request = input as Partial<
    Record<'kind' | 'to' | 'amount' | 'contract' | 'tokenId', unknown>
  >;
  const kind = ASSET_KINDS.find((candidate) => candidate === request.kind);
  if (!kind) {
    throw new TransferError(
      TransferErrorCode.unknownAsset,
      `Unknown asset kind: ${String(request.kind)}`,
    );
  }
  const to = address(request.to, 'recipient');
  if (kind === 'native') {
    const value = baseUnits(request.amount, 'amount', { positive: true });
    return { to, value: `0x${value.toString(16)}` };
  }
  const contract = address(request.contract, 'contract address');
  let data: Hex;
  if (kind === 'erc20') {
    const amount = baseUnits(request.amount, 'amount', { positive: true });
    data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to, amount] });
  } else {
    const tokenId = baseUnits(request.tokenId, 'token id', { positive: false });
    data =
      kind === 'erc721'
        ? encodeFunctionData({
            abi: TOKEN_ABI,
            functionName: 'safeTransferFrom',
            args: [from, to, tokenId],
          })
        : encodeFunctionData({
            abi: TOKEN_ABI,
            functionName: 'safeTransferFrom',
            args: [
              from,
              to,
              tokenId,
              baseUnits(request.amount, 'amount', { positive: true }),
              '0x',
            ],
          });
  }
  return { to: contract, value: '0x0', data };
}

export function createSendActions({
  transactions,
  approvals,
  selectedAddress,
  networkLoading,
}: SendActionDeps) {
  const sender = (): Hex => {
    const from = selectedAddress();
    if (!from) throw new TransferError(TransferErrorCode.noAccount, 'No account is selected.');
    return from.toLowerCase() as Hex;
  };

  const send = async (params: SendTransactionParams, from: Hex): Promise<SendResult> => {
    if (networkLoading()) {
      throw new TransferError(TransferErrorCode.networkLoading, NETWORK_LOADING_MESSAGE);
    }
    let added;
    try {
      added = await transactions.addUnapprovedTransaction(
        { ...params, from },
        { origin: DEFAULT_WALLET_ORIGIN },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new TransferError(TransferErrorCode.sendFailed, message, { cause: error });
    }
    // The view follows the outcome in the transaction list; the hash promise only settles.
    added.result.catch(() => undefined);
    const txId = added.transactionMeta.id;
    const approval = approvals
      .getPending()
      .find((request) => request.type === 'transaction' && request.requestData.txId === txId);
    return { txId, approvalId: approval?.id ?? null };
  };

  const replaceable = (txId: unknown) => {
    const tx = typeof txId === 'string' ? transactions.getTransaction(txId) : undefined;
    if (!tx) {
      throw new TransferError(
        TransferErrorCode.notReplaceable,
        `Unknown transaction: ${String(txId)}`,
      );
    }
    return tx.id;
  };
  const replace = async (
    kind: 'speedUpTransaction' | 'cancelTransaction' | 'retryTransaction',
    txId: unknown,
    overrides: unknown,
  ): Promise<{ txId: string }> => {
    const id = replaceable(txId);
    let parsed;
    try {
      parsed = parseTransactionOverrides(overrides) ?? undefined;
    } catch (error) {
      throw new TransferError(TransferErrorCode.invalidAmount, (error as Error).message);
    }
    try {
      const replacement = await transactions[kind](id, parsed);
      return { txId: replacement.id };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new TransferError(TransferErrorCode.notReplaceable, message, { cause: error });
    }
  };

  return {
    sendTransaction: async (params: SendTransactionParams) => {
      if (typeof params !== 'object' || params === null || Array.isArray(params)) {
        throw new TransferError(TransferErrorCode.sendFailed, 'sendTransaction takes an object.');
      }
      const from = sender();
      if (params.from !== undefined && params.from.toLowerCase() !== from) {
        // The wallet's own origin may send only from the selected address (spec A§6, B§8).
        throw new TransferError(
          TransferErrorCode.noAccount,
          'Internally initiated transaction is using invalid account.',
        );
      }
      return send({ ...params, to: address(params.to, 'recipient') }, from);
    },
    sendAsset: async (request: SendAssetRequest) => {
      const from = sender();
      return send(assetTxParams(from, request), from);
    },
    speedUpTransaction: (txId: string, overrides?: unknown) =>
      replace('speedUpTransaction', txId, overrides),
    cancelTransaction: (txId: string, overrides?: unknown) =>
      replace('cancelTransaction', txId, overrides),
    retryTransaction: (txId: string, overrides?: unknown) =>
      replace('retryTransaction', txId, overrides),
  };
}

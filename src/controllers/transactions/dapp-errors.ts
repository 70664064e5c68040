import { providerErrors, rpcErrors } from '@metamask/rpc-errors';

import {
  INTERNAL_FAILURE_MESSAGE,
  UNKNOWN_PROBLEM_PREFIX,
  USER_DENIED_TX_MESSAGE,
} from './constants';
import type { TransactionMeta } from './types';

/**
 * What a waiting dapp gets for a finished transaction (spec §8): the hash once submitted; 4001 on
 * reject; an internal error with the failure message (default 'Internal Orrery failure') on
 * failure; the unknown-problem error for anything else.
 */
export function dappResult(
  tx: Pick<TransactionMeta, 'status' | 'hash' | 'err' | 'txParams'>,
): { hash: string } | { error: Error } {
  switch (tx.status) {
    case 'submitted':
      return { hash: tx.hash ?? '' };
    case 'rejected':
      return { error: providerErrors.userRejectedRequest(USER_DENIED_TX_MESSAGE) };
    case 'failed':
      return { error: rpcErrors.internal(tx.err?.message || INTERNAL_FAILURE_MESSAGE) };
    default:
      return { error: unknownProblem(tx.txParams) };
  }
}

export function unknownProblem(txParams: unknown): Error {
  return rpcErrors.internal(`${UNKNOWN_PROBLEM_PREFIX}${JSON.stringify(txParams ?? {})}`);
}

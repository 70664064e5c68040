import { withInitialHistory } from './history';
import type { GasOverrides } from './overrides';
import { buildReplacementParams, type ReplacementKind } from './replacement';
import type { TransactionSender } from './transaction-sender';
import type { TransactionStore } from './transaction-store';
import type { TransactionMeta } from './types';

export type ReplaceOptions = {
  store: TransactionStore;
  sender: TransactionSender;
  /** A retry waits for the user like a new transaction. */
  askApproval: (tx: TransactionMeta) => void;
};

/**
 * Replaces a submitted transaction with one of the same nonce and 11/10 of the fees: a speed-up
 * or cancel is approved and sent at once; a retry waits for the user's approval.
 */
export async function replaceTransaction(
  { store, sender, askApproval }: ReplaceOptions,
  id: string,
  kind: ReplacementKind,
  overrides?: GasOverrides,
): Promise<TransactionMeta> {
  const original = store.get(id);
  if (original.status !== 'submitted') {
    throw new Error(`Only a submitted transaction can be replaced; ${id} is ${original.status}.`);
  }
  const sameNonce = store
    .of(original.chainId, original.txParams.from)
    .filter((tx) => tx.txParams.nonce === original.txParams.nonce && tx.status === 'submitted');
  const { txParams, previousGasParams } = buildReplacementParams(
    original,
    sameNonce,
    kind,
    overrides,
  );
  const replacement = withInitialHistory({
    id: globalThis.crypto.randomUUID(),
    time: Date.now(),
    status: kind === 'retry' ? 'unapproved' : 'approved',
    metamaskNetworkId: original.metamaskNetworkId ?? null,
    chainId: original.chainId,
    loadingDefaults: false,
    dappSuggestedGasFees: null,
    origin: original.origin,
    txParams,
    transactionCategory: kind === 'cancel' ? 'cancel' : 'retry',
    type: kind === 'cancel' ? 'cancel' : 'retry',
    previousGasParams,
  });
  store.insert(replacement);
  if (kind === 'retry') {
    askApproval(replacement);
    return replacement;
  }
  await sender.sendApproved(replacement.id);
  return store.get(replacement.id);
}

// The e-mail to a recipient who was sent to by their e-mail login (views.md §3.14, spec part 2
// §7 'POST /transaction/sendemail … after a 2 s wait'). The hash, sender, link and network come
// from the engine's own record of the wallet's transaction; the view adds only the address it
// resolved and the amount text it showed, both bounded.
import { DEFAULT_WALLET_ORIGIN } from '../../controllers/approvals/ApprovalController';
import type { BackendRecordsController } from '../../controllers/backend-records/BackendRecordsController';
import type { NetworkController } from '../../controllers/network/NetworkController';
import { explorerTxLink } from '../../controllers/past-transactions/PastTransactionsController';
import { TransferError, TransferErrorCode } from '../../controllers/transactions/errors';
import type { TransactionController } from '../../controllers/transactions/TransactionController';
import type { TransferEmailRequest } from '../contract/action-api';

export const TRANSFER_EMAIL_SUBJECT = 'You have received a transfer';

/** Statuses of a transaction that reached the network (its hash is final). */
const SENT_STATUSES = new Set(['submitted', 'confirmed']);

/** Short display text: printable, at most 80 characters. */
const displayText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 80 && !/\p{Cc}/u.test(value);

export function createTransferEmailAction(deps: {
  transactions: Pick<TransactionController, 'getTransaction'>;
  network: Pick<NetworkController, 'state'>;
  backendRecords: Pick<BackendRecordsController, 'sendTransferEmail'>;
}) {
  return async (txId: string, request: TransferEmailRequest): Promise<void> => {
    const tx = typeof txId === 'string' ? deps.transactions.getTransaction(txId) : undefined;
    // Only the wallet's own sends, once on the network: a dapp's transaction is not ours to announce.
    if (!tx || tx.origin !== DEFAULT_WALLET_ORIGIN || !tx.hash || !SENT_STATUSES.has(tx.status)) {
      throw new TransferError(
        TransferErrorCode.notReplaceable,
        `No sent transfer: ${String(txId)}`,
      );
    }
    const fields = (typeof request === 'object' && request) || ({} as Record<string, unknown>);
    const { email, amount, symbol } = fields as Partial<
      Record<keyof TransferEmailRequest, unknown>
    >;
    if (typeof email !== 'string' || !displayText(amount) || !displayText(symbol)) {
      throw new TransferError(TransferErrorCode.invalidAmount, 'Transfer e-mail fields refused.');
    }
    const { providerConfig } = deps.network.state;
    await deps.backendRecords.sendTransferEmail({
      to: email.trim(),
      subject: TRANSFER_EMAIL_SUBJECT,
      from: tx.txParams.from,
      transactionHash: tx.hash,
      etherscanLink: explorerTxLink(providerConfig.blockExplorer, tx.hash),
      network: providerConfig.networkName,
      amount,
      symbol,
    });
  };
}

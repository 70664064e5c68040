import type { ApprovalController } from '../../controllers/approvals/ApprovalController';
import { invalidApprovalValue } from '../../controllers/approvals/errors';
import type { TransactionController } from '../../controllers/transactions/TransactionController';
import type { GasOverrides } from '../../controllers/transactions/replacement';
import type { TransactionMeta } from '../../controllers/transactions/types';
import type { RootMessenger } from './root-messenger';

const OVERRIDE_FIELDS = [
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'customNonceValue',
  'type',
] as const;

const ENVELOPE_TYPES = ['0x0', '0x1', '0x2'] as const;

/**
 * The overrides a user may send with an approval (gas limit, gas price or fee pair, envelope
 * type, nonce); anything else in the value is refused.
 */
export function parseTransactionOverrides(value: unknown): GasOverrides | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidApprovalValue(
      'A transaction approval takes an object of gas overrides, or nothing.',
    );
  }
  const overrides: GasOverrides = {};
  for (const [key, field] of Object.entries(value)) {
    if (!(OVERRIDE_FIELDS as readonly string[]).includes(key)) {
      throw invalidApprovalValue(`Unknown transaction override: ${key}`);
    }
    if (typeof field !== 'string')
      throw invalidApprovalValue(`The override ${key} must be a hex string.`);
    if (key === 'type') {
      if (!ENVELOPE_TYPES.includes(field as (typeof ENVELOPE_TYPES)[number])) {
        throw invalidApprovalValue(
          `The override type must be one of ${ENVELOPE_TYPES.join(', ')}.`,
        );
      }
      overrides.type = field as (typeof ENVELOPE_TYPES)[number];
    } else {
      overrides[key as Exclude<(typeof OVERRIDE_FIELDS)[number], 'type'>] = field as `0x${string}`;
    }
  }
  return Object.keys(overrides).length > 0 ? overrides : null;
}

/**
 * Puts every unapproved transaction into the one approval queue. Approving it (optionally with
 * gas price or fee-pair, gas limit, envelope type and nonce overrides) signs and sends it;
 * rejecting it rejects the transaction with the spec's 4001 error. A transaction that ends some
 * other way takes its approval with it.
 */
export function routeTransactionApprovals(
  messenger: RootMessenger,
  transactions: TransactionController,
  approvals: ApprovalController,
): () => void {
  const approvalOf = new Map<string, string>();

  const onUnapproved = (meta: TransactionMeta) => {
    let added: ReturnType<ApprovalController['addRequest']>;
    try {
      added = approvals.addRequest({
        origin: meta.origin,
        type: 'transaction',
        requestData: { txId: meta.id, txParams: meta.txParams as never, origin: meta.origin },
      });
    } catch (error) {
      // The queue refused it (e.g. the dapp already has a transaction waiting): so does the wallet.
      transactions.rejectTransaction(meta.id);
      console.warn('Orrery: transaction not queued for approval', error);
      return;
    }
    approvalOf.set(meta.id, added.id);
    added.result
      .then(
        async (value) => {
          approvalOf.delete(meta.id);
          const overrides = parseTransactionOverrides(value);
          if (overrides) await transactions.updateTransactionGas(meta.id, overrides);
          await transactions.approveTransaction(meta.id);
        },
        () => {
          approvalOf.delete(meta.id);
          if (transactions.getTransaction(meta.id)?.status === 'unapproved') {
            transactions.rejectTransaction(meta.id);
          }
        },
      )
      .catch((error: unknown) => {
        // Bad overrides or a failed approval: the transaction cannot go out as asked.
        console.warn('Orrery: approving a transaction failed', error);
        if (transactions.getTransaction(meta.id)?.status === 'unapproved') {
          transactions.rejectTransaction(meta.id);
        }
      });
  };

  const onStatus = (meta: TransactionMeta) => {
    const approvalId = approvalOf.get(meta.id);
    if (approvalId && meta.status !== 'unapproved' && approvals.getRequest(approvalId)) {
      approvalOf.delete(meta.id);
      approvals.reject(approvalId);
    }
  };

  messenger.subscribe('TransactionController:unapprovedTransactionAdded', onUnapproved);
  messenger.subscribe('TransactionController:transactionStatusUpdated', onStatus);
  return () => {
    messenger.unsubscribe('TransactionController:unapprovedTransactionAdded', onUnapproved);
    messenger.unsubscribe('TransactionController:transactionStatusUpdated', onStatus);
  };
}

import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { formatTokenAmount } from '../../format/amounts';
import type { FeeChoice } from '../../view-models/transfer';
import styles from './TransferPage.module.css';

/** A send queued in the engine, waiting for this screen's confirm. */
export interface PendingSend {
  txId: string;
  approvalId: string;
  /** The resolved address. */
  to: string;
  /** What the user typed, with the address it resolved to. */
  recipientLabel: string;
  amount: string;
  symbol: string;
  /** The native value sent (0 for a token). */
  amountWei: bigint;
  fee: FeeChoice;
}

/**
 * The confirm step: the queued transaction's own gas limit (the engine's estimate) times the
 * chosen tier's max fee. Confirm approves it with that tier's overrides; Cancel rejects it.
 */
export const TransferConfirm = observer(function TransferConfirm({
  send,
  from,
  ticker,
  onDone,
  onCancel,
}: {
  send: PendingSend;
  from: string;
  ticker: string;
  onDone(txId: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const { ui } = useStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const approval = ui.ApprovalController.pendingApprovals[send.approvalId];
  const gasHex = (approval?.requestData as { txParams?: { gas?: string } } | undefined)?.txParams
    ?.gas;
  const gas = gasHex ? BigInt(gasHex) : null;
  const maxFee = gas === null ? null : gas * send.fee.maxFeePerGasWei;
  const show = (wei: bigint) => `${formatTokenAmount(wei.toString(), 18, 6)} ${ticker}`;

  const cancel = () => {
    void actions.rejectRequest(send.approvalId).catch(() => undefined);
    onCancel();
  };
  const confirm = async () => {
    setBusy(true);
    setError(false);
    try {
      await actions.approveRequest(send.approvalId, send.fee.overrides);
      onDone(send.txId);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && cancel()}
      title={t('walletTransfer.transferConfirm')}
      description={t('walletTransfer.confirmDescription')}
      footer={
        <>
          <Button onClick={cancel} disabled={busy}>
            {t('walletTransfer.cancel')}
          </Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={!approval}
            onClick={() => void confirm()}
          >
            {t('walletTransfer.confirm')}
          </Button>
        </>
      }
    >
      <dl className={styles.details}>
        <dt>{t('walletTransfer.from')}</dt>
        <dd className={styles.mono}>{from}</dd>
        <dt>{t('walletTransfer.to')}</dt>
        <dd className={styles.mono} data-testid="confirm-to">
          {send.recipientLabel}
        </dd>
        <dt>{t('walletTransfer.youSend')}</dt>
        <dd data-testid="confirm-amount">
          {send.amount} {send.symbol}
        </dd>
        <dt>{t('walletTransfer.transferFee')}</dt>
        <dd data-testid="confirm-fee">
          {maxFee === null
            ? t('walletTransfer.feeLoading')
            : t('walletTransfer.feeUpTo', {
                fee: formatTokenAmount(maxFee.toString(), 18, 6),
                ticker,
              })}
        </dd>
        <dt>{t('walletTransfer.totalCost')}</dt>
        <dd data-testid="confirm-total">
          {maxFee === null
            ? '—'
            : send.amountWei > 0n
              ? show(send.amountWei + maxFee)
              : `${send.amount} ${send.symbol} + ${show(maxFee)}`}
        </dd>
      </dl>
      {error && (
        <p role="alert" className={styles.alert}>
          {t('walletTransfer.transferFailMessage')}
        </p>
      )}
    </Dialog>
  );
});

import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FeeEditor } from '../../features/fees/FeeEditor';
import {
  baseFee,
  feeOverrides,
  feePresets,
  maxFeeWei,
  valuesFromTxParams,
  type FeeMode,
  type FeeValues,
} from '../../features/fees/fee-model';
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
 * The confirm step: the queued transaction's own gas limit (the engine's estimate) with the
 * chosen tier's fees, editable in the shared fee editor (D8). Confirm approves it with those
 * overrides; Cancel rejects it.
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
  const txParams = (approval?.requestData as { txParams?: { gas?: string } } | undefined)?.txParams;
  const mode: FeeMode = 'gasPrice' in send.fee.overrides ? 'legacy' : 'fee-market';
  const presets = feePresets(ui.GasFeeController, mode);
  const [edited, setEdited] = useState<FeeValues | null>(null);
  // The engine's gas limit with the tier the form chose, until the user edits them.
  const fees =
    edited ??
    (txParams?.gas
      ? valuesFromTxParams({ ...txParams, ...send.fee.overrides }, mode, presets)
      : null);
  const maxFeeNumber = fees ? maxFeeWei(fees) : null;
  const maxFee = maxFeeNumber ? BigInt(maxFeeNumber.toFixed(0)) : null;
  const overrides = fees ? feeOverrides(fees) : null;
  const show = (wei: bigint) => `${formatTokenAmount(wei.toString(), 18, 6)} ${ticker}`;

  const cancel = () => {
    void actions.rejectRequest(send.approvalId).catch(() => undefined);
    onCancel();
  };
  const confirm = async () => {
    setBusy(true);
    setError(false);
    try {
      // FeeOverrides is plain JSON (hex strings); its interface lacks an index signature.
      await actions.approveRequest(send.approvalId, { ...overrides });
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
            disabled={!approval || !overrides}
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
        {/* The fee parameters the chain uses: a gas price on a legacy chain, the pair on 1559. */}
        {fees?.mode === 'legacy' && (
          <>
            <dt>{t('transferFees.gasPrice')}</dt>
            <dd data-testid="confirm-gas-price">{fees.gasPrice} GWEI</dd>
          </>
        )}
        {fees?.mode === 'fee-market' && (
          <>
            <dt>{t('transferFees.feePair')}</dt>
            <dd data-testid="confirm-fee-pair">
              {fees.maxFee} / {fees.maxPriorityFee} GWEI
            </dd>
          </>
        )}
        <dt>{t('walletTransfer.totalCost')}</dt>
        <dd data-testid="confirm-total">
          {maxFee === null
            ? '—'
            : send.amountWei > 0n
              ? show(send.amountWei + maxFee)
              : `${send.amount} ${send.symbol} + ${show(maxFee)}`}
        </dd>
      </dl>
      {fees && (
        <FeeEditor
          values={fees}
          presets={presets}
          baseFee={baseFee(ui.GasFeeController)}
          ticker={ticker}
          valueWei={`0x${send.amountWei.toString(16)}`}
          onSave={setEdited}
          triggerLabel={t('walletTransfer.customizeGas')}
        />
      )}
      {error && (
        <p role="alert" className={styles.alert}>
          {t('walletTransfer.transferFailMessage')}
        </p>
      )}
    </Dialog>
  );
});

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
  type FeeValues,
} from '../../features/fees/fee-model';
import { formatTokenAmount } from '../../format/amounts';
import { useNotify } from '../../toasts/toast-context';
import { belowMinimum, speedUpMinimum } from './speed-up-fees';
import styles from './ActivityPage.module.css';

/**
 * Speed up a pending transaction (views.md §4.9): the replacement's fees start at 11/10 of the
 * original's and can be raised in the shared fee editor (D8); unedited, the engine applies its
 * own 11/10 bump, so what is shown is what is sent.
 */
export const SpeedUpDialog = observer(function SpeedUpDialog({
  txId,
  ticker,
}: {
  txId: string;
  ticker: string;
}) {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [edited, setEdited] = useState<FeeValues | null>(null);
  const [busy, setBusy] = useState(false);
  const tx = ui.TransactionController.uiTransactions.find((candidate) => candidate.id === txId);
  if (!tx) return null;
  const minimum = speedUpMinimum(tx.txParams);
  const presets = feePresets(ui.GasFeeController, minimum.mode);
  const fees = edited ?? valuesFromTxParams(minimum.params, minimum.mode, presets);
  const tooLow = edited !== null && belowMinimum(edited, minimum.params);
  const overrides = edited && !tooLow ? feeOverrides(edited) : null;
  const maxFee = maxFeeWei(fees);

  const confirm = async () => {
    setBusy(true);
    try {
      await actions.speedUpTransaction(txId, overrides ? { ...overrides } : undefined);
      setOpen(false);
      setEdited(null);
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setEdited(null);
      }}
      title={t('walletActivity.speedUpModalTitle')}
      description={t('walletActivity.speedUpModalDesc', {
        fee: maxFee === null ? '—' : `${formatTokenAmount(maxFee.toFixed(0), 18, 6)} ${ticker}`,
      })}
      trigger={<Button size="sm">{t('walletActivity.speedUp')}</Button>}
      footer={
        <>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('walletActivity.cancelModalClose')}
          </Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={tooLow || (edited !== null && !overrides)}
            onClick={() => void confirm()}
          >
            {t('walletActivity.cancelModalConfirm')}
          </Button>
        </>
      }
    >
      <FeeEditor
        values={fees}
        presets={presets}
        baseFee={baseFee(ui.GasFeeController)}
        ticker={ticker}
        valueWei={tx.txParams.value ?? '0x0'}
        onSave={setEdited}
        triggerLabel={t('walletTransfer.customizeGas')}
      />
      {tooLow && (
        <p role="alert" className={styles.hint} data-testid="speed-up-too-low">
          {t('transferExtras.speedUp.tooLow')}
        </p>
      )}
    </Dialog>
  );
});

import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { FeeEditor } from '../../features/fees/FeeEditor';
import {
  baseFee,
  checkFees,
  feeOverrides,
  feePresets,
  hasErrors,
  likelyFeeWei,
  maxFeeWei,
  valuesFromTxParams,
  withPreset,
  type FeeMode,
  type FeeValues,
} from '../../features/fees/fee-model';
import { toFiat } from '../../format/amounts';
import { BALANCE_WAIT_LOG, useBalanceWait } from '../../hooks/use-balance-wait';
import { weiToEther } from '../../format/gas';
import { shortenAddress } from '../../view-models/accounts';
import {
  insufficientFunds,
  tokenAmountFiat,
  transactionView,
  type UiTransaction,
} from '../../view-models/transaction-approval';
import { productName, walletFeatures } from '../../view-models/white-label';
import { ApprovalFrame } from './ApprovalFrame';
import type { RequestDataOf, ScreenProps } from './screen-props';
import styles from './Confirm.module.css';

function Address({ value }: { value: string }) {
  return (
    <span className={styles.mono} aria-label={value} title={value}>
      {shortenAddress(value)}
    </span>
  );
}

/**
 * C1 Transaction: what is sent to whom (the decoded token call for known standards), the fee
 * presets and the editor (D8), the totals, and the insufficient-funds state with a top-up link.
 * Confirm sends the fees shown as overrides, so what is signed is what the screen says.
 */
export const TransactionScreen = observer(function TransactionScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const ui = useStore().ui;
  const { txId } = props.request.requestData as RequestDataOf<'transaction'>;
  const tx = ui.TransactionController.uiTransactions.find((entry) => entry.id === txId);
  if (!tx || tx.loadingDefaults) {
    return (
      <ApprovalFrame
        {...props}
        title={t('confirm.tx.loading')}
        approveLabel={t('confirm.tx.confirm')}
        canApprove={false}
      >
        <Spinner size={24} />
      </ApprovalFrame>
    );
  }
  return <LoadedTransaction {...props} tx={tx} />;
});

const LoadedTransaction = observer(function LoadedTransaction({
  tx,
  ...props
}: ScreenProps & { tx: UiTransaction }) {
  const { t } = useTranslation();
  const ui = useStore().ui;
  const network = ui.NetworkController;
  const ticker = network.providerConfig.ticker;
  const from = tx.txParams.from.toLowerCase();
  const mode: FeeMode =
    tx.txParams.maxFeePerGas !== undefined || tx.txParams.type === '0x2' ? 'fee-market' : 'legacy';
  const presets = feePresets(ui.GasFeeController, mode);
  const [fees, setFees] = useState<FeeValues>(() => valuesFromTxParams(tx.txParams, mode, presets));
  const [showData, setShowData] = useState(false);

  const tokens = ui.TokensController.tokens[from] ?? [];
  const view = transactionView(tx, tokens);
  const balance = ui.AccountTrackerController.accounts[from]?.balance;
  const check = checkFees(fees, presets);
  const maxFee = maxFeeWei(fees);
  const likely = likelyFeeWei(fees, baseFee(ui.GasFeeController));
  const short = insufficientFunds(balance, view.valueWei, maxFee);
  // Until the balance is read nobody can tell whether it covers the cost: Confirm waits, and a
  // balance still unknown after 5 s denies the request (spec part 2 §8), never approves it.
  const balanceUnknown = balance === undefined;
  const actions = useActions();
  useBalanceWait(balanceUnknown, () => {
    console.warn(BALANCE_WAIT_LOG);
    actions.rejectRequest(props.request.id).catch(() => undefined); // settled elsewhere: fine
  });
  const rate = ui.CurrencyController.conversionRate;
  const fiat = (wei: string) =>
    rate > 0
      ? `${toFiat(wei, 18, rate)} ${ui.CurrencyController.currentCurrency.toUpperCase()}`
      : null;
  const valueFiat = fiat(view.valueWei);
  const tokenFiat = tokenAmountFiat(
    view,
    ui.TokenRatesController,
    ui.CurrencyController.currentCurrency,
    tx.chainId,
  );
  const total = maxFee ? maxFee.plus(BigInt(view.valueWei).toString()) : null;
  const loading = network.networkStatus !== 'available';
  const product = productName(ui.WhiteLabelController.whiteLabel);

  return (
    <ApprovalFrame
      {...props}
      title={t(`confirm.tx.titles.${view.title}`, { ticker })}
      approveLabel={t('confirm.tx.confirm')}
      canApprove={!short && !balanceUnknown && !hasErrors(check) && !loading}
      approveValue={() => feeOverrides(fees)}
      blockedReason={
        short
          ? t('confirm.tx.insufficientFunds')
          : balanceUnknown
            ? t('confirmWindow.balanceWait.reading')
            : loading
              ? t('confirm.tx.troubleConnecting', { product })
              : t('confirm.tx.fixFees')
      }
    >
      {balanceUnknown && (
        <p className={styles.note} role="status" data-testid="balance-wait">
          <Spinner size={16} /> {t('confirmWindow.balanceWait.reading')}
        </p>
      )}
      {loading && (
        <p className={styles.warning} role="status">
          {t('confirm.tx.troubleConnecting', { product })}
        </p>
      )}
      {tx.simulationFails && (
        <p className={styles.warning} role="note">
          {tx.simulationFails.errorKey === 'transactionErrorNoContract'
            ? t('confirm.tx.noContract')
            : t('confirm.tx.likelyFail', { reason: tx.simulationFails.reason })}
        </p>
      )}
      <dl className={styles.details} data-testid="tx-details">
        {view.token ? (
          <>
            {view.token.counterparty && (
              <div>
                <dt>
                  {view.title === 'approve' ? t('confirm.tx.spender') : t('confirm.tx.recipient')}
                </dt>
                <dd>
                  <Address value={view.token.counterparty} />
                </dd>
              </div>
            )}
            {view.token.from && (
              <div>
                <dt>{t('confirm.tx.owner')}</dt>
                <dd>
                  <Address value={view.token.from} />
                </dd>
              </div>
            )}
            {view.token.amount !== null && (
              <div>
                <dt>
                  {view.title === 'approve' ? t('confirm.tx.allowance') : t('confirm.tx.amount')}
                </dt>
                <dd data-testid="tx-token-amount">
                  {view.token.symbol
                    ? `${view.token.amount} ${view.token.symbol}`
                    : view.token.amountIsCount
                      ? view.token.amount
                      : t('confirm.tx.rawUnits', { amount: view.token.amount })}
                  {tokenFiat && <span className={styles.muted}> ≈ {tokenFiat}</span>}
                </dd>
              </div>
            )}
            {view.token.tokenId !== null && (
              <div>
                <dt>{t('confirm.tx.tokenId')}</dt>
                <dd>{view.token.tokenId}</dd>
              </div>
            )}
            <div>
              <dt>{t('confirm.tx.contract')}</dt>
              <dd>
                <Address value={view.token.contract} />
              </dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t('confirm.tx.to')}</dt>
            <dd>{view.to ? <Address value={view.to} /> : t('confirm.tx.newContract')}</dd>
          </div>
        )}
        <div>
          <dt>{t('confirm.tx.value')}</dt>
          <dd data-testid="tx-value">
            {weiToEther(view.valueWei)} {ticker}
            {valueFiat && <span className={styles.muted}> ≈ {valueFiat}</span>}
          </dd>
        </div>
      </dl>

      <section className={styles.feeBox} aria-labelledby="tx-fees">
        <div className={styles.feeHeader}>
          <h2 id="tx-fees" className={styles.sectionTitle}>
            {t('confirm.tx.fees')}
          </h2>
          <FeeEditor
            values={fees}
            presets={presets}
            baseFee={baseFee(ui.GasFeeController)}
            ticker={ticker}
            valueWei={view.valueWei}
            onSave={setFees}
          />
        </div>
        {presets.length > 1 && (
          <div className={styles.speeds} role="group" aria-label={t('fees.speed')}>
            {presets.map((preset) => (
              <Button
                key={preset.speed}
                size="sm"
                variant={fees.speed === preset.speed ? 'primary' : 'secondary'}
                aria-pressed={fees.speed === preset.speed}
                onClick={() => setFees((current) => withPreset(current, preset))}
              >
                {t(`fees.speeds.${preset.speed}`)}
              </Button>
            ))}
          </div>
        )}
        <dl className={styles.details} data-testid="tx-fee-summary">
          {likely && (
            <div>
              <dt>{t('fees.likelyFee')}</dt>
              <dd>
                {weiToEther(likely)} {ticker}
              </dd>
            </div>
          )}
          {maxFee && (
            <div>
              <dt>{t('fees.maxTransactionFee')}</dt>
              <dd>{t('confirm.tx.upTo', { amount: `${weiToEther(maxFee)} ${ticker}` })}</dd>
            </div>
          )}
          {total && (
            <div>
              <dt>{t('confirm.tx.total')}</dt>
              <dd className={styles.total}>
                {weiToEther(total)} {ticker}
              </dd>
            </div>
          )}
        </dl>
        {hasErrors(check) && (
          <ul className={styles.error} role="alert">
            {Object.values(check.errors).map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        )}
      </section>

      {short && (
        <div className={styles.danger} role="alert" data-testid="insufficient-funds">
          <span className={styles.dangerTitle}>{t('confirm.tx.insufficientFunds')}</span>
          {walletFeatures(ui).topup && (
            <a href="wallet/topup" target="_blank" rel="noopener" className={styles.link}>
              {t('confirm.tx.topUp')}
            </a>
          )}
        </div>
      )}

      {view.data && (
        <div className={styles.body}>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showData}
            onClick={() => setShowData((shown) => !shown)}
          >
            {showData ? t('confirm.tx.lessDetails') : t('confirm.tx.moreDetails')}
          </Button>
          {showData && (
            <pre className={styles.message} tabIndex={0} aria-label={t('confirm.tx.data')}>
              {view.data}
            </pre>
          )}
        </div>
      )}
    </ApprovalFrame>
  );
});

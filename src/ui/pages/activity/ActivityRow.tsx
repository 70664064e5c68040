import { observer } from 'mobx-react-lite';
import { ArrowDownLeft, ArrowUpRight, ChevronDown, FileCode2, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatTokenAmount } from '../../format/amounts';
import { useNotify } from '../../toasts/toast-context';
import { shortenAddress } from '../../view-models/accounts';
import { cancelAllowedAt, replacementFee, type ActivityItem } from '../../view-models/activity';
import styles from './ActivityPage.module.css';
import { SpeedUpDialog } from './SpeedUpDialog';

const ICONS = {
  send: ArrowUpRight,
  receive: ArrowDownLeft,
  topup: Wallet,
  contractInteraction: FileCode2,
  contractDeployment: FileCode2,
} as const;

/** The fee of one replacement (cancel: 21000 gas; speed-up: the original's gas), 11/10 of the price. */
function replacementCost(item: ActivityItem, cancel: boolean): bigint | null {
  if (!item.gasPrice) return null;
  const gas = cancel ? 21_000n : BigInt(item.gas ?? '0x5208');
  return gas * replacementFee(BigInt(item.gasPrice));
}

/** One activity row: summary, and on expand the details with cancel / speed-up / retry (D9). */
export const ActivityRow = observer(function ActivityRow({
  item,
  ticker,
  explorer,
  now,
  locale,
  initiallyOpen = false,
}: {
  item: ActivityItem;
  ticker: string;
  explorer: string;
  now: number;
  locale: string;
  /** Expanded from the start (the row a notification opened). */
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const notify = useNotify();
  const [open, setOpen] = useState(initiallyOpen);
  const detailsId = useId();
  const Icon = ICONS[item.type];
  const amount = item.value
    ? `${formatTokenAmount(item.value, 18, 4)} ${item.symbol}`
    : item.symbol;
  const counterparty = item.type === 'receive' ? item.from : item.to;
  const allowedAt = cancelAllowedAt(item);
  const show = (wei: bigint | null) =>
    wei === null ? '—' : `${formatTokenAmount(wei.toString(), 18, 6)} ${ticker}`;
  const when = (ms: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const replace = (kind: 'cancelTransaction' | 'speedUpTransaction' | 'retryTransaction') =>
    actions[kind](item.txId!).catch((error: unknown) => {
      notify.error(error);
      throw error;
    });

  return (
    <div
      className={styles.row}
      data-testid="activity-row"
      data-status={item.status}
      data-type={item.type}
    >
      <button
        type="button"
        className={styles.summary}
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Icon aria-hidden="true" className={styles.typeIcon} />
        <span className={styles.main}>
          <span className={styles.action}>
            {t(`walletActivity.action.${item.type}`)}{' '}
            {counterparty && <span className={styles.mono}>{shortenAddress(counterparty)}</span>}
          </span>
          <span className={styles.date}>{when(item.time)}</span>
        </span>
        <span className={styles.side}>
          <span className={styles.amount}>{amount}</span>
          <span className={styles.chip} data-status={item.status}>
            {t(`walletActivity.${item.status}`)}
          </span>
        </span>
        <ChevronDown aria-hidden="true" className={styles.chevron} data-open={open} />
      </button>
      {open && (
        <div id={detailsId} className={styles.details}>
          <dl className={styles.grid}>
            <dt>{t('walletActivity.headerFrom')}</dt>
            <dd className={styles.mono}>{item.from}</dd>
            <dt>{t('walletActivity.headerTo')}</dt>
            <dd className={styles.mono}>{item.to || '—'}</dd>
            <dt>{t('walletActivity.nonce')}</dt>
            <dd>{item.nonce === null ? '—' : Number(item.nonce)}</dd>
            <dt>{t('walletActivity.gas')}</dt>
            <dd>{item.gas === null ? '—' : Number(item.gas)}</dd>
            <dt>{t('walletActivity.gasPrice')}</dt>
            <dd>
              {item.gasPrice === null
                ? '—'
                : `${formatTokenAmount(BigInt(item.gasPrice).toString(), 9, 2)} Gwei`}
            </dd>
          </dl>
          <div className={styles.rowActions}>
            {explorer && item.hash && (
              <a
                href={`${explorer.replace(/\/+$/u, '')}/tx/${item.hash}`}
                target="_blank"
                rel="noreferrer"
                className={styles.link}
              >
                {t('walletActivity.viewOnEtherscan')}
              </a>
            )}
            {allowedAt !== null && (
              <>
                {item.txId && <SpeedUpDialog txId={item.txId} ticker={ticker} />}
                <ConfirmDialog
                  title={t('walletActivity.cancelModalTitle')}
                  description={t('walletActivity.cancelModalDesc', {
                    fee: show(replacementCost(item, true)),
                  })}
                  confirmLabel={t('walletActivity.cancelModalConfirm')}
                  cancelLabel={t('walletActivity.cancelModalClose')}
                  destructive
                  onConfirm={() => replace('cancelTransaction')}
                  trigger={
                    <Button size="sm" variant="danger" disabled={now < allowedAt}>
                      {t('walletActivity.cancelButton')}
                    </Button>
                  }
                />
                <p className={styles.hint}>
                  {now < allowedAt
                    ? t('walletActivity.cancelButtonTooltipDisabled', {
                        time: new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(
                          allowedAt,
                        ),
                      })
                    : t('walletActivity.cancelButtonTooltip', {
                        fee: show(replacementCost(item, true)),
                      })}
                </p>
              </>
            )}
            {item.status === 'unsuccessful' && item.txId && (
              <Button
                size="sm"
                onClick={() => void replace('retryTransaction').catch(() => undefined)}
              >
                {t('walletActivity.retry')}
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
});

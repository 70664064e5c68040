import { observer } from 'mobx-react-lite';
import { Globe } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { selectedAccount, shortenAddress } from '../../view-models/accounts';
import { failureMessage } from '../../view-models/action-errors';
import {
  actingAccount,
  dappIdentity,
  originLabel,
  type PendingApproval,
} from '../../view-models/approvals';
import { displayDecimals, formatTokenAmount } from '../../format/amounts';
import styles from './Confirm.module.css';

export interface ApprovalFrameProps {
  request: PendingApproval;
  position: number;
  total: number;
  /** The screen's heading (the window's one h1). */
  title: string;
  children: ReactNode;
  /** The approve button's label: Confirm, Allow, Add, Sign… */
  approveLabel: string;
  /** False until the screen's own conditions hold (an acknowledgement, valid fees). */
  canApprove?: boolean;
  /** The value sent with approveRequest (connect's accounts and period, fee overrides). */
  approveValue?: () => unknown;
  /** Shown under the buttons when approval is not possible, e.g. why Confirm is disabled. */
  blockedReason?: ReactNode;
  /** Said (as a status) while the approval is being applied, e.g. "Changing the network…". */
  busyNote?: string;
}

/**
 * The common frame of every approval screen (views.md §3.7): who asks (the dapp's icon, name
 * and origin), where it stands in the queue, the network and the acting account with its
 * balance, then the screen's own content and Deny / approve. Escape does nothing here: an
 * approval is only ever given or refused by its own buttons.
 */
export const ApprovalFrame = observer(function ApprovalFrame({
  request,
  position,
  total,
  title,
  children,
  approveLabel,
  canApprove = true,
  approveValue,
  blockedReason,
  busyNote,
}: ApprovalFrameProps) {
  const { t } = useTranslation();
  const actions = useActions();
  const ui = useStore().ui;
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { name, icon } = dappIdentity(ui.ApprovalController, request.origin);
  const network = ui.NetworkController.providerConfig;
  const account = actingAccount(request, ui.PreferencesController.selectedAddress);
  const balance = account ? ui.AccountTrackerController.accounts[account]?.balance : undefined;
  const ticker = network.ticker;
  const selected = selectedAccount(ui);

  const settle = (kind: 'approve' | 'reject') => {
    setBusy(kind);
    setError(null);
    const done =
      kind === 'approve'
        ? actions.approveRequest(request.id, (approveValue?.() ?? undefined) as never)
        : actions.rejectRequest(request.id);
    done.catch((failure: unknown) => {
      const { key, text } = failureMessage(failure);
      setError(key ? t(key) : t('confirm.failed', { reason: text }));
      setBusy(null);
    });
  };

  return (
    <article className={styles.frame} aria-labelledby="confirm-title">
      <header className={styles.requester}>
        {icon ? (
          <img className={styles.dappIcon} src={icon} alt="" width={40} height={40} />
        ) : (
          <span className={styles.dappIcon} aria-hidden="true">
            <Globe />
          </span>
        )}
        <div className={styles.requesterText}>
          <span className={styles.muted}>{t('confirm.requestFrom')}</span>
          {name && <span className={styles.dappName}>{name}</span>}
          <span className={styles.origin} data-testid="confirm-origin">
            {originLabel(request.origin)}
          </span>
        </div>
        {total > 1 && (
          <span className={styles.queue} data-testid="confirm-queue">
            {t('confirm.queue', { position, total })}
          </span>
        )}
      </header>

      <h1 id="confirm-title" className={styles.title}>
        {title}
      </h1>

      <dl className={styles.context}>
        <div>
          <dt>{t('confirm.network')}</dt>
          <dd>
            {network.networkName || network.type}{' '}
            <span className={styles.muted}>({BigInt(network.chainId).toString()})</span>
          </dd>
        </div>
        {account && (
          <div>
            <dt>{t('confirm.account')}</dt>
            <dd>
              <span aria-label={account} title={account} className={styles.mono}>
                {shortenAddress(account)}
              </span>
              {balance !== undefined && (
                <span className={styles.muted}>
                  {' · '}
                  {formatTokenAmount(balance, 18, displayDecimals(ticker, ticker))} {ticker}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
      {account && selected && account !== selected.address && request.type !== 'connect' && (
        <p className={styles.warning} role="note">
          {t('confirm.notSelectedAccount')}
        </p>
      )}

      <div className={styles.body}>{children}</div>

      <footer className={styles.actions}>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {!canApprove && blockedReason && <p className={styles.blocked}>{blockedReason}</p>}
        {busy === 'approve' && busyNote && (
          <p role="status" className={styles.note}>
            {busyNote}
          </p>
        )}
        <div className={styles.buttons}>
          <Button
            variant="secondary"
            fullWidth
            loading={busy === 'reject'}
            disabled={busy !== null}
            onClick={() => settle('reject')}
          >
            {t('confirm.deny')}
          </Button>
          <Button
            variant="primary"
            fullWidth
            loading={busy === 'approve'}
            disabled={!canApprove || busy !== null}
            onClick={() => settle('approve')}
          >
            {approveLabel}
          </Button>
        </div>
      </footer>
    </article>
  );
});

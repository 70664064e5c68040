/**
 * The in-page approval modal of the embed iframe: the host's oldest pending request, with
 * Approve and Reject. Closing it (Esc, the close button) rejects, as the dapp must hear an
 * answer. Radix's dialog (via our Dialog wrapper) keeps focus inside while it is open.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { RemoteActionApi } from '../../../background/contract/action-api';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import type { RootStore } from '../../stores/root-store';
import { approvalForOrigin } from './view-model';
import styles from './ApprovalModal.module.css';

export interface ApprovalModalProps {
  store: RootStore;
  actions: RemoteActionApi;
  origin: string;
  walletUrl: string;
}

export const ApprovalModal = observer(function ApprovalModal({
  store,
  actions,
  origin,
  walletUrl,
}: ApprovalModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const view = store.state ? approvalForOrigin(store.state, origin) : null;
  if (!view) return null;

  const settle = (approve: boolean) => {
    setBusy(true);
    setFailed(false);
    const done = approve
      ? actions.approveRequest(view.id, view.value as never)
      : actions.rejectRequest(view.id);
    Promise.resolve(done)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) settle(false);
      }}
      title={t(`embed.approval.title.${view.kind}`)}
      description={t('embed.approval.from', { origin: view.origin })}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => settle(false)}>
            {t('embed.approval.reject')}
          </Button>
          <Button
            variant="primary"
            disabled={busy || view.blocked !== null}
            onClick={() => settle(true)}
          >
            {t('embed.approval.approve')}
          </Button>
        </>
      }
    >
      {view.details.length > 0 && (
        <dl className={styles.details}>
          {view.details.map((detail) => (
            <div key={detail.label} className={styles.row}>
              <dt>{t(`embed.approval.detail.${detail.label}`)}</dt>
              <dd>
                <pre className={styles.value} tabIndex={0}>
                  {detail.value}
                </pre>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {view.blocked && (
        <p className={styles.notice} role="status">
          {t(`embed.approval.blocked.${view.blocked}`)}{' '}
          <a href={`${walletUrl}/`} target="_blank" rel="noopener">
            {t('embed.approval.openWallet')}
          </a>
        </p>
      )}
      {failed && (
        <p className={styles.notice} role="alert">
          {t('embed.approval.failed')}
        </p>
      )}
    </Dialog>
  );
});

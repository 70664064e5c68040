import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { failureMessage } from '../../view-models/action-errors';
import { dappIdentity, originLabel } from '../../view-models/approvals';
import { ApprovalFrame } from './ApprovalFrame';
import type { RequestDataOf, ScreenProps } from './screen-props';
import styles from './Confirm.module.css';

/** The dapp's own name when it gave one, else its origin. */
function useSiteName(origin: string): string {
  const approvals = useStore().ui.ApprovalController;
  return dappIdentity(approvals, origin).name ?? originLabel(origin);
}

/** C5: the site asks for the account's public encryption key (it can then encrypt to it). */
export function EncryptionKeyScreen({ request, position, total }: ScreenProps) {
  const { t } = useTranslation();
  const site = useSiteName(request.origin);
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.encryption.title')}
      approveLabel={t('confirm.encryption.allow')}
    >
      <p>{t('confirm.encryption.intro', { site })}</p>
      <p className={styles.note}>{t('confirm.encryption.note')}</p>
    </ApprovalFrame>
  );
}

/**
 * C6: the site asks to read a message encrypted to the account. "Decrypt message" shows the
 * plaintext here first (decryptMessageInline, views.md G10); the site gets it only on Allow.
 */
export function DecryptScreen({ request, position, total }: ScreenProps) {
  const { t } = useTranslation();
  const actions = useActions();
  const site = useSiteName(request.origin);
  const data = request.requestData as RequestDataOf<'decrypt'>;
  const [plaintext, setPlaintext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reveal = () => {
    setBusy(true);
    setError(null);
    actions
      .decryptMessageInline(request.id)
      .then(setPlaintext, (failure: unknown) => {
        const { key, text } = failureMessage(failure);
        setError(key ? t(key) : t('confirm.failed', { reason: text }));
      })
      .finally(() => setBusy(false));
  };
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.decrypt.title')}
      approveLabel={t('confirm.decrypt.allow')}
    >
      <p>{t('confirm.decrypt.intro', { site })}</p>
      <h2 className={styles.sectionTitle}>
        {plaintext === null ? t('confirm.decrypt.encrypted') : t('confirm.decrypt.plaintext')}
      </h2>
      <pre className={styles.message} tabIndex={0} aria-live="polite" data-testid="decrypt-message">
        {plaintext ?? data.data}
      </pre>
      {plaintext === null && (
        <Button variant="secondary" loading={busy} onClick={reveal}>
          {t('confirm.decrypt.reveal')}
        </Button>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </ApprovalFrame>
  );
}

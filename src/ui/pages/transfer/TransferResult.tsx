import { observer } from 'mobx-react-lite';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/TextField';
import { CarriedLink } from '../../routes/carried-links';
import { useNotify } from '../../toasts/toast-context';
import type { PendingSend } from './TransferConfirm';
import styles from './TransferPage.module.css';

type Outcome = 'processing' | 'success' | 'failed';

/** 'POST /transaction/sendemail … after a 2 s wait' (spec part 2 §7): once the send is on the network. */
export const TRANSFER_EMAIL_DELAY_MS = 2_000;

function outcomeOf(status: string | undefined): Outcome {
  if (status === 'confirmed') return 'success';
  if (status === 'failed' || status === 'dropped' || status === 'rejected') return 'failed';
  return 'processing';
}

/**
 * After confirm: processing until mined, then done or failed (spec part 2 §4); links to
 * Activity and the explorer; a new recipient can be saved to the address book.
 */
export const TransferResult = observer(function TransferResult({
  send,
  txId,
  recipient,
  onAnother,
}: {
  send: PendingSend;
  txId: string;
  recipient: { kind: string; id: string };
  onAnother(): void;
}) {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const tx = ui.TransactionController.uiTransactions.find((candidate) => candidate.id === txId);
  const outcome = outcomeOf(tx?.status);
  const explorer = ui.NetworkController.providerConfig.blockExplorer;
  const address = ui.PreferencesController.selectedAddress ?? '';
  const records = ui.BackendRecordsController.records[address];
  const known = records?.contacts.some(
    (contact) =>
      contact.contact_verifier === recipient.kind &&
      contact.contact_verifier_id.toLowerCase() === recipient.id.toLowerCase(),
  );
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  // A recipient sent to by e-mail login hears of it by e-mail, once, when the hash is known.
  const emailed = useRef(false);
  const [emailState, setEmailState] = useState<'sent' | 'failed' | null>(null);
  const hash = tx?.hash;
  useEffect(() => {
    if (recipient.kind !== 'google' || !hash || outcome === 'failed' || emailed.current) return;
    const timer = setTimeout(() => {
      emailed.current = true;
      actions
        .sendTransferEmail(txId, { email: recipient.id, amount: send.amount, symbol: send.symbol })
        .then(
          () => setEmailState('sent'),
          () => setEmailState('failed'),
        );
    }, TRANSFER_EMAIL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actions, hash, outcome, recipient.id, recipient.kind, send.amount, send.symbol, txId]);
  const Icon = outcome === 'success' ? CheckCircle2 : outcome === 'failed' ? XCircle : Clock;

  const addContact = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setSaving(true);
    await notify.outcome(
      actions.addContact({
        name: name.trim(),
        contact_verifier: recipient.kind,
        contact_verifier_id: recipient.id,
      }),
      { success: 'walletTransfer.contactAdded', failure: 'walletTransfer.contactAddFailed' },
    );
    setSaving(false);
  };

  return (
    <Card aria-labelledby="transfer-result" data-testid="transfer-result" data-outcome={outcome}>
      <div className={styles.resultHead} data-outcome={outcome}>
        <Icon aria-hidden="true" className={styles.resultIcon} />
        <h2 id="transfer-result" className={styles.heading}>
          {t(`walletTransfer.result.${outcome}.title`)}
        </h2>
      </div>
      <p role="status">
        {t(`walletTransfer.result.${outcome}.message`, {
          amount: send.amount,
          symbol: send.symbol,
        })}
      </p>
      {emailState && (
        <p role="status" data-testid="transfer-email">
          {t(`transferExtras.email.${emailState}`, { email: recipient.id })}
        </p>
      )}
      <div className={styles.links}>
        <CarriedLink to="/wallet/history">{t('walletTransfer.viewActivity')}</CarriedLink>
        {explorer && tx?.hash && (
          <a
            href={`${explorer.replace(/\/+$/u, '')}/tx/${tx.hash}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('walletTransfer.viewOnExplorer')}
          </a>
        )}
      </div>
      {records && !known && (
        <form className={styles.contactForm} onSubmit={(event) => void addContact(event)}>
          <p>{t('walletTransfer.clickToAddContact')}</p>
          <TextField
            label={t('walletTransfer.contactName')}
            placeholder={t('walletTransfer.enterName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" loading={saving} disabled={!name.trim()}>
            {t('walletTransfer.addContact')}
          </Button>
        </form>
      )}
      <Button variant="primary" onClick={onAnother}>
        {t('walletTransfer.sendAnother')}
      </Button>
    </Card>
  );
});

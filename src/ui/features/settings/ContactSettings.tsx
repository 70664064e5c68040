import { observer } from 'mobx-react-lite';
import { Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  CONTACT_VERIFIERS,
  DEFAULT_CONTACT_VERIFIER,
  validateContact,
} from '../../../shared/contact-validation';
import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useNotify } from '../../toasts/toast-context';
import { walletFeatures } from '../../view-models/white-label';
import { contactsOf, isSignedIn } from '../../view-models/settings';
import styles from './Settings.module.css';

const ALL = 'all';

/**
 * Contacts (views.md §3.13 S3): kept on the backend, so shown and changed only while signed
 * in. Identifiers are checked by login type as typed (the engine checks again); duplicates are
 * refused. ETH-transfer-only white-labels offer Ethereum addresses only.
 */
export const ContactSettings = observer(function ContactSettings() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const signedIn = isSignedIn(ui);
  const contacts = contactsOf(ui);
  const kinds = walletFeatures(ui).ethTransferOnly ? [DEFAULT_CONTACT_VERIFIER] : CONTACT_VERIFIERS;
  const chainId = Number.parseInt(ui.NetworkController.providerConfig.chainId, 16);
  const [kind, setKind] = useState<string>(DEFAULT_CONTACT_VERIFIER);
  const [name, setName] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [idError, setIdError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState(ALL);
  const kindOptions = kinds.map((value) => ({ value, label: t(`walletSettings.kinds.${value}`) }));

  const check = (value: string) =>
    value.trim()
      ? validateContact({ contact_verifier: kind, contact_verifier_id: value }, contacts, chainId)
      : null;

  const add = async () => {
    const nameKey = name.trim() ? null : 'walletSettings.required';
    const idKey = identifier.trim() ? check(identifier) : 'walletSettings.required';
    setNameError(nameKey && t(nameKey));
    setIdError(idKey && t(idKey));
    if (nameKey || idKey) return;
    setBusy(true);
    const done = await notify.outcome(
      actions.addContact({
        name: name.trim(),
        contact_verifier: kind,
        contact_verifier_id: identifier.trim(),
      }),
      { success: 'navBar.snackSuccessContactAdd', failure: 'navBar.snackFailContactAdd' },
    );
    setBusy(false);
    if (done) {
      setName('');
      setIdentifier('');
    }
  };

  const shown = contacts.filter(
    (contact) =>
      (filter === ALL || contact.contact_verifier === filter) &&
      contact.name.toLowerCase().includes(search.trim().toLowerCase()),
  );

  return (
    <Card aria-labelledby="settings-contacts">
      <h2 id="settings-contacts" className={styles.heading}>
        {t('walletSettings.sections.contacts')}
      </h2>
      {!signedIn ? (
        <p className={styles.muted} data-testid="contacts-signed-out">
          {t('walletSettings.contactsSignedOut')}
        </p>
      ) : (
        <>
          <form
            className={styles.inlineForm}
            noValidate
            data-testid="contact-form"
            aria-label={t('walletSettings.addNewContact')}
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <Select
              label={t('walletSettings.contactType')}
              value={kind}
              options={kindOptions}
              onValueChange={(value) => {
                setKind(value);
                setIdError(null);
              }}
              testId="contact-type"
            />
            <TextField
              label={t('walletSettings.contactName')}
              autoComplete="off"
              value={name}
              error={nameError}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
            />
            <TextField
              label={t(`walletSettings.kinds.${kind}`)}
              autoComplete="off"
              spellCheck={false}
              value={identifier}
              error={idError}
              onChange={(event) => setIdentifier(event.target.value)}
              onBlur={() => {
                const key = check(identifier);
                setIdError(key && t(key));
              }}
            />
            <Button
              type="submit"
              variant="primary"
              loading={busy}
              icon={<UserPlus aria-hidden="true" />}
            >
              {t('walletSettings.addContact')}
            </Button>
          </form>
          {contacts.length === 0 ? (
            <p className={styles.muted}>{t('walletSettings.noContacts')}</p>
          ) : (
            <>
              <div className={styles.toolbar}>
                <TextField
                  label={t('walletSettings.searchByName')}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
                <Select
                  label={t('walletSettings.filterByType')}
                  value={filter}
                  options={[{ value: ALL, label: t('walletSettings.all') }, ...kindOptions]}
                  onValueChange={setFilter}
                />
              </div>
              <ul className={styles.list} aria-label={t('walletSettings.listContacts')}>
                {shown.map((contact) => (
                  <li key={contact.id} className={styles.row} data-testid="contact-row">
                    <div className={styles.rowText}>
                      <span className={styles.rowTitle}>{contact.name}</span>
                      <span className={styles.rowMeta}>
                        {t(`walletSettings.kinds.${contact.contact_verifier}`, {
                          defaultValue: contact.contact_verifier,
                        })}
                      </span>
                      <span className={styles.rowMono}>{contact.contact_verifier_id}</span>
                    </div>
                    <ConfirmDialog
                      trigger={
                        <Button
                          size="sm"
                          variant="ghost"
                          icon={<Trash2 aria-hidden="true" />}
                          aria-label={t('walletSettings.deleteNamed', { name: contact.name })}
                        >
                          {t('walletSettings.delete')}
                        </Button>
                      }
                      title={t('walletSettings.deleteContactTitle')}
                      description={t('walletSettings.deleteContactBody', { name: contact.name })}
                      confirmLabel={t('walletSettings.delete')}
                      destructive
                      onConfirm={async () => {
                        const done = await notify.outcome(actions.deleteContact(contact.id), {
                          success: 'navBar.snackSuccessContactDelete',
                          failure: 'navBar.snackFailContactDelete',
                        });
                        if (!done) throw new Error('not deleted');
                      }}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
});

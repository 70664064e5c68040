import { TriangleAlert } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { failureMessage } from '../../view-models/action-errors';
import { keystoreFileName, shortenAddress } from '../../view-models/accounts';
import { newPasswordErrors } from '../../view-models/password';
import styles from './AddAccountForms.module.css';

/** Saves text as a file through a temporary object URL (nothing leaves the browser). */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download wallet" (views.md §3.13 S1, G18): the account as a keystore file encrypted with a
 * new password that meets the key password rules. The engine never hands out the raw key.
 */
export function ExportKeystoreDialog({
  address,
  open,
  onOpenChange,
  returnFocusTo,
  onExported,
}: {
  address: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  onExported(): void;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setPassword('');
    setConfirmation('');
    setErrors({});
    setFailure(null);
  };
  const submit = async () => {
    const found = newPasswordErrors(password, confirmation);
    setErrors(found);
    setFailure(null);
    if (found.password || found.confirmation) return;
    setBusy(true);
    try {
      const file = await actions.exportKeystore(address, password);
      saveFile(keystoreFileName(address, new Date()), file);
      reset();
      onExported();
    } catch (error) {
      const { key, text } = failureMessage(error);
      setFailure(key ? t(key) : text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      returnFocusTo={returnFocusTo}
      title={t('accountMenu.exportTitle')}
      description={t('accountMenu.exportDescription', { address: shortenAddress(address) })}
    >
      <form
        className={styles.form}
        noValidate
        data-testid="export-keystore-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className={styles.warning} role="note">
          <TriangleAlert aria-hidden="true" />
          <span>{t('accountMenu.exportWarning')}</span>
        </p>
        <TextField
          label={t('accountMenu.exportPassword')}
          description={t('accountMenu.exportPasswordHint')}
          type="password"
          revealable
          autoComplete="new-password"
          value={password}
          error={errors.password ? t(errors.password) : null}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={t('accountMenu.exportConfirmPassword')}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          error={errors.confirmation ? t(errors.confirmation) : null}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" variant="primary" fullWidth loading={busy}>
          {t('accountMenu.exportDownload')}
        </Button>
      </form>
    </Dialog>
  );
}

import { FileJson, KeyRound, Sparkles, Sprout } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { FileField, TextAreaField, TextField } from '../../components/TextField';
import { failureMessage } from '../../view-models/action-errors';
import styles from './AddAccountForms.module.css';

type Outcome = (address: string) => void;

/** Runs one add-account action: busy while it runs, the failure shown on the form (translated when known). */
function useAddAccount(onAdded: Outcome) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      onAdded(await action());
    } catch (failure) {
      const { key, text } = failureMessage(failure);
      setError(key ? t(key) : text);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function Form({
  onSubmit,
  children,
  testId,
}: {
  onSubmit(): void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <form
      className={styles.form}
      data-testid={testId}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

function NewAccountForm({ onAdded }: { onAdded: Outcome }) {
  const { t } = useTranslation();
  const actions = useActions();
  const { busy, error, run } = useAddAccount(onAdded);
  return (
    <Form testId="new-account-form" onSubmit={() => void run(() => actions.createNewAccount())}>
      <p className={styles.hint}>{t('accountMenu.newAccountHint')}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" fullWidth loading={busy}>
        {t('accountMenu.createAccount')}
      </Button>
    </Form>
  );
}

function PrivateKeyForm({ onAdded }: { onAdded: Outcome }) {
  const { t } = useTranslation();
  const actions = useActions();
  const [key, setKey] = useState('');
  const { busy, error, setError, run } = useAddAccount(onAdded);
  return (
    <Form
      testId="private-key-form"
      onSubmit={() => {
        if (!key.trim()) setError(t('accountMenu.errors.emptyKey'));
        else void run(() => actions.importAccountWithPrivateKey(key.trim()));
      }}
    >
      <TextField
        label={t('accountMenu.privateKey')}
        description={t('accountMenu.privateKeyHint')}
        type="password"
        revealable
        autoComplete="off"
        spellCheck={false}
        value={key}
        error={error}
        onChange={(event) => setKey(event.target.value)}
      />
      <Button type="submit" variant="primary" fullWidth loading={busy}>
        {t('accountMenu.import')}
      </Button>
    </Form>
  );
}

function SeedPhraseForm({ onAdded }: { onAdded: Outcome }) {
  const { t } = useTranslation();
  const actions = useActions();
  const [phrase, setPhrase] = useState('');
  const [index, setIndex] = useState('0');
  const [indexError, setIndexError] = useState<string | null>(null);
  const { busy, error, setError, run } = useAddAccount(onAdded);
  return (
    <Form
      testId="seed-phrase-form"
      onSubmit={() => {
        const accountIndex = Number(index);
        const indexOk = /^\d+$/.test(index.trim()) && accountIndex < 2 ** 31;
        setIndexError(indexOk ? null : t('accountMenu.errors.accountIndex'));
        if (!phrase.trim()) setError(t('accountMenu.errors.emptySeedPhrase'));
        else if (indexOk)
          void run(() => actions.importAccountWithSeedPhrase(phrase.trim(), accountIndex));
      }}
    >
      <TextAreaField
        label={t('accountMenu.seedPhrase')}
        description={t('accountMenu.seedPhraseHint')}
        autoComplete="off"
        spellCheck={false}
        value={phrase}
        error={error}
        onChange={(event) => setPhrase(event.target.value)}
      />
      <TextField
        label={t('accountMenu.accountIndex')}
        description={t('accountMenu.accountIndexHint')}
        inputMode="numeric"
        value={index}
        error={indexError}
        onChange={(event) => setIndex(event.target.value)}
      />
      <Button type="submit" variant="primary" fullWidth loading={busy}>
        {t('accountMenu.import')}
      </Button>
    </Form>
  );
}

/** Keystore files are small JSON; anything larger is not one. */
const MAX_KEYSTORE_BYTES = 64 * 1024;

function KeystoreForm({ onAdded }: { onAdded: Outcome }) {
  const { t } = useTranslation();
  const actions = useActions();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = useAddAccount(onAdded);
  return (
    <Form
      testId="keystore-form"
      onSubmit={() => {
        setError(null);
        if (!file) return setFileError(t('accountMenu.errors.keystoreFile'));
        if (file.size > MAX_KEYSTORE_BYTES)
          return setFileError(t('accountMenu.errors.keystoreInvalid'));
        setFileError(null);
        if (!password) return setError(t('accountMenu.errors.keystorePasswordRequired'));
        void run(async () => actions.importAccountWithKeystore(await file.text(), password));
      }}
    >
      <FileField
        label={t('accountMenu.keystoreFile')}
        description={
          file ? t('accountMenu.selectedFile', { name: file.name }) : t('accountMenu.keystoreHint')
        }
        accept="application/json,.json"
        error={fileError}
        onFile={(chosen) => {
          setFile(chosen);
          setFileError(null);
        }}
      />
      <TextField
        label={t('accountMenu.keystorePassword')}
        type="password"
        revealable
        autoComplete="off"
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="primary" fullWidth loading={busy}>
        {t('accountMenu.import')}
      </Button>
    </Form>
  );
}

/**
 * Adds an account to the unlocked vault: a new one (a random key made in the engine), or an
 * import by private key, seed phrase or keystore file (views.md §4.2 D2). The login screen's
 * first-account step and the account menu's import dialog both use it.
 */
export function AddAccountForms({
  onAdded,
  allowNew = true,
}: {
  /** Called with the new account's address. */
  onAdded: Outcome;
  /** Offer "create a new account" (the first-account step does). */
  allowNew?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue={allowNew ? 'new' : 'privateKey'}>
      <TabList label={t('accountMenu.selectImportType')}>
        {allowNew && (
          <Tab value="new" icon={<Sparkles aria-hidden="true" />}>
            {t('accountMenu.tabNew')}
          </Tab>
        )}
        <Tab value="privateKey" icon={<KeyRound aria-hidden="true" />}>
          {t('accountMenu.tabPrivateKey')}
        </Tab>
        <Tab value="seedPhrase" icon={<Sprout aria-hidden="true" />}>
          {t('accountMenu.tabSeedPhrase')}
        </Tab>
        <Tab value="keystore" icon={<FileJson aria-hidden="true" />}>
          {t('accountMenu.tabKeystore')}
        </Tab>
      </TabList>
      {allowNew && (
        <TabPanel value="new">
          <NewAccountForm onAdded={onAdded} />
        </TabPanel>
      )}
      <TabPanel value="privateKey">
        <PrivateKeyForm onAdded={onAdded} />
      </TabPanel>
      <TabPanel value="seedPhrase">
        <SeedPhraseForm onAdded={onAdded} />
      </TabPanel>
      <TabPanel value="keystore">
        <KeystoreForm onAdded={onAdded} />
      </TabPanel>
    </Tabs>
  );
}

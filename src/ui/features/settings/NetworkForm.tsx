import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ActionApi } from '../../../background/contract/action-api';
import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { failureMessage } from '../../view-models/action-errors';
import {
  networkFormErrors,
  parseChainIdInput,
  type NetworkFormErrors,
  type NetworkFormInput,
} from '../../view-models/settings';
import styles from './Settings.module.css';

export type CustomNetwork = Awaited<ReturnType<ActionApi['addCustomNetwork']>>;

const EMPTY: NetworkFormInput = {
  networkName: '',
  host: '',
  chainId: '',
  symbol: '',
  blockExplorer: '',
};

/**
 * Add or edit a custom network (views.md §3.13 S2): checked as typed, then the RPC is asked for
 * its chain id (probeRpc) and must give the one entered before anything is saved.
 */
export function NetworkForm({
  editing,
  otherChainIds,
  onSaved,
}: {
  editing: CustomNetwork | null;
  otherChainIds: number[];
  onSaved(network: CustomNetwork): void;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const [input, setInput] = useState<NetworkFormInput>(
    editing
      ? {
          networkName: editing.networkName,
          host: editing.host,
          chainId: String(Number.parseInt(editing.chainId, 16)),
          symbol: editing.symbol,
          blockExplorer: editing.blockExplorer,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<NetworkFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof NetworkFormInput) => ({
    value: input[name],
    error: errors[name] ? t(errors[name]) : null,
    onChange: (event: { target: { value: string } }) =>
      setInput((previous) => ({ ...previous, [name]: event.target.value })),
  });

  const submit = async () => {
    const found = networkFormErrors(input, otherChainIds);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      let answered: number;
      try {
        answered = Number.parseInt(await actions.probeRpc(input.host.trim()), 16);
      } catch (error) {
        setErrors({ host: 'walletSettings.errors.rpcUnreachable' });
        console.warn('RPC probe failed', error);
        return;
      }
      if (answered !== parseChainIdInput(input.chainId)) {
        setFailure(t('walletSettings.errors.chainIdMismatch', { chainId: answered }));
        setErrors({ chainId: 'walletSettings.errors.chainIdDiffers' });
        return;
      }
      const value = {
        networkName: input.networkName.trim(),
        host: input.host.trim(),
        chainId: input.chainId.trim(),
        symbol: input.symbol.trim() || undefined,
        blockExplorer: input.blockExplorer.trim() || undefined,
      };
      onSaved(
        editing
          ? await actions.editCustomNetwork(editing.id, value)
          : await actions.addCustomNetwork(value),
      );
    } catch (error) {
      const { text } = failureMessage(error);
      setFailure(
        `${t(editing ? 'navBar.snackFailCustomNetworkUpdate' : 'navBar.snackFailCustomNetworkAdd')}: ${text}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="network-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('walletSettings.networkName')}
        autoComplete="off"
        {...field('networkName')}
      />
      <TextField
        label={t('walletSettings.rpcUrl')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        {...field('host')}
      />
      <TextField
        label={t('walletSettings.chainId')}
        description={t('walletSettings.chainIdHint')}
        autoComplete="off"
        spellCheck={false}
        {...field('chainId')}
      />
      <TextField
        label={t('walletSettings.symbol')}
        description={t('walletSettings.symbolHint')}
        autoComplete="off"
        {...field('symbol')}
      />
      <TextField
        label={t('walletSettings.blockExplorer')}
        description={t('walletSettings.optional')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        {...field('blockExplorer')}
      />
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" variant="primary" fullWidth loading={busy}>
        {busy ? t('walletSettings.checkingRpc') : t('walletSettings.save')}
      </Button>
    </form>
  );
}

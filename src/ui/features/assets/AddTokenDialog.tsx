import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { ActionApi } from '../../../background/contract/action-api';
import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import {
  assetFailure,
  contractAddressError,
  decimalsError,
  previewBalance,
} from '../../view-models/add-asset';
import styles from './AddAsset.module.css';

type TokenPreview = Awaited<ReturnType<ActionApi['readTokenMetadata']>>;

/**
 * Add token (views.md §4.5): the contract address, then the engine's on-chain checks (a valid
 * address with code, not a duplicate) and its symbol, name, decimals and the account's balance,
 * editable before "Would you like to add this token?" → Add.
 */
export const AddTokenDialog = observer(function AddTokenDialog({
  trigger,
}: {
  trigger: ReactNode;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const { ui } = useStore();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [preview, setPreview] = useState<TokenPreview | null>(null);
  const [symbol, setSymbol] = useState('');
  const [name, setName] = useState('');
  const [decimals, setDecimals] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setAddress('');
    setPreview(null);
    setFieldError(null);
    setFailure(null);
  };
  const showFailure = (error: unknown) => {
    const { key, text } = assetFailure(error);
    return key ? t(key) : text;
  };

  const readContract = async () => {
    const local = contractAddressError(address);
    setFieldError(local ? t(local) : null);
    setFailure(null);
    if (local) return;
    setBusy(true);
    try {
      const read = await actions.readTokenMetadata(address.trim());
      setPreview(read);
      setSymbol(read.symbol);
      setName(read.name);
      setDecimals(String(read.decimals));
    } catch (error) {
      setFieldError(showFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!preview) return;
    const wrongDecimals = decimalsError(decimals);
    setFailure(wrongDecimals ? t(wrongDecimals) : null);
    if (wrongDecimals) return;
    setBusy(true);
    try {
      await actions.addCustomToken({
        token_address: preview.address,
        token_symbol: symbol,
        token_name: name,
        decimals: Number(decimals),
      });
      reset();
      setOpen(false);
    } catch (error) {
      setFailure(showFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const ticker = ui.NetworkController.providerConfig.ticker;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        setOpen(next);
      }}
      trigger={trigger}
      title={t('homeAssets.addToken')}
      description={preview ? t('homeAssets.likeToAddToken') : t('homeAssets.addTokenDescription')}
    >
      {preview === null ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void readContract();
          }}
        >
          <TextField
            label={t('homeAssets.tokenContract')}
            // The one thing to do first: focus starts here, not on the close button.
            autoFocus
            value={address}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            error={fieldError}
            onChange={(event) => setAddress(event.target.value)}
          />
          <Button type="submit" variant="primary" fullWidth loading={busy}>
            {t('homeAssets.next')}
          </Button>
        </form>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <p className={styles.address} data-testid="token-preview-address">
            {preview.address}
          </p>
          <TextField
            label={t('homeAssets.symbol')}
            value={symbol}
            maxLength={20}
            onChange={(event) => setSymbol(event.target.value)}
          />
          <TextField
            label={t('homeAssets.name')}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('homeAssets.decimals')}
            value={decimals}
            inputMode="numeric"
            onChange={(event) => setDecimals(event.target.value)}
          />
          <p className={styles.balance}>
            <span>{t('homeAssets.balance')}</span>
            <span data-testid="token-preview-balance">
              {previewBalance(
                preview.balance,
                decimalsError(decimals) ? preview.decimals : Number(decimals),
                symbol,
                ticker,
              )}{' '}
              {symbol}
            </span>
          </p>
          {failure && (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="button" onClick={() => setPreview(null)} disabled={busy}>
              {t('homeAssets.back')}
            </Button>
            <Button type="submit" variant="primary" loading={busy}>
              {t('homeAssets.add')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
});

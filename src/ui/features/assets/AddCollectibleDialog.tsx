import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { ActionApi } from '../../../background/contract/action-api';
import { useActions } from '../../app-context';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { NftImage } from '../../pages/home/NftImage';
import { assetFailure, contractAddressError, tokenIdError } from '../../view-models/add-asset';
import styles from './AddAsset.module.css';

type CollectiblePreview = Awaited<ReturnType<ActionApi['readCollectible']>>;

/**
 * Add collectible (views.md §4.6): contract address and token id, then the engine's checks in
 * the spec's order (valid address with code, not a duplicate, a supported standard, an existing
 * token id, owned by the account) and its metadata → "Would you like to add this collectible?"
 * → Add. A refusal about the contract shows under the address, the others under the token id.
 */
export function AddCollectibleDialog({ trigger }: { trigger: ReactNode }) {
  const { t } = useTranslation();
  const actions = useActions();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [tokenId, setTokenId] = useState('');
  const [preview, setPreview] = useState<CollectiblePreview | null>(null);
  const [errors, setErrors] = useState<{ address?: string; tokenId?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setAddress('');
    setTokenId('');
    setPreview(null);
    setErrors({});
    setFailure(null);
  };
  const word = (error: unknown) => {
    const { key, text } = assetFailure(error);
    return { text: key ? t(key) : text, key };
  };

  const readCollectible = async () => {
    const wrongAddress = contractAddressError(address);
    const wrongId = tokenIdError(tokenId);
    setErrors({
      ...(wrongAddress ? { address: t(wrongAddress) } : {}),
      ...(wrongId ? { tokenId: t(wrongId) } : {}),
    });
    setFailure(null);
    if (wrongAddress || wrongId) return;
    setBusy(true);
    try {
      setPreview(await actions.readCollectible(address.trim(), tokenId.trim()));
    } catch (error) {
      const { text, key } = word(error);
      // The contract's faults belong to the address field; the token's to the id field.
      const aboutContract =
        key === 'homeAssets.errors.invalidContractAddress' ||
        key === 'homeAssets.errors.unSupportedStandard';
      setErrors(aboutContract ? { address: text } : { tokenId: text });
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!preview) return;
    setBusy(true);
    setFailure(null);
    try {
      await actions.addCustomNft({ nft_address: preview.address, nft_id: preview.tokenId });
      reset();
      setOpen(false);
    } catch (error) {
      setFailure(word(error).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        setOpen(next);
      }}
      trigger={trigger}
      title={t('homeAssets.addCollectible')}
      description={
        preview ? t('homeAssets.likeToAddCollectible') : t('homeAssets.addCollectibleDescription')
      }
    >
      {preview === null ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void readCollectible();
          }}
        >
          <TextField
            label={t('homeAssets.nftContract')}
            // The one thing to do first: focus starts here, not on the close button.
            autoFocus
            value={address}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            error={errors.address ?? null}
            onChange={(event) => setAddress(event.target.value)}
          />
          <TextField
            label={t('homeAssets.tokenId')}
            value={tokenId}
            autoComplete="off"
            inputMode="numeric"
            error={errors.tokenId ?? null}
            onChange={(event) => setTokenId(event.target.value)}
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
          <div className={styles.nftPreview} data-testid="collectible-preview">
            <NftImage src={preview.image} alt={preview.name} />
            <div>
              <p className={styles.strong}>{preview.name}</p>
              <p className={styles.muted}>
                {preview.contractName || preview.address} ·{' '}
                {t('homeAssets.standard', { standard: preview.standard })}
              </p>
              <p className={styles.muted}>
                {t('homeAssets.tokenIdValue', { id: preview.tokenId })}
              </p>
              {preview.description && <p className={styles.description}>{preview.description}</p>}
            </div>
          </div>
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
}

import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useActions, useStore } from '../../app-context';
import { useGasFeesShown } from '../../hooks/use-gas-fees-shown';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/Card';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { QrScanDialog } from '../../features/qr-scan/QrScanDialog';
import { FeeTiers } from '../../features/transfer/FeeTiers';
import { formatTokenAmount, toFiat } from '../../format/amounts';
import { usePageTitle } from '../../hooks/use-page-title';
import {
  amountError,
  feeChoices,
  isRecipientAddress,
  NATIVE_TRANSFER_GAS,
  parseAmount,
  RECIPIENT_KINDS,
  sendAllAmount,
  TOKEN_TRANSFER_GAS_GUESS,
  unitsToText,
  type FeeTier,
  type RecipientKind,
} from '../../view-models/transfer';
import {
  initialAssetKey,
  isCollectible,
  needsAmount,
  NFT_TRANSFER_GAS_GUESS,
  sendRequest,
  transferAssets,
} from '../../view-models/transfer-assets';
import { productName } from '../../view-models/white-label';
import { lookupErrorKey } from './recipient-errors';
import { TransferConfirm, type PendingSend } from './TransferConfirm';
import { TransferResult } from './TransferResult';
import styles from './TransferPage.module.css';

const isKind = (value: string | null): value is RecipientKind =>
  (RECIPIENT_KINDS as readonly string[]).includes(value ?? '');

/** Transfer (/wallet/transfer, views.md §3.14): asset, recipient, amount, fee → confirm → result. */
export const TransferPage = observer(function TransferPage() {
  const { t } = useTranslation();
  usePageTitle(t('walletTransfer.title'));
  useGasFeesShown();
  const { ui } = useStore();
  const actions = useActions();
  const [search] = useSearchParams();

  const address = ui.PreferencesController.selectedAddress ?? '';
  const { ticker } = ui.NetworkController.providerConfig;
  const networkLoading = ui.NetworkController.networkStatus === 'loading';
  const ethOnly = ui.WhiteLabelController.whiteLabel.ethTransferOnly === true;
  const rate = ui.CurrencyController.conversionRate;
  const currency = ui.CurrencyController.currentCurrency.toUpperCase();
  const contacts = ui.BackendRecordsController.records[address]?.contacts ?? [];

  const picker = transferAssets(ui);
  const assets = [picker.native, ...picker.tokens, ...picker.collectibles];

  // Query parameters prefill the form (views.md §3.14); nothing is ever sent without a click.
  // Until the user picks, the link's asset is followed: collectibles may arrive after the page.
  const [pickedKey, setAssetKey] = useState<string | null>(null);
  const assetKey =
    pickedKey ??
    initialAssetKey(assets, {
      token: search.get('token'),
      contract: search.get('contract'),
      tokenId: search.get('tokenId'),
    });
  const [kind, setKind] = useState<RecipientKind>(() => {
    const type = search.get('type');
    return isKind(type) && !ethOnly ? type : 'eth';
  });
  const [recipient, setRecipient] = useState(() => search.get('to') ?? '');
  const [amountText, setAmountText] = useState(() => search.get('amount') ?? '');
  const [fiatMode, setFiatMode] = useState(false);
  const [tier, setTier] = useState<FeeTier>('medium');
  const [showErrors, setShowErrors] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [candidates, setCandidates] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingSend | null>(null);
  const [sentTxId, setSentTxId] = useState<string | null>(null);

  const asset = assets.find((candidate) => candidate.key === assetKey) ?? assets[0]!;
  const isNative = asset.kind === 'native';
  const nft = isCollectible(asset);
  const withAmount = needsAmount(asset);
  const choices = feeChoices(ui.GasFeeController);
  const fee = choices.find((choice) => choice.tier === tier) ?? choices[0];
  const gasLimit = isNative
    ? NATIVE_TRANSFER_GAS
    : nft
      ? NFT_TRANSFER_GAS_GUESS
      : TOKEN_TRANSFER_GAS_GUESS;
  const maxFee = fee ? gasLimit * fee.maxFeePerGasWei : 0n;
  const fiatAvailable = isNative && rate > 0;

  // An ERC-721 is sent whole (no amount asked); an ERC-1155 quantity is a whole count.
  const parsed = withAmount
    ? parseAmount(amountText, asset.decimals, fiatMode && fiatAvailable ? rate : null)
    : { baseUnits: 1n };
  const amountKey =
    'error' in parsed
      ? parsed.error
      : amountError(parsed.baseUnits, asset.balance, maxFee, isNative);
  const recipientKey = !recipient.trim()
    ? 'required'
    : kind === 'eth' && !isRecipientAddress(recipient)
      ? 'invalidEth'
      : null;
  const amountUnits = 'baseUnits' in parsed ? parsed.baseUnits : null;

  const resetRecipient = () => {
    setLookupError(null);
    setCandidates(null);
    setChosen('');
  };

  const resolveRecipient = async (): Promise<string | null> => {
    if (kind === 'eth') return recipient.trim();
    if (candidates && chosen) return chosen;
    try {
      const { addresses } = await actions.lookupRecipient(kind, recipient.trim());
      if (addresses.length === 1) return addresses[0]!;
      setCandidates(addresses);
      setLookupError('walletTransfer.multipleAddressShouldBeSelect');
      return null;
    } catch (error) {
      setLookupError(lookupErrorKey(error, kind));
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    setSendError(null);
    if (recipientKey || amountKey || amountUnits === null || !fee || networkLoading) return;
    setBusy(true);
    try {
      const to = await resolveRecipient();
      if (!to) return;
      const { txId, approvalId } = await actions.sendAsset(sendRequest(asset, to, amountUnits));
      if (!approvalId) {
        setSendError('walletTransfer.transferFailMessage');
        return;
      }
      setPending({
        txId,
        approvalId,
        to,
        recipientLabel: kind === 'eth' ? to : `${recipient.trim()} (${to})`,
        amount: unitsToText(amountUnits, asset.decimals),
        symbol: nft ? asset.label : asset.symbol,
        amountWei: isNative ? amountUnits : 0n,
        fee,
      });
    } catch {
      setSendError('walletTransfer.transferFailMessage');
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setAmountText('');
    setRecipient('');
    resetRecipient();
    setShowErrors(false);
    setSendError(null);
    setSentTxId(null);
  };

  if (sentTxId && pending) {
    return (
      <div className={styles.page} data-testid="transfer-page">
        <PageHeader title={t('walletTransfer.title')} />
        <TransferResult
          send={pending}
          txId={sentTxId}
          recipient={{ kind, id: kind === 'eth' ? pending.to : recipient.trim() }}
          onAnother={() => {
            setPending(null);
            reset();
          }}
        />
      </div>
    );
  }

  const fiatOfAmount =
    amountUnits !== null && fiatAvailable && !fiatMode
      ? toFiat(amountUnits.toString(), 18, rate)
      : null;
  const totalWei = (isNative && amountUnits !== null ? amountUnits : 0n) + maxFee;

  return (
    <div className={styles.page} data-testid="transfer-page">
      <PageHeader title={t('walletTransfer.title')} />
      {networkLoading && (
        <p role="alert" className={styles.alert}>
          {t('walletTransfer.networkTrouble', {
            product: productName(ui.WhiteLabelController.whiteLabel),
          })}
        </p>
      )}
      <Card as="div">
        <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
          <Select
            label={t('walletTransfer.assetToSend')}
            value={asset.key}
            onValueChange={(value) => {
              setAssetKey(value);
              setFiatMode(false);
            }}
            testId="asset-select"
            groups={[
              {
                options: [picker.native, ...picker.tokens].map((option) => ({
                  value: option.key,
                  label: option.label,
                  hint: formatTokenAmount(option.balance.toString(), option.decimals, 4),
                })),
              },
              ...(picker.collectibles.length > 0
                ? [
                    {
                      label: t('transferExtras.collectibles'),
                      options: picker.collectibles.map((option) => ({
                        value: option.key,
                        label: option.label,
                        hint:
                          option.kind === 'erc1155'
                            ? t('transferExtras.held', { count: Number(option.balance) })
                            : option.symbol,
                      })),
                    },
                  ]
                : []),
            ]}
          />

          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('walletTransfer.sendingTo')}</legend>
            <div className={styles.row}>
              <Select
                label={t('walletTransfer.transferMode')}
                value={kind}
                size="md"
                testId="recipient-kind"
                disabled={ethOnly}
                onValueChange={(value) => {
                  if (!isKind(value)) return;
                  setKind(value);
                  resetRecipient();
                }}
                options={RECIPIENT_KINDS.map((value) => ({
                  value,
                  label: t(`walletTransfer.kind.${value}`),
                }))}
              />
              {contacts.length > 0 && (
                <Select
                  label={t('walletTransfer.addressBook')}
                  value=""
                  display={t('walletTransfer.chooseContact')}
                  testId="contact-select"
                  onValueChange={(value) => {
                    const contact = contacts.find((c) => String(c.id) === value);
                    if (!contact) return;
                    const contactKind = contact.contact_verifier;
                    setKind(isKind(contactKind) ? contactKind : 'eth');
                    setRecipient(contact.contact_verifier_id);
                    resetRecipient();
                  }}
                  options={contacts
                    .filter(
                      (c) =>
                        isKind(c.contact_verifier) && (!ethOnly || c.contact_verifier === 'eth'),
                    )
                    .map((c) => ({
                      value: String(c.id),
                      label: c.name,
                      hint: c.contact_verifier_id,
                    }))}
                />
              )}
            </div>
            <TextField
              label={t(`walletTransfer.recipientLabel.${kind}`)}
              value={recipient}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setRecipient(event.target.value);
                resetRecipient();
              }}
              error={
                (showErrors && recipientKey && t(`walletTransfer.${recipientKey}`)) ||
                (lookupError && t(lookupError)) ||
                null
              }
            />
            {kind === 'eth' && (
              <QrScanDialog
                onAddress={(scanned) => {
                  setRecipient(scanned);
                  resetRecipient();
                }}
              />
            )}
            {candidates && (
              <Select
                label={t('walletTransfer.chooseAddress')}
                value={chosen}
                display={chosen || t('walletTransfer.chooseAddress')}
                testId="address-chooser"
                onValueChange={(value) => {
                  setChosen(value);
                  setLookupError(null);
                }}
                options={candidates.map((candidate) => ({ value: candidate, label: candidate }))}
              />
            )}
          </fieldset>

          {withAmount && (
            <div className={styles.amount}>
              <TextField
                label={
                  fiatMode
                    ? t('walletTransfer.amountIn', { symbol: currency })
                    : nft
                      ? t('transferExtras.quantity')
                      : t('walletTransfer.amountIn', { symbol: asset.symbol })
                }
                inputMode={nft ? 'numeric' : 'decimal'}
                description={
                  nft
                    ? t('transferExtras.held', { count: Number(asset.balance) })
                    : fiatOfAmount
                      ? `≈ ${fiatOfAmount} ${currency}`
                      : undefined
                }
                autoComplete="off"
                value={amountText}
                onChange={(event) => setAmountText(event.target.value)}
                error={showErrors && amountKey ? t(`walletTransfer.${amountKey}`) : null}
              />
              <div className={styles.amountActions}>
                <Button
                  size="sm"
                  onClick={() => {
                    setFiatMode(false);
                    setAmountText(
                      unitsToText(sendAllAmount(asset.balance, maxFee, isNative), asset.decimals),
                    );
                  }}
                >
                  {t('walletTransfer.sendAll')}
                </Button>
                <Button size="sm" variant="ghost" onClick={reset}>
                  {t('walletTransfer.reset')}
                </Button>
                {fiatAvailable && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-pressed={fiatMode}
                    onClick={() => {
                      setFiatMode((on) => !on);
                      setAmountText('');
                    }}
                  >
                    {t('walletTransfer.inFiat', { currency })}
                  </Button>
                )}
              </div>
            </div>
          )}

          {fee ? (
            <FeeTiers
              choices={choices}
              value={fee.tier}
              onValueChange={setTier}
              gasLimit={gasLimit}
              ticker={ticker}
            />
          ) : (
            <p className={styles.muted}>{t('walletTransfer.feeLoading')}</p>
          )}

          <dl className={styles.total}>
            <dt>{t('walletTransfer.totalCostEstimate')}</dt>
            <dd data-testid="total-cost">
              {isNative
                ? `${formatTokenAmount(totalWei.toString(), 18, 6)} ${ticker}`
                : `${amountUnits === null ? '0' : unitsToText(amountUnits, asset.decimals)} ${nft ? asset.label : asset.symbol} + ${formatTokenAmount(maxFee.toString(), 18, 6)} ${ticker}`}
            </dd>
          </dl>

          {sendError && (
            <p role="alert" className={styles.alert}>
              {t(sendError)}
            </p>
          )}
          <Button
            type="submit"
            variant="primary"
            loading={busy}
            disabled={networkLoading}
            fullWidth
          >
            {t('walletTransfer.transfer')}
          </Button>
        </form>
      </Card>
      {pending && !sentTxId && (
        <TransferConfirm
          send={pending}
          from={address}
          ticker={ticker}
          onDone={(txId) => setSentTxId(txId)}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
});

export default TransferPage;

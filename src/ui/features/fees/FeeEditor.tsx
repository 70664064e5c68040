import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { RadioGroup } from '../../components/RadioGroup';
import { TextField } from '../../components/TextField';
import { weiToEther } from '../../format/gas';
import {
  checkFees,
  hasErrors,
  likelyFeeWei,
  maxFeeWei,
  waitText,
  withPreset,
  type FeePreset,
  type FeeValues,
} from './fee-model';
import styles from './FeeEditor.module.css';

export interface FeeEditorProps {
  /** The fees in use now; the editor starts from them and hands back new ones on Save. */
  values: FeeValues;
  /** The estimate's presets (low/medium/high), from `feePresets`; may be empty. */
  presets: FeePreset[];
  /** Base fee in gwei on fee-market networks (read-only), else null. */
  baseFee: string | null;
  /** The network's ticker, for the totals. */
  ticker: string;
  /** Value sent with the transaction in wei (hex), for the "New total" line. */
  valueWei?: string;
  onSave(values: FeeValues): void;
  /** The trigger's label; "Edit" by default. */
  triggerLabel?: string;
}

/**
 * D8 fee editor (views.md §4.8): a dialog with the speed presets and their waits, the EIP-1559
 * pair (with the base fee shown) or a legacy gas price, and under "advanced" the gas limit and a
 * custom nonce. Errors (the spec's wording) block Save; warnings do not. Esc or Cancel leaves the
 * fees as they were. Used by the transaction approval, and meant for transfer and speed-up.
 */
export function FeeEditor({
  values,
  presets,
  baseFee,
  ticker,
  valueWei = '0x0',
  onSave,
  triggerLabel,
}: FeeEditorProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(values);
  const [advanced, setAdvanced] = useState(false);
  const check = checkFees(draft, presets);
  const edit = (change: Partial<FeeValues>) =>
    setDraft((current) => ({ ...current, ...change, speed: 'custom' }));
  const error = (field: keyof typeof check.errors) =>
    check.errors[field] ? t(check.errors[field]) : null;
  const maxFee = maxFeeWei(draft);
  const likely = likelyFeeWei(draft, baseFee);
  const total = maxFee ? maxFee.plus(BigInt(valueWei).toString()) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(values);
          setAdvanced(false);
        }
        setOpen(next);
      }}
      trigger={
        <Button variant="ghost" size="sm">
          {triggerLabel ?? t('fees.edit')}
        </Button>
      }
      title={t('fees.title')}
      description={t('fees.subtitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('fees.cancel')}
          </Button>
          {/* Submits the form below: Enter in a field saves too. */}
          <Button variant="primary" type="submit" form={formId} disabled={hasErrors(check)}>
            {t('fees.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (hasErrors(check)) return;
          onSave(draft);
          setOpen(false);
        }}
      >
        {presets.length > 0 && (
          <RadioGroup
            label={t('fees.speed')}
            value={draft.speed}
            testId="fee-speed"
            onValueChange={(speed) => {
              const preset = presets.find((candidate) => candidate.speed === speed);
              if (preset) setDraft((current) => withPreset(current, preset));
            }}
            options={presets.map((preset) => {
              const wait = waitText(preset.minWaitMs, preset.maxWaitMs);
              return {
                value: preset.speed,
                label: t(`fees.speeds.${preset.speed}`),
                description: wait
                  ? t(wait.unit === 'min' ? 'fees.waitMin' : 'fees.waitSec', { range: wait.value })
                  : undefined,
              };
            })}
          />
        )}
        {draft.mode === 'fee-market' ? (
          <>
            {baseFee !== null && (
              <p className={styles.readOnly}>
                <span>{t('fees.baseFee')}</span>
                <span>{baseFee} GWEI</span>
              </p>
            )}
            <TextField
              label={t('fees.maxPriorityFee')}
              description={t('fees.maxPriorityFeeHelp')}
              inputMode="decimal"
              value={draft.maxPriorityFee}
              error={error('maxPriorityFee')}
              onChange={(event) => edit({ maxPriorityFee: event.target.value })}
            />
            <TextField
              label={t('fees.maxFee')}
              description={t('fees.maxFeeHelp')}
              inputMode="decimal"
              value={draft.maxFee}
              error={error('maxFee')}
              onChange={(event) => edit({ maxFee: event.target.value })}
            />
          </>
        ) : (
          <TextField
            label={t('fees.gasPrice')}
            inputMode="decimal"
            value={draft.gasPrice}
            error={error('gasPrice')}
            onChange={(event) => edit({ gasPrice: event.target.value })}
          />
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={advanced}
          onClick={() => setAdvanced((shown) => !shown)}
        >
          {advanced ? t('fees.hideAdvanced') : t('fees.showAdvanced')}
        </Button>
        {advanced && (
          <>
            <TextField
              label={t('fees.gasLimit')}
              description={t('fees.gasLimitHelp')}
              inputMode="numeric"
              value={draft.gasLimit}
              error={error('gasLimit')}
              onChange={(event) => setDraft({ ...draft, gasLimit: event.target.value })}
            />
            <TextField
              label={t('fees.nonce')}
              description={t('fees.nonceHelp')}
              inputMode="numeric"
              value={draft.nonce}
              error={error('nonce')}
              onChange={(event) => setDraft({ ...draft, nonce: event.target.value })}
            />
          </>
        )}
        {check.warnings.length > 0 && (
          <ul className={styles.warnings} data-testid="fee-warnings">
            {check.warnings.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        )}
        <dl className={styles.totals} aria-live="polite">
          {likely && (
            <div>
              <dt>{t('fees.likelyFee')}</dt>
              <dd>
                {weiToEther(likely)} {ticker}
              </dd>
            </div>
          )}
          {maxFee && (
            <div>
              <dt>{t('fees.maxTransactionFee')}</dt>
              <dd>
                {weiToEther(maxFee)} {ticker}
              </dd>
            </div>
          )}
          {total && (
            <div>
              <dt>{t('fees.newTotal')}</dt>
              <dd>
                {weiToEther(total)} {ticker}
              </dd>
            </div>
          )}
        </dl>
      </form>
    </Dialog>
  );
}

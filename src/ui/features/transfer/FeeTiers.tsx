import { useTranslation } from 'react-i18next';

import { RadioGroup } from '../../components/RadioGroup';
import { formatTokenAmount } from '../../format/amounts';
import { waitText, type FeeChoice, type FeeTier } from '../../view-models/transfer';

/**
 * The transfer's fee: the network's low / medium / high tiers with each one's maximum fee and
 * wait. A stand-in for the shared fee editor (D8, src/ui/features/fees) until that lands: it
 * takes the same inputs (tiers, gas limit) and yields the same overrides, so it can be swapped.
 */
export function FeeTiers({
  choices,
  value,
  onValueChange,
  gasLimit,
  ticker,
}: {
  choices: FeeChoice[];
  value: FeeTier;
  onValueChange(tier: FeeTier): void;
  gasLimit: bigint;
  ticker: string;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      label={t('walletTransfer.selectSpeed')}
      orientation="horizontal"
      testId="fee-tiers"
      value={value}
      onValueChange={(next) => {
        const choice = choices.find((candidate) => candidate.tier === next);
        if (choice) onValueChange(choice.tier);
      }}
      options={choices.map((choice) => {
        const fee = formatTokenAmount((gasLimit * choice.maxFeePerGasWei).toString(), 18, 6);
        const wait = choice.maxWaitMs === null ? null : waitText(choice.maxWaitMs);
        return {
          value: choice.tier,
          label: t(`walletTransfer.speed.${choice.tier}`),
          description: (
            <>
              {t('walletTransfer.feeUpTo', { fee, ticker })}
              {wait && (
                <>
                  <br />
                  {t('walletTransfer.transferLessThan', {
                    time: t(`walletTransfer.wait.${wait.unit}`, { count: wait.count }),
                  })}
                </>
              )}
            </>
          ),
        };
      })}
    />
  );
}

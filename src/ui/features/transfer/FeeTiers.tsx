import { useTranslation } from 'react-i18next';

import { RadioGroup } from '../../components/RadioGroup';
import { formatTokenAmount } from '../../format/amounts';
import { waitText, type FeeChoice, type FeeTier } from '../../view-models/transfer';

/**
 * The transfer form's speed choice: the network's low / medium / high tiers with each one's
 * maximum fee and wait. The confirm step starts the shared fee editor (D8,
 * src/ui/features/fees) from the chosen tier, where gas limit, fees and nonce can be edited.
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

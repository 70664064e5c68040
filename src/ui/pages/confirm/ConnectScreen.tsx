import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { Checkbox } from '../../components/Checkbox';
import { RadioGroup } from '../../components/RadioGroup';
import { shortenAddress } from '../../view-models/accounts';
import { connectPeriods, originLabel, type ConnectPeriod } from '../../view-models/approvals';
import { ApprovalFrame } from './ApprovalFrame';
import type { RequestDataOf, ScreenProps } from './screen-props';
import styles from './Confirm.module.css';

/**
 * C10 Connect: which accounts the site may see and for how long (1 hour, week, month or year;
 * a required choice), with what the grant does and does not allow.
 */
export const ConnectScreen = observer(function ConnectScreen({
  request,
  position,
  total,
}: ScreenProps) {
  const { t } = useTranslation();
  const ui = useStore().ui;
  const data = request.requestData as RequestDataOf<'connect'>;
  const periods = connectPeriods(data.periods);
  const accounts: string[] = ui.KeyringController.accounts.map((account) => account.address);
  const selected = ui.PreferencesController.selectedAddress;
  const [chosen, setChosen] = useState<string[]>(() =>
    selected && accounts.includes(selected) ? [selected] : accounts.slice(0, 1),
  );
  const [period, setPeriod] = useState<ConnectPeriod | ''>('');
  const toggle = (address: string, on: boolean) =>
    setChosen((current) =>
      on
        ? [...current.filter((a) => a !== address), address]
        : current.filter((a) => a !== address),
    );
  const ready = chosen.length > 0 && period !== '';
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.connect.title')}
      approveLabel={t('confirm.connect.allow')}
      canApprove={ready}
      approveValue={() => ({ accounts: chosen, period })}
      blockedReason={
        chosen.length === 0 ? t('confirm.connect.chooseAccount') : t('confirm.connect.choosePeriod')
      }
    >
      <p>{t('confirm.connect.intro', { site: originLabel(request.origin) })}</p>
      <fieldset className={styles.choices}>
        <legend className={styles.sectionTitle}>{t('confirm.connect.accounts')}</legend>
        {accounts.map((address) => (
          <Checkbox
            key={address}
            label={
              <span className={styles.mono} aria-label={address}>
                {shortenAddress(address)}
              </span>
            }
            checked={chosen.includes(address)}
            onCheckedChange={(on) => toggle(address, on)}
          />
        ))}
      </fieldset>
      <RadioGroup
        label={t('confirm.connect.period')}
        value={period}
        onValueChange={(value) => {
          const next = periods.find((candidate) => candidate === value);
          if (next) setPeriod(next);
        }}
        orientation="horizontal"
        testId="connect-period"
        options={periods.map((value) => ({ value, label: t(`confirm.connect.periods.${value}`) }))}
      />
      <div className={styles.note}>
        <p>{t('confirm.connect.allows')}</p>
        <ul className={styles.list}>
          <li>{t('confirm.connect.allowsAddress')}</li>
          <li>{t('confirm.connect.allowsAsk')}</li>
        </ul>
        <p>{t('confirm.connect.notAllows')}</p>
        <ul className={styles.list}>
          <li>{t('confirm.connect.notAllowsMove')}</li>
          <li>{t('confirm.connect.notAllowsSign')}</li>
        </ul>
      </div>
    </ApprovalFrame>
  );
});

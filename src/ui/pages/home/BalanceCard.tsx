import { observer } from 'mobx-react-lite';
import { ArrowUpRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { Card } from '../../components/Card';
import { CurrencySelect } from '../../features/currency/CurrencySelect';
import { CarriedLink } from '../../routes/carried-links';
import { lastUpdate, totalFiat, type TokenRow } from '../../view-models/home';
import { walletFeatures } from '../../view-models/white-label';
import styles from './Home.module.css';

/** Total value in the user's currency, the native balance, last rate update, Transfer / Top up. */
export const BalanceCard = observer(function BalanceCard({ rows }: { rows: readonly TokenRow[] }) {
  const { t, i18n } = useTranslation();
  const { ui } = useStore();
  const native = rows[0];
  const currency = ui.CurrencyController.currentCurrency.toUpperCase();
  const total = totalFiat(rows);
  const updated = lastUpdate(ui);
  const { topup } = walletFeatures(ui);
  return (
    <Card aria-labelledby="balance-heading" data-testid="balance-card">
      <div className={styles.balanceHead}>
        <h2 id="balance-heading" className={styles.cardHeading}>
          {t('walletHome.accountBalance')}
        </h2>
        {/* The currency the total is shown in, changed where it is read (views.md §3.10). */}
        <CurrencySelect
          label={t('homeMore.currency')}
          hideLabel
          size="sm"
          testId="balance-currency"
        />
      </div>
      {native?.displayBalance == null ? (
        <p className={styles.skeleton} data-testid="native-balance-loading">
          {t('walletHome.loadingBalance')}
        </p>
      ) : (
        <p className={styles.bigFigure} data-testid="native-balance">
          {native.displayBalance} {native.symbol}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('walletHome.totalValue')}</dt>
          <dd data-testid="total-value">
            {total === null ? t('walletHome.noRate') : `${total} ${currency}`}
          </dd>
        </div>
        <div>
          <dt>{t('walletHome.lastUpdate')}</dt>
          <dd data-testid="last-update">
            {updated
              ? new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(updated)
              : t('walletHome.notAvailable')}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <CarriedLink to="/wallet/transfer" className={styles.linkButtonPrimary}>
          <ArrowUpRight aria-hidden="true" size={18} />
          {t('walletHome.transfer')}
        </CarriedLink>
        {topup && (
          <CarriedLink to="/wallet/topup" className={styles.linkButton}>
            <Plus aria-hidden="true" size={18} />
            {t('walletHome.topUp')}
          </CarriedLink>
        )}
      </div>
    </Card>
  );
});

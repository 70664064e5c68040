import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { PageHeader } from '../../components/Card';
import { usePageTitle } from '../../hooks/use-page-title';
import { foldedTokenRows } from '../../view-models/add-asset';
import { collectibleContracts, tokenRows } from '../../view-models/home';
import { walletFeatures } from '../../view-models/white-label';
import { AssetTabs } from './AssetTabs';
import { BalanceCard } from './BalanceCard';
import { Billboard } from './Billboard';
import { Onboarding } from './Onboarding';
import { ReceiveCard } from './ReceiveCard';
import { WalletStatusPanel } from './WalletStatusPanel';
import styles from './HomePage.module.css';

/**
 * Wallet home (/wallet/home, views.md §3.10): balance and total value, the token and collectible
 * lists from the engine's assets state, the receive card, onboarding for an account that holds
 * nothing yet, and the network status.
 */
export const HomePage = observer(function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('walletHome.title'));
  const { ui } = useStore();
  const address = ui.PreferencesController.selectedAddress;
  const rows = tokenRows(ui);
  const contracts = collectibleContracts(ui);
  const currency = ui.CurrencyController.currentCurrency.toUpperCase();
  const balance = address ? ui.AccountTrackerController.accounts[address]?.balance : undefined;
  // Empty only once the balance is read: a loading account is never called empty.
  const holdsNothing =
    balance !== undefined && BigInt(balance) === 0n && rows.length === 1 && contracts.length === 0;
  return (
    <div className={styles.page} data-testid="wallet-home-page">
      <PageHeader title={t('walletHome.title')} />
      {address && holdsNothing && (
        <Onboarding key={address} address={address} topup={walletFeatures(ui).topup} />
      )}
      <div className={styles.columns}>
        <div className={styles.main}>
          <BalanceCard rows={rows} />
          <AssetTabs
            rows={rows}
            folded={foldedTokenRows(ui)}
            contracts={contracts}
            currency={currency}
            loading={ui.TokensController.loading || ui.CollectiblesController.loading}
          />
        </div>
        <div className={styles.side}>
          {address && <ReceiveCard address={address} />}
          {walletFeatures(ui).featuredBillboard && <Billboard />}
          <WalletStatusPanel />
        </div>
      </div>
    </div>
  );
});

export default HomePage;

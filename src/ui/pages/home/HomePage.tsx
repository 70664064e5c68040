import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/Card';
import { usePageTitle } from '../../hooks/use-page-title';
import { WalletStatusPanel } from './WalletStatusPanel';
import styles from './HomePage.module.css';

/** Wallet home (/wallet/home). For now the account and network status; balances and assets build here. */
export const HomePage = observer(function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('walletHome.title'));
  return (
    <div className={styles.page} data-testid="wallet-home-page">
      <PageHeader title={t('walletHome.title')} />
      <WalletStatusPanel />
    </div>
  );
});

export default HomePage;

import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { Brand } from '../components/Brand';
import { TransactionNotifier } from '../features/notifications/TransactionNotifier';
import { CarriedLink } from '../routes/carried-links';
import { AccountMenu } from './AccountMenu';
import { NetworkSelector } from './NetworkSelector';
import { RouteModule } from './RouteModule';
import { WalletNav } from './WalletNav';
import styles from './WalletLayout.module.css';

/**
 * The wallet area's frame (/wallet/*): a skip link, the header (brand, network selector, account
 * menu), the navigation and the page. Pages render in <main> and start with their own h1.
 */
export const WalletLayout = observer(function WalletLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout}>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <CarriedLink to="/wallet/home" className={styles.home}>
            <Brand size={32} collapseOnNarrow />
          </CarriedLink>
          <div className={styles.controls}>
            <NetworkSelector />
            <AccountMenu />
          </div>
        </div>
      </header>
      <TransactionNotifier />
      <div className={styles.body}>
        <WalletNav />
        <main id="main" className={styles.main} tabIndex={-1}>
          <RouteModule>
            <Outlet />
          </RouteModule>
        </main>
      </div>
    </div>
  );
});

export default WalletLayout;

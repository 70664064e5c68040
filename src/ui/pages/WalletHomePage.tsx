import { useTranslation } from 'react-i18next';

import { AppHeader } from '../components/AppHeader';
import { WalletStatusPanel } from '../components/WalletStatusPanel';
import { usePageTitle } from '../hooks/use-page-title';

export function WalletHomePage() {
  const { t } = useTranslation();
  usePageTitle(t('walletHome.title'));
  return (
    <>
      <AppHeader />
      <main className="page" data-testid="wallet-home-page">
        <WalletStatusPanel />
      </main>
    </>
  );
}

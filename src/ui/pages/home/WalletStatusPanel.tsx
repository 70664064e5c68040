import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { Card } from '../../components/Card';
import { selectedAccount } from '../../view-models/accounts';
import styles from './WalletStatusPanel.module.css';

/** Live network facts from the engine: name, chain id, reachability, the latest block, the account. */
export const WalletStatusPanel = observer(function WalletStatusPanel() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const { providerConfig, networkStatus, latestBlockNumber } = ui.NetworkController;
  const account = selectedAccount(ui);
  return (
    <Card data-testid="wallet-status-panel" aria-labelledby="status-heading">
      <h2 id="status-heading" className={styles.heading}>
        {t('walletHome.status.heading')}
      </h2>
      <dl className={styles.grid}>
        <dt>{t('walletHome.status.network')}</dt>
        <dd data-testid="network-name">{providerConfig.networkName}</dd>
        <dt>{t('walletHome.status.chainId')}</dt>
        <dd data-testid="chain-id">
          {Number.parseInt(providerConfig.chainId, 16)} ({providerConfig.chainId})
        </dd>
        <dt>{t('walletHome.status.networkStatus')}</dt>
        <dd
          data-testid="network-status"
          data-status={networkStatus}
          className={styles[networkStatus]}
        >
          {t(`walletHome.status.${networkStatus}`)}
        </dd>
        <dt>{t('walletHome.status.latestBlock')}</dt>
        <dd data-testid="block-number" data-block={latestBlockNumber ?? ''}>
          {latestBlockNumber === null ? (
            <span className={styles.muted}>{t('walletHome.status.noBlock')}</span>
          ) : (
            String(latestBlockNumber)
          )}
        </dd>
        <dt>{t('walletHome.status.account')}</dt>
        <dd data-testid="selected-address" className={styles.address}>
          {account?.address ?? (
            <span className={styles.muted}>{t('walletHome.status.noAccount')}</span>
          )}
        </dd>
        {account && account.displayBalance !== null && (
          <>
            <dt>{t('walletHome.status.balance')}</dt>
            <dd data-testid="balance">
              {account.displayBalance} {account.ticker}
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
});

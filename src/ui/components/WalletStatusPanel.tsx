import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useStore } from '../app-context';
import { displayDecimals, formatTokenAmount } from '../format/amounts';

/** Live network facts from the background: name, chain id, reachability and the latest block. */
export const WalletStatusPanel = observer(function WalletStatusPanel() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const { providerConfig, networkStatus, latestBlockNumber } = ui.NetworkController;
  const { selectedAddress } = ui.PreferencesController;
  const balance = selectedAddress
    ? ui.AccountTrackerController.accounts[selectedAddress]?.balance
    : undefined;
  return (
    <section className="card" data-testid="wallet-status-panel">
      <h2>{t('walletHome.status.heading')}</h2>
      <dl className="status-grid">
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
          className={`status--${networkStatus}`}
        >
          {t(`walletHome.status.${networkStatus}`)}
        </dd>
        <dt>{t('walletHome.status.latestBlock')}</dt>
        <dd data-testid="block-number" data-block={latestBlockNumber ?? ''}>
          {latestBlockNumber === null ? (
            <span className="muted">{t('walletHome.status.noBlock')}</span>
          ) : (
            String(latestBlockNumber)
          )}
        </dd>
        <dt>{t('walletHome.status.account')}</dt>
        <dd data-testid="selected-address" className="address">
          {selectedAddress ?? <span className="muted">{t('walletHome.status.noAccount')}</span>}
        </dd>
        {selectedAddress && balance !== undefined && (
          <>
            <dt>{t('walletHome.status.balance')}</dt>
            <dd data-testid="balance" data-wei={balance}>
              {formatTokenAmount(
                balance,
                18,
                displayDecimals(providerConfig.ticker, providerConfig.ticker),
              )}{' '}
              {providerConfig.ticker}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
});

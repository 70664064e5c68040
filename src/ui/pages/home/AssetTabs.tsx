import { observer } from 'mobx-react-lite';
import { Coins, Image } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Card } from '../../components/Card';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { VirtualList } from '../../components/VirtualList';
import { CarriedLink } from '../../routes/carried-links';
import type { CollectibleContract, TokenRow } from '../../view-models/home';
import { NftImage } from './NftImage';
import styles from './Home.module.css';

/** Above this many rows the token list renders only what is in view. */
const VIRTUALISE_FROM = 30;

function TokenItem({ row, currency }: { row: TokenRow; currency: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.tokenRow} data-testid={`token-${row.key}`}>
      <span className={styles.tokenBadge} aria-hidden="true">
        {row.symbol.slice(0, 3)}
      </span>
      <span className={styles.tokenName}>
        <span className={styles.strong}>{row.symbol}</span>
        <span className={styles.muted}>{row.name}</span>
      </span>
      <span className={styles.tokenAmounts}>
        <span className={styles.strong} data-testid="token-balance">
          {row.displayBalance ?? t('walletHome.loadingBalance')}
        </span>
        {row.displayFiat !== null && (
          <span className={styles.muted} data-testid="token-fiat">
            {row.displayFiat} {currency}
          </span>
        )}
      </span>
    </div>
  );
}

function TokenList({ rows, currency }: { rows: readonly TokenRow[]; currency: string }) {
  const { t } = useTranslation();
  const label = t('walletHome.tokens');
  if (rows.length > VIRTUALISE_FROM) {
    return (
      <VirtualList
        items={rows}
        getKey={(row) => row.key}
        renderItem={(row) => <TokenItem row={row} currency={currency} />}
        height="min(28rem, 60vh)"
        label={label}
        estimateSize={64}
        testId="token-list"
      />
    );
  }
  return (
    <ul className={styles.plainList} aria-label={label} data-testid="token-list">
      {rows.map((row) => (
        <li key={row.key}>
          <TokenItem row={row} currency={currency} />
        </li>
      ))}
    </ul>
  );
}

function CollectibleGrid({ contracts }: { contracts: readonly CollectibleContract[] }) {
  const { t } = useTranslation();
  if (contracts.length === 0) {
    return (
      <div className={styles.empty} data-testid="collectibles-empty">
        <p className={styles.strong}>{t('walletHome.noCollectibles')}</p>
        <p className={styles.muted}>{t('walletHome.getFirstCollectible')}</p>
      </div>
    );
  }
  return (
    <ul
      className={styles.grid}
      aria-label={t('walletHome.collectibles')}
      data-testid="collectible-grid"
    >
      {contracts.map((contract) => (
        <li key={contract.address}>
          <CarriedLink
            to={`/wallet/home/collectibles/${contract.address}`}
            className={styles.collectibleCard}
          >
            <NftImage src={contract.logo ?? contract.assets[0]?.image ?? null} alt="" />
            <span className={styles.strong}>{contract.name || contract.symbol}</span>
            <span className={styles.muted}>
              {t('walletHome.assetCount', { n: contract.assets.length })}
            </span>
          </CarriedLink>
        </li>
      ))}
    </ul>
  );
}

/** Tokens | Collectibles of the selected account on this network (the engine's assets state). */
export const AssetTabs = observer(function AssetTabs({
  rows,
  contracts,
  currency,
  loading,
}: {
  rows: readonly TokenRow[];
  contracts: readonly CollectibleContract[];
  currency: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card
      aria-labelledby="assets-heading"
      data-testid="assets-card"
      aria-busy={loading || undefined}
    >
      <h2 id="assets-heading" className={styles.cardHeading}>
        {t('walletHome.assets')}
      </h2>
      <Tabs defaultValue="tokens">
        <TabList label={t('walletHome.assets')}>
          <Tab value="tokens" icon={<Coins aria-hidden="true" size={16} />}>
            {t('walletHome.tokens')}
          </Tab>
          <Tab value="collectibles" icon={<Image aria-hidden="true" size={16} />}>
            {t('walletHome.collectibles')}
          </Tab>
        </TabList>
        <TabPanel value="tokens">
          <TokenList rows={rows} currency={currency} />
          {loading && <p className={styles.muted}>{t('walletHome.loadingAssets')}</p>}
        </TabPanel>
        <TabPanel value="collectibles">
          <CollectibleGrid contracts={contracts} />
        </TabPanel>
      </Tabs>
    </Card>
  );
});

import { observer } from 'mobx-react-lite';
import { Coins, EyeOff, Image, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions } from '../../app-context';
import { Button, IconButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { VirtualList } from '../../components/VirtualList';
import { AddCollectibleDialog } from '../../features/assets/AddCollectibleDialog';
import { AddTokenDialog } from '../../features/assets/AddTokenDialog';
import { FoldedTokens } from '../../features/assets/FoldedTokens';
import { CarriedLink } from '../../routes/carried-links';
import type { FoldedTokenRow } from '../../view-models/add-asset';
import { shortenAddress } from '../../view-models/accounts';
import { safeIconUrl } from '../../view-models/approvals';
import type { CollectibleContract, TokenRow } from '../../view-models/home';
import { NftImage } from './NftImage';
import styles from './Home.module.css';

/** Above this many rows the token list renders only what is in view. */
const VIRTUALISE_FROM = 30;

/**
 * The token's logo when it is an https or data image that loads (the known list's), else its
 * symbol's first letters. Beside the symbol it is decoration either way.
 */
function TokenBadge({ symbol, logo }: { symbol: string; logo: string | null }) {
  const [failed, setFailed] = useState(false);
  const safe = failed ? null : safeIconUrl(logo);
  if (safe) {
    return (
      <img
        className={styles.tokenBadge}
        src={safe}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={styles.tokenBadge} aria-hidden="true">
      {symbol.slice(0, 3)}
    </span>
  );
}

function TokenItem({ row, currency }: { row: TokenRow; currency: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.tokenRow} data-testid={`token-${row.key}`}>
      <TokenBadge symbol={row.symbol} logo={row.logo} />
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
      <span className={styles.rowActions}>
        {row.customTokenId !== null && <RemoveToken row={row} id={row.customTokenId} />}
        {row.key !== 'native' && <HideToken row={row} />}
      </span>
    </div>
  );
}

/** Hide a token: the engine's user verdict folds it into the hidden group, from where it comes back. */
function HideToken({ row }: { row: TokenRow }) {
  const { t } = useTranslation();
  const actions = useActions();
  return (
    <ConfirmDialog
      trigger={
        <IconButton
          size="sm"
          label={t('homeAssets.hideToken', { symbol: row.symbol })}
          icon={<EyeOff aria-hidden="true" />}
        />
      }
      title={t('homeAssets.hideTokenTitle')}
      description={t('homeAssets.likeToHideToken', { symbol: row.symbol })}
      confirmLabel={t('homeAssets.hide')}
      onConfirm={() => actions.setTokenSpam(row.key, true)}
    />
  );
}

/** Remove a token the user added (deleteCustomToken); detection may still list it if held. */
function RemoveToken({ row, id }: { row: TokenRow; id: number | string }) {
  const { t } = useTranslation();
  const actions = useActions();
  return (
    <ConfirmDialog
      trigger={
        <IconButton
          size="sm"
          label={t('homeAssets.removeToken', { symbol: row.symbol })}
          icon={<Trash2 aria-hidden="true" />}
        />
      }
      title={t('homeAssets.removeTokenTitle')}
      description={t('homeAssets.likeToRemoveToken', { symbol: row.symbol })}
      confirmLabel={t('homeAssets.remove')}
      destructive
      onConfirm={() => actions.deleteCustomToken(id)}
    />
  );
}

/** "Reading your assets…" while a scan runs: announced politely, not on every poll's change. */
function ScanStatus({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={styles.muted} role="status" data-testid="assets-loading">
      {loading ? t('walletHome.loadingAssets') : ''}
    </p>
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
            <span className={styles.strong}>
              {/* An ERC-1155 contract often has no name: its first asset's, else the address. */}
              {contract.name ||
                contract.symbol ||
                contract.assets[0]?.name ||
                shortenAddress(contract.address)}
            </span>
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
  folded,
  contracts,
  currency,
  loading,
}: {
  rows: readonly TokenRow[];
  folded: readonly FoldedTokenRow[];
  contracts: readonly CollectibleContract[];
  currency: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    setRefreshFailed(false);
    try {
      await actions.refreshAssets();
    } catch {
      setRefreshFailed(true);
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Card
      aria-labelledby="assets-heading"
      data-testid="assets-card"
      aria-busy={loading || undefined}
    >
      <div className={styles.assetsHeader}>
        <h2 id="assets-heading" className={styles.cardHeading}>
          {t('walletHome.assets')}
        </h2>
        <IconButton
          label={t('homeAssets.refresh')}
          icon={<RefreshCw aria-hidden="true" />}
          loading={refreshing}
          onClick={() => void refresh()}
        />
      </div>
      {refreshFailed && (
        <p className={styles.muted} role="alert">
          {t('homeAssets.refreshFailed')}
        </p>
      )}
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
          <ScanStatus loading={loading} />
          <AddTokenDialog
            trigger={
              <Button variant="ghost" icon={<Plus aria-hidden="true" />}>
                {t('homeAssets.addToken')}
              </Button>
            }
          />
          <FoldedTokens rows={folded} />
        </TabPanel>
        <TabPanel value="collectibles">
          <CollectibleGrid contracts={contracts} />
          <ScanStatus loading={loading} />
          <AddCollectibleDialog
            trigger={
              <Button variant="ghost" icon={<Plus aria-hidden="true" />}>
                {t('homeAssets.addCollectible')}
              </Button>
            }
          />
        </TabPanel>
      </Tabs>
    </Card>
  );
});

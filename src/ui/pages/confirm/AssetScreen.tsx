import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { formatTokenAmount } from '../../format/amounts';
import { safeIconUrl } from '../../view-models/approvals';
import { ApprovalFrame } from './ApprovalFrame';
import type { ScreenProps } from './screen-props';
import styles from './Confirm.module.css';

/** What the engine checked on chain before asking (rpc/watch-asset.ts). */
interface WatchAssetData {
  type: 'erc20' | 'erc721' | 'erc1155';
  address: string;
  tokenId?: string;
  symbol?: string;
  decimals?: number;
  image?: string | null;
  name?: string | null;
  description?: string | null;
  balance?: string | null;
}

/** The placeholder a collectible without an image shows (spec: nft-placeholder). */
function NftPlaceholder() {
  return (
    <svg
      className={styles.assetImage}
      viewBox="0 0 96 96"
      role="img"
      aria-label="NFT"
      data-testid="nft-placeholder"
    >
      <rect width="96" height="96" rx="12" fill="var(--color-surface-2)" />
      <path d="M20 70 40 46l14 16 10-10 12 18Z" fill="var(--color-border-strong)" />
      <circle cx="64" cy="32" r="8" fill="var(--color-border-strong)" />
    </svg>
  );
}

/**
 * C7 watch asset: "Would you like to add this token / collectible?" with what the chain says
 * about it (symbol, decimals, balance; a collectible's name, id and image, or the placeholder).
 */
export const WatchAssetScreen = observer(function WatchAssetScreen({
  request,
  position,
  total,
}: ScreenProps) {
  const { t } = useTranslation();
  const explorer = useStore().ui.NetworkController.providerConfig.blockExplorer;
  const asset = request.requestData as unknown as WatchAssetData;
  const isToken = asset.type === 'erc20';
  const image = safeIconUrl(asset.image);
  const standard = asset.type.toUpperCase().replace('ERC', 'ERC-');
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={isToken ? t('confirm.asset.tokenTitle') : t('confirm.asset.collectibleTitle')}
      approveLabel={t('confirm.asset.add')}
    >
      <div className={styles.asset}>
        {image ? (
          <img className={styles.assetImage} src={image} alt={asset.name ?? asset.symbol ?? ''} />
        ) : isToken ? null : (
          <NftPlaceholder />
        )}
        <div>
          <p className={styles.assetName}>{asset.name ?? asset.symbol ?? standard}</p>
          <p className={styles.muted}>{standard}</p>
        </div>
      </div>
      <dl className={styles.details} data-testid="asset-details">
        {asset.symbol && (
          <div>
            <dt>{t('confirm.asset.symbol')}</dt>
            <dd>{asset.symbol}</dd>
          </div>
        )}
        {isToken && asset.decimals !== undefined && (
          <div>
            <dt>{t('confirm.asset.decimals')}</dt>
            <dd>{asset.decimals}</dd>
          </div>
        )}
        {asset.tokenId !== undefined && (
          <div>
            <dt>{t('confirm.asset.tokenId')}</dt>
            <dd>{asset.tokenId}</dd>
          </div>
        )}
        {asset.balance != null && (
          <div>
            <dt>{t('confirm.asset.balance')}</dt>
            <dd>
              {isToken
                ? `${formatTokenAmount(asset.balance, asset.decimals ?? 18, 4)} ${asset.symbol ?? ''}`
                : formatTokenAmount(asset.balance, 0, 0)}
            </dd>
          </div>
        )}
        <div className={styles.stacked}>
          <dt>{t('confirm.asset.contract')}</dt>
          <dd className={styles.mono}>{asset.address}</dd>
        </div>
        {asset.description && (
          <div className={styles.stacked}>
            <dt>{t('confirm.asset.description')}</dt>
            <dd>{asset.description}</dd>
          </div>
        )}
      </dl>
      {explorer && (
        <a
          className={styles.link}
          href={`${explorer.replace(/\/$/, '')}/${isToken ? 'token' : 'address'}/${asset.address}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('confirm.asset.explorer')}
        </a>
      )}
    </ApprovalFrame>
  );
});

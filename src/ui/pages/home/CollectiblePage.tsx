import { observer } from 'mobx-react-lite';
import { ArrowLeft, ArrowUpRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/Card';
import { usePageTitle } from '../../hooks/use-page-title';
import { CarriedLink } from '../../routes/carried-links';
import { findCollectibleContract, type Collectible } from '../../view-models/home';
import { NftImage } from './NftImage';
import styles from './Home.module.css';
import page from './HomePage.module.css';

/** Descriptions longer than this start folded ("View more"). */
const FOLD_AT = 160;

function Description({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = text.length > FOLD_AT;
  return (
    <>
      <p className={styles.description}>{long && !open ? `${text.slice(0, FOLD_AT)}…` : text}</p>
      {long && (
        <Button variant="ghost" size="sm" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('walletHome.viewLess') : t('walletHome.viewMore')}
        </Button>
      )}
    </>
  );
}

function AssetItem({ asset, erc1155 }: { asset: Collectible; erc1155: boolean }) {
  const { t } = useTranslation();
  const name = asset.name || `#${asset.tokenId}`;
  return (
    <li data-testid={`collectible-${asset.tokenId}`}>
      <Card as="article" aria-labelledby={`nft-${asset.collectibleIndex}`}>
        <NftImage src={asset.image} alt={name} />
        <h3 id={`nft-${asset.collectibleIndex}`}>{name}</h3>
        <p className={styles.muted}>{t('walletHome.tokenId', { id: asset.tokenId })}</p>
        {erc1155 && (
          <p className={styles.muted}>{t('walletHome.nftBalance', { n: asset.tokenBalance })}</p>
        )}
        {asset.description && <Description text={asset.description} />}
        <CarriedLink
          to={`/wallet/transfer?contract=${asset.address}&tokenId=${asset.tokenId}`}
          className={styles.linkButton}
        >
          <ArrowUpRight aria-hidden="true" size={18} />
          {t('walletHome.transferNft', { name })}
        </CarriedLink>
      </Card>
    </li>
  );
}

/** A collectible contract's assets held by the account (/wallet/home/collectibles/{address}). */
export const CollectiblePage = observer(function CollectiblePage() {
  const { t } = useTranslation();
  const { address = '' } = useParams();
  const { ui } = useStore();
  const contract = findCollectibleContract(ui, address);
  usePageTitle(contract?.name || t('walletHome.collectible'));
  const back = (
    <CarriedLink to="/wallet/home" className={styles.linkButton}>
      <ArrowLeft aria-hidden="true" size={18} />
      {t('walletHome.backToHome')}
    </CarriedLink>
  );
  if (!contract) {
    const loading = ui.CollectiblesController.loading;
    return (
      <div
        className={styles.empty}
        data-testid={loading ? 'collectible-loading' : 'collectible-not-found'}
      >
        <h1 className={styles.cardHeading}>
          {loading ? t('walletHome.loadingAssets') : t('walletHome.collectibleNotFound')}
        </h1>
        <div>{back}</div>
      </div>
    );
  }
  // Only an https explorer is linked: a custom network's URL is the user's text.
  const explorerUrl = ui.NetworkController.providerConfig.blockExplorer ?? '';
  const explorer = explorerUrl.startsWith('https://') ? explorerUrl : null;
  const standard = contract.standard.replace('ERC', 'ERC-');
  return (
    <div className={page.page} data-testid="collectible-page">
      <PageHeader
        title={contract.name || contract.symbol || contract.address}
        description={`${contract.symbol} · ${standard}`}
        actions={back}
      />
      {(contract.description || explorer) && (
        <Card aria-label={t('walletHome.aboutCollection')}>
          {contract.description && <Description text={contract.description} />}
          {explorer && (
            <a
              className={styles.inlineLink}
              href={`${explorer.replace(/\/$/, '')}/address/${contract.address}`}
              target="_blank"
              rel="noreferrer noopener"
            >
              {t('walletHome.viewOnExplorer')}
            </a>
          )}
        </Card>
      )}
      <ul className={styles.assetList} aria-label={t('walletHome.collectibles')}>
        {contract.assets.map((asset) => (
          <AssetItem
            key={asset.collectibleIndex}
            asset={asset}
            erc1155={contract.standard === 'ERC1155'}
          />
        ))}
      </ul>
    </div>
  );
});

export default CollectiblePage;

import { observer } from 'mobx-react-lite';
import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { originLabel } from '../../view-models/approvals';
import { ApprovalFrame } from './ApprovalFrame';
import type { ScreenProps } from './screen-props';
import styles from './Confirm.module.css';

const decimal = (chainId: string) => {
  try {
    return BigInt(chainId).toString();
  } catch {
    return chainId;
  }
};

interface AddChainData {
  chainId: string;
  chainName: string;
  rpcUrl: string;
  ticker: string;
  tickerName: string;
  decimals: number;
  blockExplorerUrl?: string | null;
}

/** C8 add chain: the network the site proposes (the RPC was checked to answer its chain id). */
export const AddChainScreen = observer(function AddChainScreen({
  request,
  position,
  total,
}: ScreenProps) {
  const { t } = useTranslation();
  const current = useStore().ui.NetworkController.providerConfig;
  const chain = request.requestData as unknown as AddChainData;
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.addChain.title')}
      approveLabel={t('confirm.addChain.allow')}
    >
      <p>
        {t('confirm.addChain.intro', {
          site: originLabel(request.origin),
          network: chain.chainName,
        })}
      </p>
      <dl className={styles.details} data-testid="chain-details">
        <div>
          <dt>{t('confirm.chain.name')}</dt>
          <dd>{chain.chainName}</dd>
        </div>
        <div className={styles.stacked}>
          <dt>{t('confirm.chain.rpc')}</dt>
          <dd className={styles.mono}>{chain.rpcUrl}</dd>
        </div>
        <div>
          <dt>{t('confirm.chain.chainId')}</dt>
          <dd>
            {decimal(chain.chainId)} <span className={styles.muted}>({chain.chainId})</span>
          </dd>
        </div>
        <div>
          <dt>{t('confirm.chain.symbol')}</dt>
          <dd>
            {chain.ticker} <span className={styles.muted}>({chain.tickerName})</span>
          </dd>
        </div>
        {chain.blockExplorerUrl && (
          <div className={styles.stacked}>
            <dt>{t('confirm.chain.explorer')}</dt>
            <dd className={styles.mono}>{chain.blockExplorerUrl}</dd>
          </div>
        )}
        <div>
          <dt>{t('confirm.chain.current')}</dt>
          <dd>{current.networkName}</dd>
        </div>
      </dl>
      <p className={styles.note}>{t('confirm.addChain.note')}</p>
    </ApprovalFrame>
  );
});

interface SwitchChainData {
  fromChainId: string;
  fromNetworkName: string;
  chainId: string;
  networkName: string;
  rpcUrl: string;
}

/** C9 switch chain: from the current network to the one the site asks for. */
export function SwitchChainScreen({ request, position, total }: ScreenProps) {
  const { t } = useTranslation();
  const chain = request.requestData as unknown as SwitchChainData;
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.switchChain.title')}
      approveLabel={t('confirm.switchChain.allow')}
    >
      <p>
        {t('confirm.switchChain.intro', {
          site: originLabel(request.origin),
          network: chain.networkName,
        })}
      </p>
      <div className={styles.switch} data-testid="switch-chain">
        <p className={styles.networkCard}>
          <span className={styles.muted}>{t('confirm.chain.from')}</span>
          <span>{chain.fromNetworkName}</span>
          <span className={styles.muted}>{decimal(chain.fromChainId)}</span>
        </p>
        <ArrowDown aria-hidden="true" />
        <p className={styles.networkCard}>
          <span className={styles.muted}>{t('confirm.chain.to')}</span>
          <span>{chain.networkName}</span>
          <span className={styles.muted}>{decimal(chain.chainId)}</span>
        </p>
      </div>
    </ApprovalFrame>
  );
}

import { observer } from 'mobx-react-lite';
import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { originLabel } from '../../view-models/approvals';
import { providerChangeView, type NetworkFacts } from '../../view-models/provider-change';
import { ApprovalFrame } from './ApprovalFrame';
import type { ScreenProps } from './screen-props';
import styles from './Confirm.module.css';

function Network({ id, title, facts }: { id: string; title: string; facts: NetworkFacts }) {
  const { t } = useTranslation();
  return (
    <section className={styles.changeCard} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>{t('confirm.chain.name')}</dt>
          <dd>{facts.name}</dd>
        </div>
        <div>
          <dt>{t('confirm.chain.chainId')}</dt>
          <dd>
            {facts.chainId} <span className={styles.muted}>({facts.chainIdHex})</span>
          </dd>
        </div>
        {facts.host && (
          <div>
            <dt>{t('confirm.chain.rpc')}</dt>
            <dd className={styles.mono}>{facts.host}</dd>
          </div>
        )}
        {facts.ticker && (
          <div>
            <dt>{t('confirm.chain.symbol')}</dt>
            <dd>{facts.ticker}</dd>
          </div>
        )}
        {facts.explorer && (
          <div>
            <dt>{t('confirm.chain.explorer')}</dt>
            <dd className={styles.mono}>{facts.explorer}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * R8 provider change: "Allow {host} to change your network to {network}", the current network
 * above the requested one, Deny / Change network, and a status line while it is applied.
 */
export const ProviderChangeScreen = observer(function ProviderChangeScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const view = providerChangeView(props.request, useStore().ui.NetworkController);
  if (!view) return null;
  return (
    <ApprovalFrame
      {...props}
      title={t('confirmWindow.providerChange.title')}
      approveLabel={t('confirmWindow.providerChange.allow')}
      busyNote={t('confirmWindow.providerChange.applying')}
    >
      <p>
        {t('confirmWindow.providerChange.intro', {
          site: originLabel(props.request.origin),
          network: view.requested.name,
        })}
      </p>
      <Network id="change-current" title={t('confirm.chain.current')} facts={view.current} />
      <ArrowDown className={styles.changeArrow} aria-hidden="true" />
      <Network
        id="change-requested"
        title={t('confirmWindow.providerChange.requested')}
        facts={view.requested}
      />
      <p className={styles.note}>{t('confirmWindow.providerChange.note')}</p>
    </ApprovalFrame>
  );
});

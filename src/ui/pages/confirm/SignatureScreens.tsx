import { observer } from 'mobx-react-lite';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { Checkbox } from '../../components/Checkbox';
import {
  chainMismatch,
  originLabel,
  readableMessage,
  typedDataView,
} from '../../view-models/approvals';
import { ApprovalFrame } from './ApprovalFrame';
import { TypedDataTree } from './TypedDataTree';
import type { RequestDataOf, ScreenProps } from './screen-props';
import styles from './Confirm.module.css';

/** C2 personal_sign: the message as text when it is readable, else its hex. */
export function PersonalSignScreen({ request, position, total }: ScreenProps) {
  const { t } = useTranslation();
  const data = request.requestData as RequestDataOf<'personal_sign'>;
  const message = readableMessage(data.data);
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.sign.title')}
      approveLabel={t('confirm.sign.sign')}
    >
      <p>{t('confirm.sign.intro', { site: originLabel(request.origin) })}</p>
      <h2 className={styles.sectionTitle}>
        {message.kind === 'text' ? t('confirm.sign.message') : t('confirm.sign.messageHex')}
      </h2>
      <pre className={styles.message} tabIndex={0} data-testid="sign-message">
        {message.value}
      </pre>
    </ApprovalFrame>
  );
}

/**
 * C3 eth_sign: a raw hash cannot be read and could authorise anything, so a danger notice and an
 * acknowledgement come before Sign enables. A custom-prefix request shows prefix and message.
 */
export function EthSignScreen({ request, position, total }: ScreenProps) {
  const { t } = useTranslation();
  const data = request.requestData as RequestDataOf<'eth_sign'> & {
    customPrefix?: string;
    customMessage?: string;
  };
  const [acknowledged, setAcknowledged] = useState(false);
  const needsAck = data.dangerWarning;
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.ethSign.title')}
      approveLabel={t('confirm.sign.sign')}
      canApprove={!needsAck || acknowledged}
      blockedReason={t('confirm.ethSign.ackFirst')}
    >
      {needsAck && (
        <div className={styles.danger} role="alert">
          <span className={styles.dangerTitle}>
            <TriangleAlert aria-hidden="true" size={16} /> {t('confirm.ethSign.dangerTitle')}
          </span>
          <p>{t('confirm.ethSign.danger', { site: originLabel(request.origin) })}</p>
        </div>
      )}
      {data.customPrefix !== undefined && (
        <>
          <h2 className={styles.sectionTitle}>{t('confirm.ethSign.prefix')}</h2>
          <pre className={styles.message}>{data.customPrefix}</pre>
          <h2 className={styles.sectionTitle}>{t('confirm.sign.message')}</h2>
          <pre className={styles.message}>{data.customMessage}</pre>
        </>
      )}
      <h2 className={styles.sectionTitle}>{t('confirm.ethSign.hash')}</h2>
      <pre className={styles.message} tabIndex={0} data-testid="sign-message">
        {data.data}
      </pre>
      {needsAck && (
        <Checkbox
          label={t('confirm.ethSign.acknowledge')}
          checked={acknowledged}
          onCheckedChange={setAcknowledged}
        />
      )}
    </ApprovalFrame>
  );
}

/** C4 typed data V1/V3/V4: domain (chain and verifying contract) and the message as a tree. */
export const TypedDataScreen = observer(function TypedDataScreen({
  request,
  position,
  total,
}: ScreenProps) {
  const { t } = useTranslation();
  const activeChainId = useStore().ui.NetworkController.providerConfig.chainId;
  const data = request.requestData as RequestDataOf<'typed_data'>;
  const view = typedDataView(data.data, data.version);
  const mismatch = chainMismatch(view, activeChainId);
  return (
    <ApprovalFrame
      request={request}
      position={position}
      total={total}
      title={t('confirm.typed.title')}
      approveLabel={t('confirm.sign.sign')}
    >
      <p>{t('confirm.sign.intro', { site: originLabel(request.origin) })}</p>
      {mismatch && (
        <p className={styles.warning} role="alert">
          {t('confirm.typed.chainMismatch', {
            chainId: view.chainId,
            active: BigInt(activeChainId).toString(),
          })}
        </p>
      )}
      {view.domain.length > 0 && (
        <>
          <h2 className={styles.sectionTitle}>{t('confirm.typed.domain')}</h2>
          <dl className={styles.details}>
            {view.chainId !== null && (
              <div>
                <dt>{t('confirm.typed.chain')}</dt>
                <dd>{view.chainId}</dd>
              </div>
            )}
            {view.verifyingContract && (
              <div className={styles.stacked}>
                <dt>{t('confirm.typed.verifyingContract')}</dt>
                <dd className={styles.mono}>{view.verifyingContract}</dd>
              </div>
            )}
          </dl>
          {/* Chain and contract are shown above; the tree has the rest (name, version, salt). */}
          <TypedDataTree
            nodes={view.domain.filter(
              (node) => node.name !== 'chainId' && node.name !== 'verifyingContract',
            )}
            label={t('confirm.typed.domain')}
          />
        </>
      )}
      <h2 className={styles.sectionTitle}>
        {view.primaryType
          ? t('confirm.typed.messageOf', { type: view.primaryType })
          : t('confirm.sign.message')}
      </h2>
      <TypedDataTree nodes={view.message} label={t('confirm.sign.message')} />
    </ApprovalFrame>
  );
});

import { observer } from 'mobx-react-lite';
import { Inbox, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { usePageTitle } from '../../hooks/use-page-title';
import { postApprovalWindowMessage, readConfirmQuery } from '../../approvals/window-protocol';
import { sessionStatus } from '../../view-models/session';
import { windowRequest, type ApprovalKind } from '../../view-models/approvals';
import { UnlockForm } from '../login/UnlockForm';
import { WatchAssetScreen } from './AssetScreen';
import { AddChainScreen, SwitchChainScreen } from './ChainScreens';
import { ConnectScreen } from './ConnectScreen';
import { DecryptScreen, EncryptionKeyScreen } from './EncryptionScreens';
import { EthSignScreen, PersonalSignScreen, TypedDataScreen } from './SignatureScreens';
import type { ScreenProps } from './screen-props';
import { TransactionScreen } from './TransactionScreen';
import styles from './Confirm.module.css';

/** The screen for each approval type a window knows; others show 'No new transactions.'. */
export type ScreensByKind = Partial<Record<ApprovalKind, ComponentType<ScreenProps>>>;

const SCREENS: Record<ApprovalKind, ComponentType<ScreenProps>> = {
  connect: ConnectScreen,
  personal_sign: PersonalSignScreen,
  eth_sign: EthSignScreen,
  typed_data: TypedDataScreen,
  transaction: TransactionScreen,
  encryption_public_key: EncryptionKeyScreen,
  decrypt: DecryptScreen,
  watch_asset: WatchAssetScreen,
  add_chain: AddChainScreen,
  switch_chain: SwitchChainScreen,
};

/**
 * /confirm?id=…&origin=… (title 'Confirm', 375×660): the one pending request named by the URL,
 * on its own screen. An unknown id shows 'No new transactions.'; an id of another origin than
 * the URL names is refused. When the request settles (here or elsewhere) the window closes.
 */
export default function ConfirmPage() {
  return <ApprovalWindowPage screens={SCREENS} titleKey="app.routes.confirm" />;
}

/**
 * An approval window: /confirm with every screen, /providerchange with the network change only.
 * Both speak the same protocol to their opener (shown, closed on settle, unlock first).
 */
export const ApprovalWindowPage = observer(function ApprovalWindowPage({
  screens,
  titleKey,
}: {
  screens: ScreensByKind;
  titleKey: string;
}) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey));
  const ui = useStore().ui;
  const query = readConfirmQuery(useLocation().search);
  const status = sessionStatus(ui);
  const shown = windowRequest(ui.ApprovalController, query.id, query.origin);
  const wasShown = useRef(false);

  // Only a request this window has a screen for counts as shown; the opener rejects any other.
  const showing = shown.status === 'show' && screens[shown.request.type] ? shown.request.id : null;
  useEffect(() => {
    if (!showing) return;
    wasShown.current = true;
    // The opener rejects the request if this never comes.
    postApprovalWindowMessage({ type: 'shown', id: showing });
  }, [showing]);
  // The request settled (approved, denied, or its dapp went away): this window's job is done.
  useEffect(() => {
    if (shown.status === 'none' && wasShown.current) window.close();
  }, [shown.status]);
  // An unlock window's job ends with the unlock: the dapp's request goes on (and may ask next).
  const unlocked = status !== 'locked' && status !== 'noVault';
  useEffect(() => {
    if (query.unlock && !query.id && unlocked) window.close();
  }, [query.unlock, query.id, unlocked]);

  // Locked, a request waits behind the lock: unlock here first.
  if (status === 'locked' && (query.id || query.unlock)) {
    return (
      <section className={styles.frame} aria-labelledby="confirm-unlock">
        <h1 id="confirm-unlock" className={styles.title}>
          {t('confirm.unlockTitle')}
        </h1>
        <p className={styles.note}>{t('confirm.unlockNote')}</p>
        <UnlockForm />
      </section>
    );
  }
  if (shown.status === 'mismatch') {
    return (
      <section className={styles.empty} role="alert">
        <ShieldAlert aria-hidden="true" size={40} />
        <h1 className={styles.title}>{t('confirm.mismatchTitle')}</h1>
        <p className={styles.note}>{t('confirm.mismatch')}</p>
        <Button variant="secondary" onClick={() => window.close()}>
          {t('app.close')}
        </Button>
      </section>
    );
  }
  const Screen = shown.status === 'show' ? screens[shown.request.type] : undefined;
  if (shown.status !== 'show' || !Screen) {
    return (
      <section className={styles.empty} data-testid="confirm-empty">
        <Inbox aria-hidden="true" size={40} />
        <h1 className={styles.title}>{t('confirm.noRequest')}</h1>
        <Button variant="secondary" onClick={() => window.close()}>
          {t('app.close')}
        </Button>
      </section>
    );
  }
  return <Screen request={shown.request} position={shown.position} total={shown.total} />;
});

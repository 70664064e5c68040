import { reaction } from 'mobx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useStore } from '../../app-context';
import { useCarriedNavigate } from '../../routes/carried-links';
import { notificationPermission } from './notification-permission';
import { newlySettled } from './settled';

/** The Activity row a notification opens (ActivityPage expands the row with this hash). */
export const activityHashOf = (txId: string) => `#tx-${txId}`;

/**
 * Desktop notifications when one of the account's transactions is confirmed or fails, while a
 * wallet page is open and the user has allowed them; a click opens the transaction in Activity.
 * Each notification is tagged by transaction and outcome, so two open wallet tabs show one.
 */
export function TransactionNotifier(): null {
  // The store, not its `ui`: a fresh snapshot (after a reconnect) replaces the whole state.
  const store = useStore();
  const { t } = useTranslation();
  const navigate = useCarriedNavigate();

  useEffect(() => {
    const seen = new Map<string, string>();
    return reaction(
      () => ({
        account: store.ui.PreferencesController.selectedAddress ?? '',
        transactions: store.ui.TransactionController.uiTransactions.map((tx) => ({
          id: tx.id,
          status: tx.status,
          hash: tx.hash,
          replacedBy: tx.replacedBy,
          txParams: { from: tx.txParams.from },
        })),
      }),
      ({ account, transactions }) => {
        const settled = newlySettled(seen, transactions, account);
        if (notificationPermission() !== 'granted') return;
        for (const { id, hash, outcome } of settled) {
          const notification = new Notification(t(`transferExtras.notify.${outcome}.title`), {
            body: t(`transferExtras.notify.${outcome}.body`, {
              hash: hash ? `${hash.slice(0, 10)}…` : '',
            }),
            tag: `orrery-tx-${id}-${outcome}`,
          });
          notification.onclick = () => {
            window.focus();
            navigate(`/wallet/history${activityHashOf(id)}`);
            notification.close();
          };
        }
      },
      { fireImmediately: true },
    );
  }, [store, t, navigate]);

  return null;
}

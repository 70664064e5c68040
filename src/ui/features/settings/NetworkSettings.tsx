import { observer } from 'mobx-react-lite';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActions, useStore } from '../../app-context';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { useNotify } from '../../toasts/toast-context';
import { customNetworkRows } from '../../view-models/settings';
import { NetworkForm, type CustomNetwork } from './NetworkForm';
import styles from './Settings.module.css';

/**
 * Networks (views.md §3.13 S2): the selected network, the custom networks with edit and delete,
 * and "add network". Switching lives in the header's selector.
 */
export const NetworkSettings = observer(function NetworkSettings() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const rows = customNetworkRows(ui);
  const [editing, setEditingState] = useState<CustomNetwork | 'new' | null>(null);
  // The button that opened the form gets focus back when it closes (it has no trigger of its own).
  const opener = useRef<HTMLElement | null>(null);
  const setEditing = (next: CustomNetwork | 'new' | null) => {
    if (next !== null && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
    setEditingState(next);
  };
  const current = ui.NetworkController.providerConfig;
  const otherChainIds = rows
    .filter((row) => editing === 'new' || row.id !== editing?.id)
    .map((row) => row.chainIdDecimal);
  return (
    <Card aria-labelledby="settings-networks">
      <div className={styles.cardHeader}>
        <h2 id="settings-networks" className={styles.heading}>
          {t('walletSettings.sections.networks')}
        </h2>
        <Button
          size="sm"
          icon={<Plus aria-hidden="true" />}
          onClick={() => setEditing('new')}
          data-testid="add-network"
        >
          {t('walletSettings.addNetwork')}
        </Button>
      </div>
      <p className={styles.muted}>
        {t('walletSettings.currentNetwork', {
          name: current.networkName,
          chainId: Number.parseInt(current.chainId, 16),
        })}
      </p>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('walletSettings.noCustomNetworks')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('walletSettings.customNetworks')}>
          {rows.map((row) => (
            <li key={row.id} className={styles.row} data-testid="custom-network-row">
              <div className={styles.rowText}>
                <span className={styles.rowTitle}>{row.networkName}</span>
                <span className={styles.rowMeta}>
                  {t('walletSettings.chainIdValue', { chainId: row.chainIdDecimal })} · {row.symbol}
                </span>
                <span className={styles.rowMono}>{row.host}</span>
              </div>
              <div className={styles.rowActions}>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Pencil aria-hidden="true" />}
                  aria-label={t('walletSettings.editNamed', { name: row.networkName })}
                  onClick={() => setEditing(row)}
                >
                  {t('walletSettings.edit')}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<Trash2 aria-hidden="true" />}
                      aria-label={t('walletSettings.deleteNamed', { name: row.networkName })}
                    >
                      {t('walletSettings.delete')}
                    </Button>
                  }
                  title={t('walletSettings.deleteNetworkTitle')}
                  description={t('walletSettings.deleteNetworkBody', { name: row.networkName })}
                  confirmLabel={t('walletSettings.delete')}
                  destructive
                  onConfirm={async () => {
                    const done = await notify.outcome(actions.deleteCustomNetwork(row.id), {
                      success: 'navBar.snackSuccessCustomNetworkDelete',
                      failure: 'navBar.snackFailCustomNetworkDelete',
                    });
                    if (!done) throw new Error('not deleted');
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        returnFocusTo={opener}
        title={editing === 'new' ? t('walletSettings.addNetwork') : t('walletSettings.editNetwork')}
        description={t('walletSettings.networkFormHint')}
      >
        {editing !== null && (
          <NetworkForm
            editing={editing === 'new' ? null : editing}
            otherChainIds={otherChainIds}
            onSaved={() => {
              notify.success(
                editing === 'new'
                  ? 'navBar.snackSuccessCustomNetworkAdd'
                  : 'navBar.snackSuccessCustomNetworkUpdate',
              );
              setEditing(null);
            }}
          />
        )}
      </Dialog>
    </Card>
  );
});

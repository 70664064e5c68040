import { observer } from 'mobx-react-lite';
import { Copy, Download, Lock, LogOut, Star, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useActions, useStore } from '../app-context';
import { Dialog } from '../components/Dialog';
import {
  Menu,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
} from '../components/Menu';
import { AddAccountForms } from '../features/accounts/AddAccountForms';
import { ExportKeystoreDialog } from '../features/accounts/ExportKeystoreDialog';
import { useNotify } from '../toasts/toast-context';
import { accountRows, selectedAccount } from '../view-models/accounts';
import styles from './AccountMenu.module.css';

/**
 * The account menu (views.md §4.1 D1) from the header: the accounts with their type and balance
 * (choosing one switches to it), copy the address, add or import an account (a dialog), make the
 * selected one the default account, download it as an encrypted keystore file, lock, log out.
 */
export const AccountMenu = observer(function AccountMenu() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const account = selectedAccount(ui);
  if (!account) return null;
  const rows = accountRows(ui);
  const selectedRow = rows.find((row) => row.selected);
  const copy = () => {
    navigator.clipboard
      .writeText(account.address)
      .then(() => notify.success('accountMenu.copied'))
      .catch((error: unknown) => notify.error(error));
  };
  return (
    <>
      <Menu
        label={t('accountMenu.title')}
        trigger={
          <button ref={trigger} type="button" className={styles.trigger} data-testid="account-menu">
            <span
              className={styles.avatar}
              aria-hidden="true"
              style={avatarStyle(account.address)}
            />
            <span className="visually-hidden">{t('accountMenu.title')} </span>
            <span className={styles.address}>{account.shortAddress}</span>
          </button>
        }
      >
        <MenuLabel>{t('accountMenu.accounts')}</MenuLabel>
        <MenuRadioGroup
          label={t('accountMenu.accounts')}
          value={account.address}
          onValueChange={(address) => {
            if (address === account.address) return;
            actions
              .setSelectedAddress(address)
              .then(() => notify.success('accountMenu.switched'))
              .catch((error: unknown) => notify.error(error));
          }}
        >
          {rows.map((row) => (
            <MenuRadioItem key={row.address} value={row.address} testId="account-row">
              <span
                className={styles.rowAvatar}
                aria-hidden="true"
                style={avatarStyle(row.address)}
              />
              <span className={styles.rowText}>
                <span className={styles.menuAddress} aria-label={row.address}>
                  {row.shortAddress}
                </span>
                <span className={styles.rowMeta}>
                  {t(`accountMenu.types.${row.accountType}`)}
                  {row.isDefault && ` · ${t('accountMenu.defaultBadge')}`}
                </span>
              </span>
              <span className={styles.balance}>
                {row.displayBalance !== null ? `${row.displayBalance} ${account.ticker}` : '…'}
              </span>
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem icon={<Copy aria-hidden="true" />} onSelect={copy} testId="copy-address">
          {t('accountMenu.copyAddress')}
        </MenuItem>
        <MenuItem
          icon={<UserPlus aria-hidden="true" />}
          onSelect={() => setAdding(true)}
          testId="add-account"
        >
          {t('accountMenu.addAccount')}
        </MenuItem>
        <MenuItem
          icon={<Star aria-hidden="true" />}
          testId="set-default-account"
          disabled={!selectedRow || selectedRow.isDefault}
          onSelect={() => {
            void notify.outcome(actions.setDefaultPublicAddress(account.address), {
              success: 'accountMenu.defaultSet',
              failure: 'accountMenu.defaultFailed',
            });
          }}
        >
          {t('accountMenu.setDefault')}
        </MenuItem>
        <MenuItem
          icon={<Download aria-hidden="true" />}
          testId="export-account"
          onSelect={() => setExporting(true)}
        >
          {t('accountMenu.exportAccount')}
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          icon={<Lock aria-hidden="true" />}
          testId="lock-wallet"
          onSelect={() => {
            actions.setLocked().catch((error: unknown) => notify.error(error));
          }}
        >
          {t('accountMenu.lock')}
        </MenuItem>
        <MenuItem
          icon={<LogOut aria-hidden="true" />}
          testId="log-out"
          destructive
          onSelect={() => {
            actions
              .logout()
              .then(() => navigate('/logout', { replace: true }))
              .catch((error: unknown) => notify.error(error));
          }}
        >
          {t('accountMenu.logOut')}
        </MenuItem>
      </Menu>
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        returnFocusTo={trigger}
        title={t('accountMenu.addAccount')}
        description={t('accountMenu.addAccountHint')}
      >
        <AddAccountForms
          onAdded={(address) => {
            setAdding(false);
            actions
              .setSelectedAddress(address)
              .then(() => notify.success('accountMenu.accountAdded'))
              .catch((error: unknown) => notify.error(error));
          }}
        />
      </Dialog>
      <ExportKeystoreDialog
        address={account.address}
        open={exporting}
        onOpenChange={setExporting}
        returnFocusTo={trigger}
        onExported={() => {
          setExporting(false);
          notify.success('accountMenu.exported');
        }}
      />
    </>
  );
});

/** A colour per address, so accounts are told apart at a glance (decorative). */
function avatarStyle(address: string) {
  const hue = Number.parseInt(address.slice(2, 8), 16) % 360;
  const hue2 = (hue + 70) % 360;
  return {
    background: `linear-gradient(135deg, hsl(${hue} 70% 55%), hsl(${hue2} 70% 45%))`,
  };
}

import { observer } from 'mobx-react-lite';
import { Copy, Lock, LogOut, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useActions, useStore } from '../app-context';
import { Dialog } from '../components/Dialog';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../components/Menu';
import { AddAccountForms } from '../features/accounts/AddAccountForms';
import { useNotify } from '../toasts/toast-context';
import { selectedAccount } from '../view-models/accounts';
import styles from './AccountMenu.module.css';

/**
 * The account menu (views.md §4.1 D1) from the header. For now: the selected account, copy its
 * address, add an account (new or imported, in a dialog), lock, log out. The accounts list,
 * default account and export belong here too.
 */
export const AccountMenu = observer(function AccountMenu() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const account = selectedAccount(ui);
  if (!account) return null;
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
        <MenuLabel>
          <span className={styles.menuAddress}>{account.shortAddress}</span>
          {account.displayBalance !== null && (
            <span className={styles.balance}>
              {account.displayBalance} {account.ticker}
            </span>
          )}
        </MenuLabel>
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

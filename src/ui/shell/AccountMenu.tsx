import { observer } from 'mobx-react-lite';
import { Copy, Lock, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useActions, useStore } from '../app-context';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../components/Menu';
import { useNotify } from '../toasts/toast-context';
import { selectedAccount } from '../view-models/accounts';
import styles from './AccountMenu.module.css';

/**
 * The account menu (views.md §4.1 D1) from the header. For now: the selected account, copy its
 * address, lock, log out. The accounts list, import, default account and export belong here.
 */
export const AccountMenu = observer(function AccountMenu() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const actions = useActions();
  const notify = useNotify();
  const navigate = useNavigate();
  const account = selectedAccount(ui);
  if (!account) return null;
  const copy = () => {
    navigator.clipboard
      .writeText(account.address)
      .then(() => notify.success('accountMenu.copied'))
      .catch((error: unknown) => notify.error(error));
  };
  return (
    <Menu
      label={t('accountMenu.title')}
      trigger={
        <button
          type="button"
          className={styles.trigger}
          data-testid="account-menu"
          aria-label={t('accountMenu.open', { address: account.address })}
        >
          <span className={styles.avatar} aria-hidden="true" style={avatarStyle(account.address)} />
          <span className={styles.address} aria-hidden="true">
            {account.shortAddress}
          </span>
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

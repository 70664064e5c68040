import { observer } from 'mobx-react-lite';
import { Ellipsis } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useStore } from '../app-context';
import { Menu, MenuItem } from '../components/Menu';
import { CarriedNavLink, useCarriedNavigate } from '../routes/carried-links';
import { walletFeatures } from '../view-models/white-label';
import { visibleNavItems } from './nav-items';
import styles from './WalletNav.module.css';

/**
 * The wallet's navigation: a sidebar on wide screens; on narrow ones (the 375 px popup) a bottom
 * bar with the main items and "More" for the rest. The current page is marked aria-current.
 */
export const WalletNav = observer(function WalletNav() {
  const { t } = useTranslation();
  const { ui } = useStore();
  const { pathname } = useLocation();
  const navigate = useCarriedNavigate();
  const items = visibleNavItems(walletFeatures(ui));
  const secondary = items.filter((item) => !item.primary);
  const secondaryActive = secondary.some((item) => pathname.startsWith(item.to));
  const link = (item: (typeof items)[number], className: string, testIdPrefix: string) => {
    const Icon = item.icon;
    return (
      <CarriedNavLink
        key={item.to}
        to={item.to}
        className={({ isActive }) => [className, isActive ? styles.active : ''].join(' ')}
        data-testid={`${testIdPrefix}-${item.to.split('/').pop()}`}
      >
        <Icon aria-hidden="true" />
        <span className={styles.label}>{t(item.labelKey)}</span>
      </CarriedNavLink>
    );
  };
  return (
    <>
      <nav className={styles.sidebar} aria-label={t('navBar.mainNavigation')}>
        {items.map((item) => link(item, styles.sideItem!, 'nav'))}
      </nav>
      <nav className={styles.bottomBar} aria-label={t('navBar.mainNavigation')}>
        {items.filter((item) => item.primary).map((item) => link(item, styles.barItem!, 'bar'))}
        {secondary.length > 0 && (
          <Menu
            align="end"
            trigger={
              <button
                type="button"
                className={[styles.barItem, secondaryActive ? styles.active : ''].join(' ')}
                data-testid="bar-more"
              >
                <Ellipsis aria-hidden="true" />
                <span className={styles.label}>{t('navBar.more')}</span>
              </button>
            }
          >
            {secondary.map((item) => {
              const Icon = item.icon;
              return (
                <MenuItem
                  key={item.to}
                  icon={<Icon aria-hidden="true" />}
                  onSelect={() => navigate(item.to)}
                  testId={`bar-more-${item.to.split('/').pop()}`}
                >
                  {t(item.labelKey)}
                </MenuItem>
              );
            })}
          </Menu>
        )}
      </nav>
    </>
  );
});

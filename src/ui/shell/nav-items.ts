import {
  ArrowLeftRight,
  Compass,
  CreditCard,
  History,
  House,
  Send,
  Settings,
  type LucideIcon,
} from 'lucide-react';

import type { walletFeatures } from '../view-models/white-label';

export interface NavItem {
  to: string;
  /** Message key of the label. */
  labelKey: string;
  icon: LucideIcon;
  /** Stays in the narrow bottom bar; the rest go under "More". */
  primary: boolean;
}

/** The wallet's navigation (spec part 1 §2 children of /wallet), in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/wallet/home', labelKey: 'navBar.home', icon: House, primary: true },
  { to: '/wallet/history', labelKey: 'navBar.activity', icon: History, primary: true },
  { to: '/wallet/transfer', labelKey: 'navBar.transfer', icon: Send, primary: true },
  { to: '/wallet/topup', labelKey: 'navBar.topUp', icon: CreditCard, primary: true },
  { to: '/wallet/discover', labelKey: 'navBar.discover', icon: Compass, primary: false },
  { to: '/wallet/swap', labelKey: 'navBar.swap', icon: ArrowLeftRight, primary: false },
  { to: '/wallet/settings', labelKey: 'navBar.settings', icon: Settings, primary: false },
];

/** The items to show: top-up hidden when the white-label says so (views.md §1.5). */
export function visibleNavItems(features: ReturnType<typeof walletFeatures>): NavItem[] {
  return NAV_ITEMS.filter((item) => features.topup || item.to !== '/wallet/topup');
}

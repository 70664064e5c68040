/**
 * Every route module, loaded on demand: each its own chunk (named here), so a screen's code and
 * styles load only where it is used. The login route's chunk is what a first visit loads beyond
 * the main bundle (bench:ui measures it).
 */
import { lazy } from 'react';

export const LoginPage = lazy(
  () => import(/* webpackChunkName: "route-login" */ '../pages/login/LoginPage'),
);
export const WalletLayout = lazy(
  () => import(/* webpackChunkName: "wallet-shell" */ '../shell/WalletLayout'),
);
export const HomePage = lazy(
  () => import(/* webpackChunkName: "route-home" */ '../pages/home/HomePage'),
);
export const CollectiblePage = lazy(
  () => import(/* webpackChunkName: "route-collectible" */ '../pages/home/CollectiblePage'),
);
export const SettingsPage = lazy(
  () => import(/* webpackChunkName: "route-settings" */ '../pages/settings/SettingsPage'),
);
export const TransferPage = lazy(
  () => import(/* webpackChunkName: "route-transfer" */ '../pages/transfer/TransferPage'),
);
export const ActivityPage = lazy(
  () => import(/* webpackChunkName: "route-activity" */ '../pages/activity/ActivityPage'),
);
export const LoginStartPage = lazy(
  () => import(/* webpackChunkName: "route-login-start" */ '../pages/login/LoginStartPage'),
);
export const LoginEndPage = lazy(
  () => import(/* webpackChunkName: "route-login-end" */ '../pages/login/LoginEndPage'),
);
export const ComingSoonPage = lazy(
  () => import(/* webpackChunkName: "route-coming" */ '../pages/ComingSoonPage'),
);
export const WindowLayout = lazy(
  () => import(/* webpackChunkName: "window-shell" */ '../shell/WindowLayout'),
);
export const ConfirmPage = lazy(
  () => import(/* webpackChunkName: "route-confirm" */ '../pages/confirm/ConfirmPage'),
);
export const PreopenPage = lazy(
  () => import(/* webpackChunkName: "route-confirm" */ '../pages/preopen/PreopenPage'),
);
export const ProviderChangePage = lazy(
  () => import(/* webpackChunkName: "route-confirm" */ '../pages/confirm/ProviderChangePage'),
);

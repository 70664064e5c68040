import type { RouteObject } from 'react-router';

import { RouteModule } from '../shell/RouteModule';
import { CarriedNavigate } from './carried-links';
import { RequireSession, SignedOutOnly } from './guards';
import {
  ActivityPage,
  CollectiblePage,
  ComingSoonPage,
  HomePage,
  LoginPage,
  SettingsPage,
  TransferPage,
  WalletLayout,
} from './lazy-pages';
import { TopupRoute } from './TopupRoute';

/** The top-up providers' pages (spec part 2 §2: /wallet/topup/{providerName}). */
export const TOPUP_PROVIDER_ROUTES = [
  'rampnetwork',
  'simplex',
  'moonpay',
  'mercuryo',
  'transak',
  'banxa',
] as const;

/**
 * The standalone wallet: the login screen (/ and /logout) and the wallet area (/wallet/*, behind
 * the session guard, inside the wallet layout). Screens still to be built show a "coming" page
 * under the same guard. Children render in the layout's RouteModule (lazy, chunk-error boundary).
 */
export const walletRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <SignedOutOnly>
        <RouteModule>
          <LoginPage />
        </RouteModule>
      </SignedOutOnly>
    ),
  },
  {
    path: '/logout',
    element: (
      <SignedOutOnly>
        <RouteModule>
          <LoginPage loggedOut />
        </RouteModule>
      </SignedOutOnly>
    ),
  },
  {
    path: '/wallet',
    element: (
      <RequireSession>
        <RouteModule>
          <WalletLayout />
        </RouteModule>
      </RequireSession>
    ),
    children: [
      { index: true, element: <CarriedNavigate to="/wallet/home" /> },
      { path: 'home', element: <HomePage /> },
      {
        path: 'home/collectibles/:address',
        element: <CollectiblePage />,
      },
      { path: 'history', element: <ActivityPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'transfer', element: <TransferPage /> },
      {
        path: 'topup',
        element: <TopupRoute />,
        children: [
          { index: true, element: <ComingSoonPage titleKey="navBar.topUp" /> },
          ...TOPUP_PROVIDER_ROUTES.map((provider) => ({
            path: provider,
            element: <ComingSoonPage titleKey="navBar.topUp" />,
          })),
        ],
      },
      { path: 'discover', element: <ComingSoonPage titleKey="navBar.discover" /> },
      { path: 'swap', element: <ComingSoonPage titleKey="navBar.swap" /> },
    ],
  },
];

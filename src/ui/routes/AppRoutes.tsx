import { useRoutes, type RouteObject } from 'react-router';

import { SignedOutOnly } from './guards';
import { LoginPage } from './lazy-pages';
import { RouteModule } from '../shell/RouteModule';
import { embedRoutes, TRANSPARENT_PATHS } from './embed-routes';
import { walletRoutes } from './wallet-routes';
import { windowRoutes } from './window-routes';

/** Any path no table knows shows the login screen (spec part 1 §2). */
const fallbackRoute: RouteObject = {
  path: '*',
  element: (
    <SignedOutOnly>
      <RouteModule>
        <LoginPage />
      </RouteModule>
    </SignedOutOnly>
  ),
};

/** Every surface's route table, in one router: wallet, windows (approvals, login flow), embed. */
export const ROUTES: RouteObject[] = [
  ...walletRoutes,
  ...windowRoutes,
  ...embedRoutes,
  fallbackRoute,
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}

export function isTransparentPath(pathname: string): boolean {
  return (TRANSPARENT_PATHS as readonly string[]).includes(pathname.replace(/\/$/, '') || '/');
}

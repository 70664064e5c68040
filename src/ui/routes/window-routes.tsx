import type { RouteObject } from 'react-router';

import { reportWindowLoadFailed } from '../approvals/window-protocol';
import { RouteModule } from '../shell/RouteModule';
import {
  ConfirmPage,
  LoginEndPage,
  LoginStartPage,
  PreopenPage,
  ProviderChangePage,
  WindowLayout,
} from './lazy-pages';

/**
 * Windows the wallet opens for a dapp or a flow, none behind the session guard (spec part 1 §2):
 * approval windows (/confirm, /providerchange, /redirect, 375×660) and the login flow (/start,
 * /end). Each renders in the small window layout.
 */
export const approvalRoutes: RouteObject[] = [
  { path: '/confirm', element: <ConfirmPage /> },
  { path: '/providerchange', element: <ProviderChangePage /> },
  { path: '/redirect', element: <PreopenPage /> },
];

export const loginFlowRoutes: RouteObject[] = [
  { path: '/start', element: <LoginStartPage /> },
  { path: '/end', element: <LoginEndPage /> },
];

export const windowRoutes: RouteObject[] = [
  {
    element: (
      <RouteModule onLoadFailed={reportWindowLoadFailed}>
        <WindowLayout />
      </RouteModule>
    ),
    children: [...approvalRoutes, ...loginFlowRoutes],
  },
];

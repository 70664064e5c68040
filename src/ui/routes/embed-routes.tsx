import type { RouteObject } from 'react-router';

import { RouteModule } from '../shell/RouteModule';
import { ComingSoonPage } from './lazy-pages';

/** Routes whose page, body and app backgrounds are transparent (spec part 1 §2). */
export const TRANSPARENT_PATHS = ['/popup'] as const;

/** The embed iframe a host page loads (/popup): no session check, transparent over the host. */
export const embedRoutes: RouteObject[] = [
  {
    path: '/popup',
    element: (
      <RouteModule>
        <ComingSoonPage titleKey="app.routes.embed" embedded />
      </RouteModule>
    ),
  },
];

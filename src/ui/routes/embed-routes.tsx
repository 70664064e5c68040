import type { RouteObject } from 'react-router';

import { RouteModule } from '../shell/RouteModule';
import { ComingSoonPage } from './lazy-pages';

/** Routes whose page, body and app backgrounds are transparent (spec part 1 §2). */
export const TRANSPARENT_PATHS = ['/popup'] as const;

/**
 * /popup inside the app: the static server answers /popup with the embed iframe's own page
 * (popup.html, src/ui/embed-frame), so this route only shows if the app navigates here itself.
 */
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

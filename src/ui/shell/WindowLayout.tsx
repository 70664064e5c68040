import { Outlet } from 'react-router';

import { reportWindowLoadFailed } from '../approvals/window-protocol';
import { Brand } from '../components/Brand';
import { RouteModule } from './RouteModule';
import styles from './WindowLayout.module.css';

/**
 * The frame of the windows the wallet opens (approvals at 375×660, the login flow): a slim
 * header with the brand and the page; no navigation, no session guard.
 */
export default function WindowLayout() {
  return (
    <div className={styles.window}>
      <header className={styles.header}>
        <Brand size={28} />
      </header>
      <main id="main" className={styles.main}>
        <RouteModule onLoadFailed={reportWindowLoadFailed}>
          <Outlet />
        </RouteModule>
      </main>
    </div>
  );
}

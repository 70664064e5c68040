import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { Spinner } from '../components/Spinner';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import styles from './RouteModule.module.css';

/**
 * Where a lazily loaded route module renders: a small spinner while its chunk loads, and the
 * chunk-load error boundary (reset on navigation) if it fails.
 */
export function RouteModule({
  children,
  onLoadFailed,
}: {
  children: ReactNode;
  onLoadFailed?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary resetKey={pathname} onLoadFailed={onLoadFailed}>
      <Suspense
        fallback={
          <div className={styles.loading} aria-busy="true">
            <Spinner size={32} />
          </div>
        }
      >
        {children}
      </Suspense>
    </ChunkErrorBoundary>
  );
}

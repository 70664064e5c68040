import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '../components/Button';
import styles from './ChunkErrorBoundary.module.css';

/**
 * True for a failed code-split load: webpack's ChunkLoadError (a script chunk, also after the
 * 120 s chunk timeout) and mini-css-extract's CSS_CHUNK_LOAD_FAILED (a route's stylesheet).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED';
}

interface State {
  error: unknown;
  /** The resetKey the error happened under; another key clears it. */
  failedKey: string | null;
}

/**
 * Catches a route module that failed to load (spec part 2 §8 'ChunkLoadError for script or CSS
 * chunks') and offers a reload, which fetches the app's current files. Other errors are not
 * ours to hide: they go on up. Navigating elsewhere (a new resetKey) tries again.
 */
export class ChunkErrorBoundary extends Component<
  {
    children: ReactNode;
    resetKey: string;
    /** Told when a module failed to load (an approval window reports it to its opener). */
    onLoadFailed?: () => void;
  },
  State
> {
  override state: State = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: State,
  ): Partial<State> | null {
    if (state.error && state.failedKey !== null && state.failedKey !== props.resetKey) {
      return { error: null, failedKey: null };
    }
    if (state.error && state.failedKey === null) return { failedKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!isChunkLoadError(error)) return;
    console.warn('A part of the app failed to load', error, info.componentStack);
    this.props.onLoadFailed?.();
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <ChunkLoadFailed />;
  }
}

function ChunkLoadFailed() {
  const { t } = useTranslation();
  return (
    <div className={styles.failed} role="alert" data-testid="chunk-load-error">
      <p>{t('app.chunkLoadError')}</p>
      <Button
        variant="primary"
        icon={<RefreshCw aria-hidden="true" />}
        onClick={() => location.reload()}
      >
        {t('app.reload')}
      </Button>
    </div>
  );
}

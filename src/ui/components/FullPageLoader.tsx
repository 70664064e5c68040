import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './FullPageLoader.module.css';
import { Spinner } from './Spinner';

export interface FullPageLoaderProps {
  /** ms before the loader shows, so fast restores never flash it (spec §2: 500). */
  delay?: number;
  /** Spinner diameter in px (spec §2: 60). */
  size?: number;
  /** A white-label logo shown instead of the spinner (white-label `useLogoLoader`). */
  logo?: string | null;
}

/**
 * Shown while the session is restored. Rendered before the engine's first state, so it reads
 * nothing from it; the white-label logo applies where a caller has one.
 */
export function FullPageLoader({ delay = 500, size = 60, logo = null }: FullPageLoaderProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delay <= 0);

  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);

  if (!visible) return null;
  return (
    <div className={styles.loader} data-testid="full-page-loader" role="status" aria-live="polite">
      {logo ? (
        <img className={styles.logo} src={logo} alt="" style={{ height: size }} />
      ) : (
        <Spinner size={size} testId="full-page-loader-spinner" />
      )}
      <span>{t('login.loader')}</span>
    </div>
  );
}

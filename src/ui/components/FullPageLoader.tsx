import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FullPageLoaderProps {
  /** ms before the loader shows, so fast restores never flash it (spec §2: 500). */
  delay?: number;
  /** Spinner diameter in px (spec §2: 60). */
  size?: number;
}

export function FullPageLoader({ delay = 500, size = 60 }: FullPageLoaderProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delay <= 0);

  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);

  if (!visible) return null;
  return (
    <div
      className="full-page-loader"
      data-testid="full-page-loader"
      role="status"
      aria-live="polite"
    >
      <div
        className="spinner"
        data-testid="full-page-loader-spinner"
        style={{ width: size, height: size, borderWidth: Math.max(3, Math.round(size / 12)) }}
      />
      <span>{t('login.loader')}</span>
    </div>
  );
}

/**
 * The widget button the host shows in its corner (torus-embed's 70×70 iframe): the wallet's
 * mark, opening the full wallet in its own window. Loaded after init only when the host shows
 * the button; it mirrors no state (no subscription, no polling): the theme comes from the
 * wallet origin's stored mirror, the language from the browser.
 */
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';

import { LOCALES, type Locale } from '../../../shared/preferences';
import { createI18n } from '../../i18n/create-i18n';
import { applyTheme, storedTheme } from '../../theme/appearance';
import '../../theme/tokens.css';
import '../../theme/global.css';
import styles from './Widget.module.css';

function Widget({ size, walletUrl }: { size: number; walletUrl: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.button}
      style={{ width: size, height: size }}
      aria-label={t('embed.widget.open')}
      title={t('embed.widget.open')}
      onClick={() => window.open(`${walletUrl}/wallet`, '_blank', 'noopener,width=1315,height=740')}
    >
      <img src={`${walletUrl}/images/torus_icon-blue.svg`} alt="" className={styles.logo} />
    </button>
  );
}

export interface MountedWidget {
  setVisible(visible: boolean): void;
}

export async function mountWidget(options: {
  size: number;
  walletUrl: string;
}): Promise<MountedWidget> {
  document.documentElement.dataset.surface = 'transparent';
  applyTheme(storedTheme() ?? 'light');
  const browserLanguage = navigator.language.slice(0, 2) as Locale;
  const i18n = await createI18n({
    locale: LOCALES.includes(browserLanguage) ? browserLanguage : 'en',
  });
  const container = document.createElement('div');
  container.className = styles.corner ?? '';
  document.body.appendChild(container);
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <Widget size={options.size} walletUrl={options.walletUrl} />
    </I18nextProvider>,
  );
  return {
    setVisible(visible) {
      container.hidden = !visible;
    },
  };
}

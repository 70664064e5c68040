/**
 * The widget button the host shows in its corner (torus-embed's 70×70 iframe): the wallet's
 * mark, opening the full wallet in its own window. Loaded after init only when the host shows
 * the button, and kept small (no React; i18next with only `embed.json` of one language): it
 * runs on every dapp page view. It mirrors no state (no subscription, no polling): the theme
 * comes from the wallet origin's stored mirror, the language from the browser.
 */
import i18next from 'i18next';

import { LOCALES, type Locale } from '../../../shared/preferences';
import { applyTheme, storedTheme } from '../../theme/appearance';
import '../../theme/tokens.css';
import styles from './Widget.module.css';

export interface MountedWidget {
  setVisible(visible: boolean): void;
}

async function widgetTranslator(): Promise<(key: string) => string> {
  const browser = navigator.language.slice(0, 2);
  const language: Locale = (LOCALES as readonly string[]).includes(browser)
    ? (browser as Locale)
    : 'en';
  const strings = (await import(
    /* webpackChunkName: "embed-strings-[request]" */ `../../../../locales/${language}/embed.json`
  )) as { default: Record<string, unknown> };
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: { embed: strings.default } } },
    interpolation: { escapeValue: false },
  });
  return (key) => i18n.t(key);
}

export async function mountWidget(options: {
  size: number;
  walletUrl: string;
}): Promise<MountedWidget> {
  document.documentElement.dataset.surface = 'transparent';
  applyTheme(storedTheme() ?? 'light');
  const t = await widgetTranslator();
  const corner = document.createElement('div');
  corner.className = styles.corner ?? '';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = styles.button ?? '';
  button.style.width = button.style.height = `${options.size}px`;
  button.setAttribute('aria-label', t('embed.widget.open'));
  button.title = t('embed.widget.open');
  const logo = document.createElement('img');
  logo.src = `${options.walletUrl}/images/torus_icon-blue.svg`;
  logo.alt = '';
  logo.className = styles.logo ?? '';
  button.append(logo);
  button.addEventListener('click', () =>
    window.open(`${options.walletUrl}/wallet`, '_blank', 'noopener,width=1315,height=740'),
  );
  corner.append(button);
  document.body.append(corner);
  return {
    setVisible(visible) {
      corner.hidden = !visible;
    },
  };
}

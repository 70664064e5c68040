/**
 * The widget the host shows in its corner (torus-embed's 70×70 iframe): the wallet's mark and,
 * on a click, a panel with the account the host is shown, its balance, the network and a way
 * to the full wallet. Loaded after init only when the host shows the button, and kept small (no
 * React; i18next with only `embed.json` of one language): it runs on every dapp page view. It
 * mirrors no state and polls nothing: the panel reads once each time it opens, through the
 * host's own connection. The theme comes from the wallet origin's stored mirror.
 */
import i18next from 'i18next';

import { LOCALES, type Locale } from '../../../shared/preferences';
import { applyTheme, storedTheme } from '../../theme/appearance';
import '../../theme/tokens.css';
import type { WhiteLabel } from '../../../shared/white-label';
import type { ButtonPosition } from '../init-config';
import { widgetLogo } from './logo';
import type { PanelModel } from './panel-model';
import { createPanel } from './panel';
import styles from './Widget.module.css';

export interface MountedWidget {
  setVisible(visible: boolean): void;
}

export interface WidgetOptions {
  size: number;
  position: ButtonPosition;
  walletUrl: string;
  /** The host's white-label language, used when the browser's is not one of ours. */
  defaultLanguage?: Locale | null;
  /** The host's white-label logos, shown on the button instead of the wallet's mark. */
  logos?: Pick<WhiteLabel, 'logoLight' | 'logoDark'> | null;
  /** Reads what the panel shows (the host's connection). */
  readPanel(): Promise<PanelModel>;
  /** The panel needs the whole host viewport (true) or only the corner (false). */
  onExpanded(expanded: boolean): void;
  /**
   * Before the panel opens: the login modal when the wallet has no session (views.md §3.5,
   * "logged out: click → login modal"); false when the user closed it (no panel then).
   */
  signIn?(): Promise<boolean>;
}

async function widgetTranslator(
  fallback: Locale,
): Promise<(key: string, values?: Record<string, string>) => string> {
  const browser = navigator.language.slice(0, 2);
  const language: Locale = (LOCALES as readonly string[]).includes(browser)
    ? (browser as Locale)
    : fallback;
  const strings = (await import(
    /* webpackChunkName: "embed-strings-[request]" */ `../../../../locales/${language}/embed.json`
  )) as { default: Record<string, unknown> };
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: { embed: strings.default } } },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return (key, values) => i18n.t(key, values ?? {});
}

export async function mountWidget(options: WidgetOptions): Promise<MountedWidget> {
  document.documentElement.dataset.surface = 'transparent';
  const theme = storedTheme() ?? 'light';
  applyTheme(theme);
  const t = await widgetTranslator(options.defaultLanguage ?? 'en');
  const corner = document.createElement('div');
  corner.className = styles.corner ?? '';
  corner.dataset.position = options.position;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = styles.button ?? '';
  button.style.width = button.style.height = `${options.size}px`;
  button.setAttribute('aria-label', t('embed.widget.button'));
  button.setAttribute('aria-expanded', 'false');
  button.title = t('embed.widget.button');
  const logo = document.createElement('img');
  logo.src = widgetLogo(options.logos ?? null, theme, options.walletUrl);
  logo.alt = '';
  logo.className = styles.logo ?? '';
  button.append(logo);

  const panel = createPanel({
    t,
    openWallet: () =>
      window.open(`${options.walletUrl}/wallet`, '_blank', 'noopener,width=1315,height=740'),
    onClose: () => setExpanded(false),
  });
  const setExpanded = (expanded: boolean) => {
    if (expanded === corner.classList.contains(styles.expanded ?? 'expanded')) return;
    corner.classList.toggle(styles.expanded ?? 'expanded', expanded);
    button.setAttribute('aria-expanded', String(expanded));
    options.onExpanded(expanded);
    if (expanded) {
      panel.show(options.readPanel());
    } else {
      panel.hide();
      button.focus();
    }
  };
  button.addEventListener('click', () => {
    const expanded = corner.classList.contains(styles.expanded ?? 'expanded');
    if (expanded || !options.signIn) return setExpanded(!expanded);
    options.signIn().then(
      (entered) => entered && setExpanded(true),
      () => setExpanded(true), // the panel then says what it can read
    );
  });
  button.setAttribute('aria-controls', panel.element.id);
  corner.append(panel.element, button);
  document.body.append(corner);
  return {
    setVisible(visible) {
      if (!visible) setExpanded(false);
      corner.hidden = !visible;
    },
  };
}
export { panelModel } from './panel-model';
export { StorageDeniedHere } from './panel';

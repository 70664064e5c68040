/**
 * The embed's login modal (the host called `login()`: torus-embed's `oauth_modal`), without
 * React like the widget. Social login arrives in its own issue: until then the way in is this
 * wallet's own accounts, and the host's loginConfig is listed as not available yet rather than
 * hidden, so the user knows why the site's buttons are missing. Continue leads to the connect
 * prompt; Cancel, Esc or a click outside answer the host 'user closed popup' (spec part 1 §4).
 */
import type { LoginConfigItem } from '../../view-models/login-options';
import type { Translate } from '../widget/translator';
import styles from '../widget/Widget.module.css';

/** The names the host asked the modal to show, in its priority order. */
export function modalLoginNames(loginConfig: Record<string, LoginConfigItem>): string[] {
  return Object.values(loginConfig)
    .filter((item) => item.showOnModal !== false)
    .sort((a, b) => (a.priority ?? Infinity) - (b.priority ?? Infinity))
    .map((item) => item.name);
}

/** Shows the modal; resolves true for Continue, false when the user closes it. */
export function showLoginModal(options: {
  t: Translate;
  hostOrigin: string;
  loginConfig: Record<string, LoginConfigItem>;
}): Promise<boolean> {
  const { t } = options;
  const previous = document.activeElement as HTMLElement | null;
  const layer = document.createElement('div');
  layer.className = styles.layer ?? '';
  const dialog = document.createElement('div');
  dialog.className = styles.panel ?? '';
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'orrery-login-title');
  dialog.setAttribute('aria-describedby', 'orrery-login-intro');
  const title = document.createElement('h2');
  title.id = 'orrery-login-title';
  title.className = styles.title ?? '';
  title.textContent = t('embed.login.title', { site: new URL(options.hostOrigin).host });
  const intro = document.createElement('p');
  intro.id = 'orrery-login-intro';
  intro.textContent = t('embed.login.intro');
  dialog.append(title, intro);
  const names = modalLoginNames(options.loginConfig);
  if (names.length > 0) {
    const others = document.createElement('p');
    others.className = styles.muted ?? '';
    others.textContent = t('embed.login.others', { names: names.join(', ') });
    dialog.append(others);
  }
  const actions = document.createElement('div');
  actions.className = styles.actions ?? '';
  const go = document.createElement('button');
  go.type = 'button';
  go.className = styles.primary ?? '';
  go.textContent = t('embed.login.continue');
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = styles.secondary ?? '';
  cancel.textContent = t('embed.login.cancel');
  actions.append(go, cancel);
  dialog.append(actions);
  layer.append(dialog);
  document.body.append(layer);
  go.focus();

  return new Promise<boolean>((resolve) => {
    const finish = (result: boolean) => {
      layer.remove();
      previous?.focus?.();
      resolve(result);
    };
    go.addEventListener('click', () => finish(true));
    cancel.addEventListener('click', () => finish(false));
    layer.addEventListener('pointerdown', (event) => {
      if (event.target === layer) finish(false);
    });
    // Esc cancels; Tab stays inside (two buttons: cycle between them).
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
      } else if (event.key === 'Tab') {
        const edge = event.shiftKey ? go : cancel;
        if (document.activeElement === edge) {
          event.preventDefault();
          (event.shiftKey ? cancel : go).focus();
        }
      }
    });
  });
}

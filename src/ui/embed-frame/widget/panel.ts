/**
 * The widget's panel, built without React (the widget chunk stays small): a modal dialog by the
 * button with the host's account, balance and network, "Open the wallet" and "Close". Focus
 * moves into it and stays there (Tab cycles), Esc or a click outside closes it, and the
 * caller returns focus to the button.
 */
import type { PanelActivity, PanelModel } from './panel-model';
import styles from './Widget.module.css';

type Translate = (key: string, values?: Record<string, string>) => string;

export interface Panel {
  element: HTMLElement;
  /** Shows the panel and fills it when the read settles (a later show wins). */
  show(model: Promise<PanelModel>): void;
  hide(): void;
}

/**
 * The panel's read failed because the browser gives this (cross-site) frame no storage, so no
 * engine: the user is told what to allow, or to open the wallet in its own tab (the panel's
 * button), instead of "try again", which cannot help.
 */
export class StorageDeniedHere extends Error {
  constructor(readonly walletOrigin: string) {
    super('The browser denies the wallet its storage here.');
    this.name = 'StorageDeniedHere';
  }
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

export function createPanel(options: { t: Translate; openWallet(): void; onClose(): void }): Panel {
  const { t } = options;
  const element = document.createElement('div');
  element.id = 'orrery-widget-panel';
  element.className = styles.panel ?? '';
  element.setAttribute('role', 'dialog');
  element.setAttribute('aria-modal', 'true');
  element.setAttribute('aria-labelledby', 'orrery-widget-panel-title');
  element.hidden = true;

  const title = document.createElement('h2');
  title.id = 'orrery-widget-panel-title';
  title.className = styles.title ?? '';
  title.textContent = t('embed.widget.panel.title');

  // The live region holds either the details list or one message: a message is no dt/dd pair,
  // so it never goes inside the <dl> (axe: definition-list).
  const details = document.createElement('div');
  details.setAttribute('aria-live', 'polite');
  const list = document.createElement('dl');
  list.className = styles.details ?? '';

  // The site's own latest transactions, under its heading (only while connected).
  const activity = document.createElement('section');
  activity.className = styles.activity ?? '';
  activity.setAttribute('aria-labelledby', 'orrery-widget-activity-title');
  const activityList = (items: PanelActivity[]) => {
    const heading = document.createElement('h3');
    heading.id = 'orrery-widget-activity-title';
    heading.className = styles.activityTitle ?? '';
    heading.textContent = t('embed.widget.panel.activity.title');
    if (items.length === 0) {
      const none = document.createElement('p');
      none.textContent = t('embed.widget.panel.activity.none');
      return [heading, none];
    }
    const list = document.createElement('ul');
    list.className = styles.activityList ?? '';
    for (const item of items) {
      const line = document.createElement('li');
      const what = document.createElement('span');
      what.textContent = item.to
        ? t('embed.widget.panel.activity.sentTo', { amount: item.amount, to: short(item.to) })
        : t('embed.widget.panel.activity.sent', { amount: item.amount });
      const status = document.createElement('span');
      status.className = styles.activityStatus ?? '';
      status.textContent = t(`embed.widget.panel.activity.status.${item.status}`);
      line.append(what, status);
      list.append(line);
    }
    return [heading, list];
  };

  const actions = document.createElement('div');
  actions.className = styles.actions ?? '';
  const open = document.createElement('button');
  open.type = 'button';
  open.className = styles.primary ?? '';
  open.textContent = t('embed.widget.open');
  open.addEventListener('click', () => options.openWallet());
  const close = document.createElement('button');
  close.type = 'button';
  close.className = styles.secondary ?? '';
  close.textContent = t('embed.widget.panel.close');
  close.addEventListener('click', () => options.onClose());
  actions.append(open, close);
  element.append(title, details, activity, actions);

  const row = (label: string, value: string, mono = false) => {
    const term = document.createElement('dt');
    term.textContent = label;
    const description = document.createElement('dd');
    description.textContent = value;
    if (mono) description.className = styles.mono ?? '';
    return [term, description];
  };
  const fill = (model: PanelModel) => {
    const network =
      model.network ?? (model.chain ? t('embed.widget.panel.chain', { id: model.chain }) : '—');
    list.replaceChildren(
      ...row(
        t('embed.widget.panel.account'),
        model.address ? short(model.address) : t('embed.widget.panel.notConnected'),
        model.address !== null,
      ),
      ...(model.address ? row(t('embed.widget.panel.balance'), model.balance ?? '—') : []),
      ...row(t('embed.widget.panel.network'), network),
    );
    details.replaceChildren(list);
    activity.replaceChildren(...(model.address ? activityList(model.activity) : []));
    if (model.address) list.children[1]?.setAttribute('title', model.address);
  };
  const message = (key: string, values?: Record<string, string>) => {
    const text = document.createElement('p');
    text.className = styles.message ?? '';
    text.textContent = t(key, values);
    details.replaceChildren(text);
    activity.replaceChildren();
  };

  // Esc closes; Tab stays inside (two buttons: cycle between them).
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      options.onClose();
    } else if (event.key === 'Tab') {
      const edge = event.shiftKey ? open : close;
      if (document.activeElement === edge) {
        event.preventDefault();
        (event.shiftKey ? close : open).focus();
      }
    }
  });
  const outside = (event: PointerEvent) => {
    if (!element.contains(event.target as Node) && !(event.target as Element).closest?.('button'))
      options.onClose();
  };

  let shown = 0;
  return {
    element,
    show(model) {
      const current = ++shown;
      message('embed.widget.panel.loading');
      element.hidden = false;
      open.focus();
      document.addEventListener('pointerdown', outside);
      model.then(
        (value) => current === shown && fill(value),
        (error: unknown) =>
          current === shown &&
          (error instanceof StorageDeniedHere
            ? message('embed.widget.panel.storageDenied', { origin: error.walletOrigin })
            : message('embed.widget.panel.failed')),
      );
    },
    hide() {
      shown++;
      element.hidden = true;
      document.removeEventListener('pointerdown', outside);
    },
  };
}

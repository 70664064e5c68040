/**
 * The sign-in buttons of the login screen, from a login configuration (spec part 1 §3 'Login
 * config item'). The local vault is the only way in until social login arrives; its issue fills
 * the list (from config.json or the embedding host's init) and these rules place the buttons.
 */
export interface LoginConfigItem {
  /** The verifier, e.g. 'google'; the button's key. */
  verifier: string;
  typeOfLogin: string;
  name: string;
  description?: string;
  logoLight?: string;
  logoDark?: string;
  logoHover?: string;
  /** A big button above the others. */
  mainOption?: boolean;
  showOnModal?: boolean;
  showOnDesktop?: boolean;
  showOnMobile?: boolean;
  /** Lower first; default 99. */
  priority?: number;
}

export interface LoginButtons {
  main: LoginConfigItem[];
  others: LoginConfigItem[];
}

export const DEFAULT_LOGIN_PRIORITY = 99;

/** The buttons for this device, ordered by priority (ties keep the configuration's order). */
export function loginButtons(items: readonly LoginConfigItem[], isMobile: boolean): LoginButtons {
  const shown = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => (isMobile ? item.showOnMobile !== false : item.showOnDesktop !== false))
    .sort(
      (a, b) =>
        (a.item.priority ?? DEFAULT_LOGIN_PRIORITY) - (b.item.priority ?? DEFAULT_LOGIN_PRIORITY) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
  return {
    main: shown.filter((item) => item.mainOption),
    others: shown.filter((item) => !item.mainOption),
  };
}

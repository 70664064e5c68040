import { THEMES, type Theme } from '../../shared/preferences';
import { isSafeAssetUrl } from '../../shared/white-label';

/**
 * The theme is mirrored to localStorage (spec part 1 §3 'Theme … also kept in local storage') so
 * the first paint, before the engine answers, already uses the right palette: index.html reads
 * this key in a small inline script. The engine's preference stays the one source.
 */
export const THEME_STORAGE_KEY = 'orrery:theme';

export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode, blocked): the engine's state still applies.
  }
}

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : null;
  } catch {
    return null;
  }
}

/**
 * Marks pages whose backgrounds must be transparent (the embed iframe, spec part 1 §2 'On the
 * popup route the page, body and app backgrounds are transparent. Every other route resets them.').
 */
export function applySurface(transparent: boolean, doc: Document = document): void {
  if (transparent) doc.documentElement.dataset.surface = 'transparent';
  else delete doc.documentElement.dataset.surface;
}

/**
 * The white-label logo the full-page loader shows (white-label `useLogoLoader`), remembered for
 * the next start: the loader shows before the engine's first state arrives.
 */
export const LOADER_LOGO_STORAGE_KEY = 'orrery:loader-logo';

export function rememberLoaderLogo(logo: string | null): void {
  try {
    if (logo) localStorage.setItem(LOADER_LOGO_STORAGE_KEY, logo);
    else localStorage.removeItem(LOADER_LOGO_STORAGE_KEY);
  } catch {
    // Without storage the loader shows the spinner.
  }
}

export function rememberedLoaderLogo(): string | null {
  try {
    const logo = localStorage.getItem(LOADER_LOGO_STORAGE_KEY);
    return logo && isSafeAssetUrl(logo) ? logo : null;
  } catch {
    return null;
  }
}

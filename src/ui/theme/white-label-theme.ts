import { isHexColor, type WhiteLabelColor, type WhiteLabelTheme } from '../../shared/white-label';

/** The design token (tokens.css) each white-label colour sets. */
export const WHITE_LABEL_TOKENS: Readonly<Record<WhiteLabelColor, string>> = {
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
  background: '--color-bg',
  surface: '--color-surface',
  text: '--color-text',
  textMuted: '--color-text-muted',
  border: '--color-border',
  success: '--color-success',
  warning: '--color-warning',
  danger: '--color-danger',
};

/** sRGB relative luminance of a #rgb / #rrggbb colour (WCAG 2). */
export function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const channels = [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Black or white text, whichever reads better on `background`. */
export function readableTextOn(background: string): '#ffffff' | '#000000' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000')
    ? '#ffffff'
    : '#000000';
}

/**
 * The CSS that applies a white-label's colours to the palette they were given for (`isDark`:
 * dark, else light); the other palette stays ours. Text on a new primary colour is picked for
 * contrast unless `onPrimary` is given. Only #rgb/#rrggbb values and known tokens get in: the
 * text goes into a stylesheet.
 */
export function whiteLabelCss(theme: WhiteLabelTheme): string {
  const declarations: string[] = [];
  for (const [name, value] of Object.entries(theme.colors)) {
    const token = WHITE_LABEL_TOKENS[name as WhiteLabelColor];
    if (token && isHexColor(value)) declarations.push(`${token}: ${value};`);
  }
  const { primary, onPrimary } = theme.colors;
  if (isHexColor(primary)) {
    if (!isHexColor(onPrimary))
      declarations.push(`--color-on-primary: ${readableTextOn(primary)};`);
    declarations.push(`--color-focus: ${primary};`);
  }
  if (declarations.length === 0) return '';
  const palette = theme.isDark ? 'dark' : 'light';
  return `:root[data-theme='${palette}'] {\n  ${declarations.join('\n  ')}\n}\n`;
}

const STYLE_ID = 'orrery-white-label';

/** Puts the white-label's colours (whiteLabelCss) into the page, or removes them when empty. */
export function applyWhiteLabelCss(css: string, doc: Document = document): void {
  let style = doc.getElementById(STYLE_ID);
  if (!css) {
    style?.remove();
    return;
  }
  if (!style) {
    style = doc.createElement('style');
    style.id = STYLE_ID;
    doc.head.appendChild(style);
  }
  if (style.textContent !== css) style.textContent = css;
}

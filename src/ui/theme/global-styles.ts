import type { Theme } from '../../shared/preferences';

/**
 * Colours are CSS variables per theme, switched by `data-theme` on the root element, so a theme
 * change is one attribute write and no component re-renders for it.
 */
const palettes: Record<Theme, Record<string, string>> = {
  light: {
    '--color-background': '#f4f6fb',
    '--color-surface': '#ffffff',
    '--color-text': '#1b2030',
    '--color-text-muted': '#5b6478',
    '--color-border': '#dde2ee',
    '--color-primary': '#3a56d4',
    '--color-primary-text': '#ffffff',
    '--color-success': '#1d8a55',
    '--color-warning': '#b36b00',
  },
  dark: {
    '--color-background': '#10131c',
    '--color-surface': '#1b2030',
    '--color-text': '#e8ebf4',
    '--color-text-muted': '#9aa3b8',
    '--color-border': '#2e3548',
    '--color-primary': '#7b93ff',
    '--color-primary-text': '#10131c',
    '--color-success': '#4fd18b',
    '--color-warning': '#f0b14a',
  },
};

function block(selector: string, declarations: Record<string, string>): string {
  const body = Object.entries(declarations)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
  return `${selector} {\n${body}\n}`;
}

const layout = `
* { box-sizing: border-box; }
html, body, #root { margin: 0; min-height: 100%; height: 100%; }
body {
  background: var(--color-background);
  color: var(--color-text);
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK JP', sans-serif;
  transition: background-color 0.2s, color 0.2s;
}
button, select { font: inherit; color: inherit; }
.app-header {
  display: flex; align-items: center; justify-content: space-between; gap: 16px;
  padding: 16px 24px; background: var(--color-surface); border-bottom: 1px solid var(--color-border);
}
.app-header__brand { font-weight: 700; font-size: 20px; letter-spacing: 0.02em; }
.app-header__controls { display: flex; gap: 12px; align-items: center; }
.control {
  padding: 6px 12px; border-radius: 8px; border: 1px solid var(--color-border);
  background: var(--color-background); cursor: pointer;
}
.page { max-width: 720px; margin: 0 auto; padding: 32px 24px; }
.card {
  background: var(--color-surface); border: 1px solid var(--color-border); border-radius: 16px;
  padding: 24px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.06);
}
.card h2 { margin-top: 0; }
.muted { color: var(--color-text-muted); }
.status-grid { display: grid; grid-template-columns: max-content 1fr; gap: 12px 24px; margin: 0; }
.status-grid dt { color: var(--color-text-muted); }
.status-grid dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
.address { font-family: ui-monospace, monospace; word-break: break-all; }
.status--available { color: var(--color-success); }
.status--loading { color: var(--color-warning); }
.full-page-loader {
  position: fixed; inset: 0; display: flex; flex-direction: column; gap: 16px;
  align-items: center; justify-content: center; background: var(--color-background);
}
.spinner {
  border-radius: 50%; border-style: solid; border-color: var(--color-border);
  border-top-color: var(--color-primary); animation: spin 0.9s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
`;

export const globalCss = [
  block(':root, :root[data-theme="light"]', palettes.light),
  block(':root[data-theme="dark"]', palettes.dark),
  layout,
].join('\n');

/** Adds the stylesheet once per document. */
export function installGlobalStyles(doc: Document = document): void {
  if (doc.getElementById('orrery-global-styles')) return;
  const style = doc.createElement('style');
  style.id = 'orrery-global-styles';
  style.textContent = globalCss;
  doc.head.appendChild(style);
}

export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
}

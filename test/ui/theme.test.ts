import { readFileSync } from 'node:fs';
import path from 'node:path';

import { contrastRatio, readableTextOn, whiteLabelCss } from '../../src/ui/theme/white-label-theme';

const tokensCss = readFileSync(path.resolve(__dirname, '../../src/ui/theme/tokens.css'), 'utf8');

/** The colour tokens of one palette block of tokens.css. */
function palette(selector: string): Record<string, string> {
  const start = tokensCss.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in tokens.css`);
  const block = tokensCss.slice(start, tokensCss.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

const PALETTES = {
  light: palette(":root[data-theme='light']"),
  dark: palette(":root[data-theme='dark']"),
};

/** [foreground, background, minimum ratio]: text 4.5:1, controls and focus 3:1 (WCAG AA). */
const PAIRS: [string, string, number][] = [
  ...['--color-bg', '--color-surface', '--color-surface-2'].flatMap(
    (background): [string, string, number][] => [
      ['--color-text', background, 4.5],
      ['--color-text-muted', background, 4.5],
      ['--color-primary', background, 4.5],
      ['--color-success', background, 4.5],
      ['--color-warning', background, 4.5],
      ['--color-danger', background, 4.5],
      ['--color-border-strong', background, 3],
      ['--color-focus', background, 3],
    ],
  ),
  ['--color-on-primary', '--color-primary', 4.5],
  ['--color-on-primary', '--color-primary-hover', 4.5],
  ['--color-on-primary-soft', '--color-primary-soft', 4.5],
  ['--color-on-danger', '--color-danger', 4.5],
  ['--color-text', '--color-warning-soft', 4.5],
  ['--color-text', '--color-primary-soft', 4.5],
];

describe('design tokens', () => {
  it.each(Object.keys(PALETTES))(
    'the %s palette meets WCAG AA for every pair the components use',
    (name) => {
      const colours = PALETTES[name as keyof typeof PALETTES];
      const failures = PAIRS.flatMap(([foreground, background, minimum]) => {
        const ratio = contrastRatio(colours[foreground]!, colours[background]!);
        return ratio >= minimum
          ? []
          : [`${foreground} on ${background}: ${ratio.toFixed(2)} < ${minimum}`];
      });
      expect(failures).toEqual([]);
    },
  );

  it('both palettes define the same colour tokens', () => {
    expect(Object.keys(PALETTES.dark).sort()).toEqual(Object.keys(PALETTES.light).sort());
    expect(Object.keys(PALETTES.light).length).toBeGreaterThan(15);
  });
});

describe('white-label colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('picks black or white text, whichever reads better', () => {
    expect(readableTextOn('#ffdd00')).toBe('#000000');
    expect(readableTextOn('#1d2b64')).toBe('#ffffff');
  });

  it("sets the given palette's tokens only, with readable text on the new primary", () => {
    expect(
      whiteLabelCss({ isDark: false, colors: { primary: '#ffdd00', surface: '#fafafa' } }),
    ).toBe(
      ":root[data-theme='light'] {\n" +
        '  --color-primary: #ffdd00;\n' +
        '  --color-surface: #fafafa;\n' +
        '  --color-on-primary: #000000;\n' +
        '  --color-focus: #ffdd00;\n' +
        '}\n',
    );
    expect(
      whiteLabelCss({ isDark: true, colors: { primary: '#123456', onPrimary: '#eeeeee' } }),
    ).toBe(
      ":root[data-theme='dark'] {\n" +
        '  --color-primary: #123456;\n' +
        '  --color-on-primary: #eeeeee;\n' +
        '  --color-focus: #123456;\n' +
        '}\n',
    );
    expect(whiteLabelCss({ isDark: false, colors: {} })).toBe('');
  });

  it('lets nothing but known tokens and hex colours into the stylesheet', () => {
    const hostile = {
      isDark: false,
      colors: { primary: 'red;} body{display:none', glow: '#ffffff' } as Record<string, string>,
    };
    expect(whiteLabelCss(hostile)).toBe('');
  });
});

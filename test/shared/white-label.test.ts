import {
  defaultWhiteLabel,
  isHexColor,
  isSafeAssetUrl,
  parseWhiteLabel,
} from '../../src/shared/white-label';

describe('parseWhiteLabel', () => {
  it('is inactive and refuses nothing when none is given', () => {
    for (const raw of [undefined, null]) {
      expect(parseWhiteLabel(raw)).toEqual({ whiteLabel: defaultWhiteLabel(), refused: [] });
    }
  });

  it('keeps every known, valid setting', () => {
    const { whiteLabel, refused } = parseWhiteLabel({
      name: '  Acme Wallet ',
      url: 'https://acme.example',
      logoLight: 'https://acme.example/logo-light.svg',
      logoDark: '/images/acme-dark.svg',
      theme: { isDark: true, colors: { primary: '#FF5500', onPrimary: '#fff' } },
      defaultLanguage: 'de',
      topupHide: true,
      featuredBillboardHide: true,
      ethTransferOnly: true,
      useLogoLoader: true,
      isActive: true,
    });
    expect(refused).toEqual([]);
    expect(whiteLabel).toEqual({
      isActive: true,
      name: 'Acme Wallet',
      url: 'https://acme.example',
      logoLight: 'https://acme.example/logo-light.svg',
      logoDark: '/images/acme-dark.svg',
      theme: { isDark: true, colors: { primary: '#ff5500', onPrimary: '#fff' } },
      defaultLanguage: 'de',
      topupHide: true,
      featuredBillboardHide: true,
      ethTransferOnly: true,
      useLogoLoader: true,
    });
  });

  it("reads the published embed SDK's brand colour name as the primary colour", () => {
    const { whiteLabel, refused } = parseWhiteLabel({
      theme: { colors: { torusBrand1: '#00a8ff' } },
    });
    expect(refused).toEqual([]);
    expect(whiteLabel.theme.colors).toEqual({ primary: '#00a8ff' });
    expect(whiteLabel.isActive).toBe(true);
  });

  it('refuses each bad value with its field and reason, and keeps the good ones', () => {
    const { whiteLabel, refused } = parseWhiteLabel({
      name: 'Acme',
      url: 'javascript:alert(1)',
      logoLight: '//evil.example/logo.svg',
      logoDark: 'data:image/svg+xml,<svg/>',
      theme: {
        isDark: 'yes',
        colors: {
          primary: 'red; background: url(x)',
          text: '#12',
          surface: '#ffffff',
          glow: '#fff',
        },
        font: 'Comic Sans',
      },
      defaultLanguage: 'fr',
      topupHide: 'true',
      customTranslations: { en: {} },
    });
    expect(refused).toEqual([
      { field: 'url', reason: 'invalidUrl' },
      { field: 'logoLight', reason: 'invalidUrl' },
      { field: 'logoDark', reason: 'invalidUrl' },
      { field: 'theme.isDark', reason: 'notBoolean' },
      { field: 'theme.colors.primary', reason: 'invalidColor' },
      { field: 'theme.colors.text', reason: 'invalidColor' },
      { field: 'theme.colors.glow', reason: 'unknownField' },
      { field: 'theme.font', reason: 'unknownField' },
      { field: 'defaultLanguage', reason: 'unsupportedLanguage' },
      { field: 'topupHide', reason: 'notBoolean' },
      { field: 'customTranslations', reason: 'unknownField' },
    ]);
    expect(whiteLabel).toEqual({
      ...defaultWhiteLabel(),
      isActive: true,
      name: 'Acme',
      theme: { isDark: false, colors: { surface: '#ffffff' } },
    });
  });

  it('refuses a name that is empty or too long for a title', () => {
    expect(parseWhiteLabel({ name: '   ' }).refused).toEqual([
      { field: 'name', reason: 'notText' },
    ]);
    expect(parseWhiteLabel({ name: 'x'.repeat(41) }).refused).toEqual([
      { field: 'name', reason: 'tooLong' },
    ]);
  });

  it('refuses a configuration that is not an object, as a whole', () => {
    for (const raw of ['Acme', 42, ['name'], true]) {
      expect(parseWhiteLabel(raw)).toEqual({
        whiteLabel: defaultWhiteLabel(),
        refused: [{ field: 'whiteLabel', reason: 'notObject' }],
      });
    }
    expect(parseWhiteLabel({ theme: [] }).refused).toEqual([
      { field: 'theme', reason: 'notObject' },
    ]);
  });

  it('stays inactive when nothing was accepted', () => {
    const parsed = parseWhiteLabel({ name: 7, colours: {} });
    expect(parsed.whiteLabel.isActive).toBe(false);
    expect(parsed.refused).toHaveLength(2);
  });
});

describe('value checks', () => {
  it.each(['#fff', '#FFFFFF', '#3a56d4'])('%s is a colour', (value) => {
    expect(isHexColor(value)).toBe(true);
  });
  it.each(['fff', '#ffff', '#12345g', 'red', 'rgb(0,0,0)', '#fff;', '#ffffff }', 7])(
    '%p is not a colour',
    (value) => expect(isHexColor(value)).toBe(false),
  );
  it.each(['https://cdn.example/logo.png', 'http://localhost:4050/logo.svg', '/logo.svg'])(
    '%s is a usable asset URL',
    (value) => expect(isSafeAssetUrl(value)).toBe(true),
  );
  it.each([
    'javascript:alert(1)',
    '//evil.example/x.svg',
    'data:image/png;base64,AA',
    'logo.svg',
    '/a b.svg',
    '',
  ])('%p is refused as an asset URL', (value) => expect(isSafeAssetUrl(value)).toBe(false));
});

// Importing the embed SDK on a server (no window, document, location) must not throw.
const browserGlobals = ['window', 'document', 'location', 'navigator', 'self', 'parent'];

describe('embed SDK under server-side rendering', () => {
  const touched: string[] = [];
  beforeAll(() => {
    for (const name of browserGlobals) {
      expect(name in globalThis).toBe(false);
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return undefined;
        },
      });
    }
  });
  afterAll(() => {
    for (const name of browserGlobals) delete (globalThis as Record<string, unknown>)[name];
  });

  it('imports without reading any browser global', async () => {
    const embed = await import('../../src/embed');
    expect(typeof embed.createWindowMessageStream).toBe('function');
    expect(typeof embed.createMultiplex).toBe('function');
    expect(typeof embed.createProviderPort).toBe('function');
    expect(touched).toEqual([]);
  });

  it('imports and constructs the SDK class without reading any browser global', async () => {
    const { OrreryEmbed, default: Default } = await import('../../src/embed/sdk');
    expect(Default).toBe(OrreryEmbed);
    const sdk = new OrreryEmbed({ buttonPosition: 'top-right' });
    expect(sdk).toMatchObject({ isInitialized: false, isLoggedIn: false, buttonSize: 56 });
    await expect(sdk.login()).rejects.toThrow('Call init() first');
    await expect(sdk.logout()).rejects.toThrow('User has not logged in yet');
    expect(touched).toEqual([]);
  });

  it('explains, when used without a window, how to pass one', async () => {
    const { createWindowMessageStream } = await import('../../src/embed');
    expect(() =>
      createWindowMessageStream({
        name: 'embed_comm',
        target: 'iframe_comm',
        targetWindow: { postMessage: () => undefined },
        targetOrigin: 'http://localhost:4050',
      }),
    ).toThrow(
      'window message stream "embed_comm": no global window here (server-side?); pass selfWindow',
    );
  });
});

import { createEngine, type Engine } from '../../src/background/engine/create-engine';
import { MemoryStorage } from '../../src/background/persistence/memory-storage';
import { UNREACHABLE_RPC } from './helpers';

const acme = {
  name: 'Acme Wallet',
  theme: { isDark: true, colors: { primary: '#ff5500', sparkle: '#fff' } },
  defaultLanguage: 'ja',
  topupHide: true,
};

describe('white-label configuration in the engine', () => {
  const engines: Engine[] = [];
  const start = async (storage: MemoryStorage, whiteLabel?: unknown) => {
    const engine = await createEngine({ storage, network: UNREACHABLE_RPC, whiteLabel });
    engines.push(engine);
    return engine;
  };
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.destroy()));
  });

  it('shows views the accepted settings and what was refused', async () => {
    const engine = await start(new MemoryStorage(), acme);
    const { whiteLabel, refused } = engine.getState().WhiteLabelController;
    expect(whiteLabel).toMatchObject({
      isActive: true,
      name: 'Acme Wallet',
      topupHide: true,
      theme: { isDark: true, colors: { primary: '#ff5500' } },
    });
    expect(refused).toEqual([{ field: 'theme.colors.sparkle', reason: 'unknownField' }]);
  });

  it("starts a new user in the white-label's palette and language, and keeps a stored choice", async () => {
    const storage = new MemoryStorage();
    const first = await start(storage, acme);
    expect(first.getState().PreferencesController).toMatchObject({ theme: 'dark', locale: 'ja' });

    await first.actions.setTheme('light');
    await first.actions.setLocale('es');
    await first.destroy();
    engines.splice(engines.indexOf(first), 1);

    const again = await start(storage, acme);
    expect(again.getState().PreferencesController).toMatchObject({ theme: 'light', locale: 'es' });
  });

  it('is not stored: the next start reads the configuration afresh', async () => {
    // (The palette and language it gave a new user were stored as that user's preferences.)
    const storage = new MemoryStorage();
    const first = await start(storage, acme);
    await first.flush();
    expect(JSON.stringify(await storage.getAll())).not.toContain('Acme Wallet');
    await first.destroy();
    engines.splice(engines.indexOf(first), 1);

    const plain = await start(storage);
    expect(plain.getState().WhiteLabelController).toEqual({
      whiteLabel: expect.objectContaining({ isActive: false, name: null, topupHide: false }),
      refused: [],
    });
  });
});

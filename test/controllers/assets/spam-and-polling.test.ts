import { createAssetPoller } from '../../../src/controllers/assets/asset-poller';
import {
  imitatesKnown,
  knownLabels,
  spamReason,
  visibleForm,
} from '../../../src/controllers/assets/spam';

describe('likely spam', () => {
  const usdc = { address: '0xa0b8', symbol: 'USDC', name: 'USD Coin' };
  const labels = knownLabels([usdc], 'ETH');

  it('folds look-alike letters, widths, case and separators to one visible form', () => {
    expect(visibleForm('USDC')).toBe('usdc');
    expect(visibleForm('ＵＳＤＣ')).toBe('usdc'); // fullwidth
    expect(visibleForm('UЅDС')).toBe('usdc'); // Cyrillic Ѕ and С
    expect(visibleForm('U.S.D\u200bC ')).toBe('usdc'); // dots, a zero-width space
    expect(visibleForm('𝐔𝐒𝐃𝐂')).toBe('usdc'); // mathematical bold
  });

  it('sees a symbol or name of a known token, or the native coin, on another contract', () => {
    expect(imitatesKnown({ address: '0xbad', symbol: 'UЅDС', name: 'x' }, labels)).toBe(true);
    expect(imitatesKnown({ address: '0xbad', symbol: 'FOO', name: 'usd coin' }, labels)).toBe(true);
    expect(imitatesKnown({ address: '0xbad', symbol: 'Ξ', name: 'E T H' }, labels)).toBe(true);
    expect(imitatesKnown({ address: '0xA0B8', symbol: 'USDC', name: 'USD Coin' }, labels)).toBe(
      false,
    );
    expect(imitatesKnown({ address: '0xbad', symbol: 'ORB', name: 'Orbit' }, labels)).toBe(false);
  });

  it('marks untrusted look-alikes and unasked worthless tokens; the user decides last', () => {
    const facts = { trusted: false, imitation: false, sent: false, hasValue: false };
    expect(spamReason(facts)).toBe('unsolicited');
    expect(spamReason({ ...facts, sent: true })).toBeUndefined();
    expect(spamReason({ ...facts, hasValue: true })).toBeUndefined();
    expect(spamReason({ ...facts, trusted: true })).toBeUndefined();
    expect(spamReason({ ...facts, sent: true, hasValue: true, imitation: true })).toBe('imitation');
    expect(spamReason({ ...facts, imitation: true, userVerdict: false })).toBeUndefined();
    expect(spamReason({ ...facts, trusted: true, userVerdict: true })).toBe('user');
  });
});

describe('when assets poll', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = (idle = { now: false }) => {
    let runs = 0;
    const poller = createAssetPoller({
      intervalMs: 60_000,
      isIdle: () => idle.now,
      refresh: async () => {
        runs += 1;
      },
    });
    return { poller, runs: () => runs };
  };

  it('runs only while wanted and unlocked: at once, then every interval', async () => {
    const { poller, runs } = setup();
    poller.setWanted(true);
    await jest.advanceTimersByTimeAsync(180_000);
    expect(runs()).toBe(0); // locked
    poller.setUnlocked(true);
    expect(runs()).toBe(1);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(runs()).toBe(3);
    poller.setUnlocked(false);
    await jest.advanceTimersByTimeAsync(600_000);
    expect(runs()).toBe(3);
    expect(poller.isPolling).toBe(false);
    poller.setUnlocked(true);
    poller.setWanted(false);
    await jest.advanceTimersByTimeAsync(600_000);
    expect(runs()).toBe(4); // the one at unlock, none after the view closed
  });

  it('skips timed runs while the user is idle; a refresh still runs, never while locked', async () => {
    const idle = { now: false };
    const { poller, runs } = setup(idle);
    poller.setUnlocked(true);
    poller.setWanted(true);
    idle.now = true;
    await jest.advanceTimersByTimeAsync(600_000);
    expect(runs()).toBe(1);
    await poller.refreshNow();
    expect(runs()).toBe(2);
    idle.now = false;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs()).toBe(3);
    poller.setUnlocked(false);
    await poller.refreshNow();
    expect(runs()).toBe(3);
  });
});

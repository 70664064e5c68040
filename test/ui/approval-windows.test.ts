/**
 * The provider frame's approval windows (src/ui/provider-frame/approval-windows.ts) over a
 * scripted background: the unlock window opens only for a request that waits for the unlock (made
 * while locked), never for one the logout refuses. Opening it at a logout made Chromium drop the
 * frame's broadcast frames meanwhile, the 4001 and `accountsChanged []` among them (issue #14).
 */
import type { StatePatch } from '../../src/background/contract/protocol';
import type { UiState } from '../../src/background/contract/ui-state';
import {
  startApprovalWindows,
  type ApprovalWindows,
} from '../../src/ui/provider-frame/approval-windows';
import {
  FakeBackground,
  flushMessages,
  lockedState,
  SAMPLE_ADDRESS,
  signedInState,
} from './fake-background';

const DAPP = 'http://127.0.0.1:4100';
const WALLET = 'http://127.0.0.1:4200/';

/** The windows the frame opened, by URL; each can be closed. */
let opened: Array<{ url: URL; closed: boolean; close(): void }>;
const unlockWindows = () => opened.filter(({ url }) => url.searchParams.has('unlock'));

const saved = {
  window: Object.getOwnPropertyDescriptor(globalThis, 'window'),
  location: Object.getOwnPropertyDescriptor(globalThis, 'location'),
  navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator'),
};

beforeEach(() => {
  opened = [];
  const open = (url: string) => {
    const entry = {
      url: new URL(url),
      closed: false,
      close() {
        entry.closed = true;
      },
    };
    opened.push(entry);
    return entry;
  };
  Object.defineProperty(globalThis, 'window', { value: { open }, configurable: true });
  Object.defineProperty(globalThis, 'location', { value: { search: '' }, configurable: true });
  // The confirm windows' turn never comes here: these tests are about the unlock window.
  Object.defineProperty(globalThis, 'navigator', {
    value: { locks: { request: () => new Promise(() => undefined) } },
    configurable: true,
  });
});

afterEach(() => {
  for (const [name, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

/** The lock as the engine's patches show it (KeyringController.setLocked). */
const LOCK: StatePatch[] = [
  { op: 'replace', path: ['KeyringController', 'isUnlocked'], value: false },
  { op: 'replace', path: ['KeyringController', 'accounts'], value: [] },
];
const UNLOCK: StatePatch[] = [
  { op: 'replace', path: ['KeyringController', 'isUnlocked'], value: true },
  {
    op: 'replace',
    path: ['KeyringController', 'accounts'],
    value: [{ address: SAMPLE_ADDRESS, accountType: 'imported' }],
  },
];

function withSignatureApproval(state: UiState): UiState {
  state.ApprovalController = {
    pendingApprovals: {
      sig: {
        id: 'sig',
        origin: DAPP,
        type: 'personal_sign',
        time: 1,
        requestData: {},
      } as unknown as UiState['ApprovalController']['pendingApprovals'][string],
    },
    pendingApprovalCount: 1,
    dappMetadata: {},
  };
  return state;
}

describe('the provider frame asks to unlock only for requests that wait for it', () => {
  let background: FakeBackground;
  let windows: ApprovalWindows;

  beforeEach(() => {
    background = new FakeBackground();
    windows = startApprovalWindows({
      origin: DAPP,
      viewPort: background.viewPort,
      baseUrl: WALLET,
    });
  });
  afterEach(() => windows.close());

  it('a signature waiting for approval at logout: refused, and no unlock window opens', async () => {
    let refuse!: (error: Error) => void;
    const signing = windows.track(
      'personal_sign',
      new Promise((_resolve, reject) => (refuse = reject)),
    );
    await flushMessages();
    background.snapshot(1, withSignatureApproval(signedInState()));
    await flushMessages();

    // Logout: the lock comes first, the refusal of the approval in the next batch, the 4001
    // later still (the frame's request is in flight all the while).
    background.patches(2, LOCK);
    await flushMessages();
    background.patches(3, [
      { op: 'replace', path: ['ApprovalController', 'pendingApprovals'], value: {} },
    ]);
    await flushMessages();
    expect(unlockWindows()).toEqual([]);

    refuse(Object.assign(new Error('User denied message signature.'), { code: 4001 }));
    await expect(signing).rejects.toMatchObject({ code: 4001 });
    await flushMessages();
    expect(unlockWindows()).toEqual([]);
    // The mirror is released once nothing is in flight.
    expect(background.typesReceived().at(-1)).toBe('unsubscribe');
  });

  it('a connect made while locked opens the unlock window, which closes at the unlock', async () => {
    let answer!: (accounts: string[]) => void;
    const connecting = windows.track(
      'eth_requestAccounts',
      new Promise<string[]>((resolve) => (answer = resolve)),
    );
    await flushMessages();
    background.snapshot(1, lockedState());
    await flushMessages();
    expect(unlockWindows()).toHaveLength(1);
    const [unlock] = unlockWindows();
    expect(unlock!.url.pathname).toBe('/confirm');
    expect(unlock!.url.searchParams.get('origin')).toBe(DAPP);

    background.patches(2, UNLOCK);
    await flushMessages();
    expect(unlock!.closed).toBe(true);
    answer([SAMPLE_ADDRESS]);
    await expect(connecting).resolves.toEqual([SAMPLE_ADDRESS]);
  });

  it('closes the unlock window when the request waiting for it settles without the unlock', async () => {
    let refuse!: (error: Error) => void;
    const connecting = windows.track(
      'eth_requestAccounts',
      new Promise((_resolve, reject) => (refuse = reject)),
    );
    await flushMessages();
    background.snapshot(1, lockedState());
    await flushMessages();
    expect(unlockWindows()).toHaveLength(1);
    refuse(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    await expect(connecting).rejects.toMatchObject({ code: 4001 });
    expect(unlockWindows()[0]!.closed).toBe(true);
  });

  it('once unlocked, a request made while locked does not ask again at a later logout', async () => {
    const connecting = windows.track('eth_requestAccounts', new Promise(() => undefined));
    void connecting;
    await flushMessages();
    background.snapshot(1, lockedState());
    await flushMessages();
    background.patches(2, UNLOCK);
    await flushMessages();
    background.patches(3, LOCK);
    await flushMessages();
    expect(unlockWindows()).toHaveLength(1);
    expect(unlockWindows()[0]!.closed).toBe(true);
  });

  it('a request made after the mirror shows a lock waits for the unlock and asks for it', async () => {
    windows.track('personal_sign', new Promise(() => undefined));
    await flushMessages();
    background.snapshot(1, signedInState());
    await flushMessages();
    background.patches(2, LOCK);
    await flushMessages();
    expect(unlockWindows()).toEqual([]);

    windows.track('eth_requestAccounts', new Promise(() => undefined));
    background.patches(3, [
      { op: 'replace', path: ['PreferencesController', 'locale'], value: 'de' },
    ]);
    await flushMessages();
    expect(unlockWindows()).toHaveLength(1);
  });
});
